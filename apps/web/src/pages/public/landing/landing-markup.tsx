import { LANGUAGES, type Language, PUBLIC_PAGE_PATHS } from '@usluge/contract';
import type { Ref } from 'react';
import {
  APP_STORES,
  BENEFITS,
  CATEGORIES,
  CONTACT,
  FAQ,
  NAV_ITEMS,
  SOCIAL_LINKS,
  STEPS,
} from './landing-content.ts';
import { LandingIcon } from './landing-icons.tsx';
import { type LandingKey, landingText, type TextValues } from './landing-text.ts';

/** The element the mobile menu toggle opens (one landing page per document). */
export const MENU_ID = 'landing-menu';

type Texts = {
  /** A text the landing script re-translates in place: its key travels with it. */
  text: (key: LandingKey, values?: TextValues) => Record<string, string>;
  /** The same for an element's accessible name. */
  label: (key: LandingKey) => Record<string, string>;
};

function textsIn(language: Language): Texts {
  return {
    text: (key, values) => ({
      'data-i18n': key,
      ...(values ? { 'data-i18n-values': JSON.stringify(values) } : {}),
      children: landingText(language, key, values),
    }),
    label: (key) => ({ 'data-i18n-label': key, 'aria-label': landingText(language, key) }),
  };
}

/**
 * The public landing page (SPEC.md section 1) as plain markup: no state and no handlers. The build
 * renders it into index.html; landing-behaviour.ts makes it interactive (menu, FAQ, language,
 * theme) and translates it through the data-i18n attributes. Plain links: it carries no router.
 */
export function LandingMarkup({ language, ref }: { language: Language; ref?: Ref<HTMLDivElement> }) {
  const { text, label } = textsIn(language);
  const t = (key: LandingKey) => landingText(language, key);
  return (
    <div className="landing" id="top" ref={ref}>
      <header className="landing-header">
        <div className="landing-container landing-header__inner">
          <a className="landing-logo" href="#top">
            <span className="landing-logo__mark" aria-hidden="true">
              U
            </span>
            <span {...text('common.appName')} />
          </a>
          <button
            type="button"
            className="landing-menu-toggle"
            data-action="menu"
            aria-expanded="false"
            aria-controls={MENU_ID}
            aria-label={t('landing.nav.openMenu')}
          >
            <LandingIcon name="menu" className="landing-menu-toggle__open" />
            <LandingIcon name="close" className="landing-menu-toggle__close" />
          </button>
          <nav id={MENU_ID} className="landing-nav" {...label('landing.nav.label')}>
            <ul>
              {NAV_ITEMS.map((item) => (
                <li key={item.anchor}>
                  <a href={`#${item.anchor}`} {...text(item.labelKey)} />
                </li>
              ))}
            </ul>
            <div className="landing-nav__tools">
              <fieldset className="landing-language">
                <legend className="visually-hidden" {...text('common.language')} />
                {LANGUAGES.map((code) => (
                  <button key={code} type="button" data-language={code} aria-pressed={code === language}>
                    {/* The name a screen reader says starts with the code shown: 'ME Crnogorski'. */}
                    {code.toUpperCase()}{' '}
                    <span className="visually-hidden" {...text(`common.languages.${code}`)} />
                  </button>
                ))}
              </fieldset>
              <button
                type="button"
                className="landing-icon-button"
                data-action="theme"
                aria-label={t('common.switchToDark')}
                title={t('common.switchToDark')}
              >
                <LandingIcon name="moon" size={20} className="landing-theme-toggle__dark" />
                <LandingIcon name="sun" size={20} className="landing-theme-toggle__light" />
              </button>
            </div>
          </nav>
        </div>
      </header>

      <main>
        <section className="landing-hero" aria-labelledby="hero-title">
          <div className="landing-container landing-hero__inner">
            <h1 id="hero-title" {...text('landing.hero.title')} />
            <p className="landing-hero__subtitle" {...text('landing.hero.subtitle')} />
            <div className="landing-hero__actions">
              <a
                className="landing-button landing-button--primary"
                href="#application"
                {...text('landing.hero.download')}
              />
              <a
                className="landing-button landing-button--ghost"
                href="#how-it-works"
                {...text('landing.hero.learnMore')}
              />
            </div>
            <ul className="landing-benefits" {...label('landing.benefits.label')}>
              {BENEFITS.map((benefit) => (
                <li key={benefit.id} className="landing-benefit">
                  <span className="landing-benefit__icon">
                    <LandingIcon name={benefit.icon} />
                  </span>
                  <strong {...text(`landing.benefits.${benefit.id}.title`)} />
                  <span {...text(`landing.benefits.${benefit.id}.text`)} />
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="how-it-works" className="landing-section" aria-labelledby="how-it-works-title">
          <div className="landing-container">
            <h2 id="how-it-works-title" {...text('landing.howItWorks.title')} />
            <ol className="landing-steps">
              {STEPS.map((step, index) => (
                <li key={step} className="landing-card landing-step">
                  <span className="landing-step__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span
                    className="visually-hidden"
                    {...text('landing.howItWorks.stepLabel', { n: index + 1 })}
                  />
                  <h3 {...text(`landing.howItWorks.${step}.title`)} />
                  <p {...text(`landing.howItWorks.${step}.text`)} />
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section
          id="categories"
          className="landing-section landing-section--alt"
          aria-labelledby="categories-title"
        >
          <div className="landing-container">
            <h2 id="categories-title" {...text('landing.categories.title')} />
            <ul className="landing-categories">
              {CATEGORIES.map((category) => (
                <li key={category.id} className="landing-card landing-category">
                  <span className="landing-category__icon">
                    <LandingIcon name={category.icon} size={28} />
                  </span>
                  <h3 {...text(`landing.categories.${category.id}.title`)} />
                  <p {...text(`landing.categories.${category.id}.text`)} />
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="application" className="landing-section" aria-labelledby="application-title">
          <div className="landing-container landing-application">
            <div>
              <h2 id="application-title" {...text('landing.application.title')} />
              <p {...text('landing.application.text')} />
            </div>
            <ul className="landing-stores">
              {APP_STORES.map((store) => (
                <li key={store.id}>
                  <a className="landing-store" href={store.href} target="_blank" rel="noopener noreferrer">
                    <LandingIcon name={store.icon} size={28} />
                    <span>
                      <small {...text('landing.application.getItOn')} />
                      <strong {...text(store.nameKey)} />
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section
          id="faq-section"
          className="landing-section landing-section--alt"
          aria-labelledby="faq-title"
        >
          <div className="landing-container landing-container--narrow">
            <h2 id="faq-title" {...text('landing.faq.title')} />
            <div className="landing-faq">
              {FAQ.map((id) => (
                <div key={id} className="landing-faq__item">
                  <h3>
                    <button
                      type="button"
                      data-action="faq"
                      aria-expanded="false"
                      aria-controls={`faq-answer-${id}`}
                    >
                      <span {...text(`landing.faq.${id}.question`)} />
                      <LandingIcon name="expand" />
                    </button>
                  </h3>
                  {/* Hidden until asked; without scripts landing.css shows every answer. */}
                  <div id={`faq-answer-${id}`} className="landing-faq__answer" hidden>
                    <p {...text(`landing.faq.${id}.answer`)} />
                  </div>
                </div>
              ))}
            </div>
          </div>
        </section>
      </main>

      <footer id="contact" className="landing-footer">
        <div className="landing-container landing-footer__inner">
          <div>
            <h2 id="contact-title" {...text('landing.footer.contactTitle')} />
            <ul className="landing-contact">
              <li>
                <a href={`mailto:${CONTACT.mail}`}>
                  <LandingIcon name="mail" size={20} />
                  <span>
                    <small {...text('landing.footer.mail')} /> {CONTACT.mail}
                  </span>
                </a>
              </li>
              <li>
                <a href={CONTACT.phoneHref}>
                  <LandingIcon name="phone" size={20} />
                  <span>
                    <small {...text('landing.footer.phone')} /> {CONTACT.phone}
                  </span>
                </a>
              </li>
            </ul>
          </div>
          <div>
            <h2 {...text('landing.footer.socialTitle')} />
            <ul className="landing-social">
              {SOCIAL_LINKS.map((link) => (
                <li key={link.name}>
                  <a
                    href={link.href}
                    aria-label={link.name}
                    title={link.name}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <LandingIcon name={link.icon} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="landing-container landing-footer__bottom">
          <span {...text('landing.footer.rights')} />
          <a href={PUBLIC_PAGE_PATHS.login} {...text('landing.nav.staffLogin')} />
        </div>
      </footer>
    </div>
  );
}
