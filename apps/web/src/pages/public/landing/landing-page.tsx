import { LANGUAGES, type Language } from '@usluge/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { toggleThemeMode, useThemeMode } from '../../../theme/theme-mode.ts';
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
import './landing.css';

/**
 * The public landing page (SPEC.md section 1). Plain React and CSS, and no router: it is the first
 * thing a visitor loads, so it carries no MUI, no router and no admin code. Its links are plain.
 */
export function LandingPage() {
  const { t } = useTranslation();

  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('landing.hero.title')}`;
  }, [t]);

  return (
    <div className="landing" id="top">
      <LandingHeader />
      <main>
        <section className="landing-hero" aria-labelledby="hero-title">
          <div className="landing-container landing-hero__inner">
            <h1 id="hero-title">{t('landing.hero.title')}</h1>
            <p className="landing-hero__subtitle">{t('landing.hero.subtitle')}</p>
            <div className="landing-hero__actions">
              <a className="landing-button landing-button--primary" href="#application">
                {t('landing.hero.download')}
              </a>
              <a className="landing-button landing-button--ghost" href="#how-it-works">
                {t('landing.hero.learnMore')}
              </a>
            </div>
            <ul className="landing-benefits" aria-label={t('landing.benefits.label')}>
              {BENEFITS.map((benefit) => (
                <li key={benefit.id} className="landing-benefit">
                  <span className="landing-benefit__icon">
                    <LandingIcon name={benefit.icon} />
                  </span>
                  <strong>{t(`landing.benefits.${benefit.id}.title`)}</strong>
                  <span>{t(`landing.benefits.${benefit.id}.text`)}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="how-it-works" className="landing-section" aria-labelledby="how-it-works-title">
          <div className="landing-container">
            <h2 id="how-it-works-title">{t('landing.howItWorks.title')}</h2>
            <ol className="landing-steps">
              {STEPS.map((step, index) => (
                <li key={step} className="landing-card landing-step">
                  <span className="landing-step__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="visually-hidden">
                    {t('landing.howItWorks.stepLabel', { n: index + 1 })}
                  </span>
                  <h3>{t(`landing.howItWorks.${step}.title`)}</h3>
                  <p>{t(`landing.howItWorks.${step}.text`)}</p>
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
            <h2 id="categories-title">{t('landing.categories.title')}</h2>
            <ul className="landing-categories">
              {CATEGORIES.map((category) => (
                <li key={category.id} className="landing-card landing-category">
                  <span className="landing-category__icon">
                    <LandingIcon name={category.icon} size={28} />
                  </span>
                  <h3>{t(`landing.categories.${category.id}.title`)}</h3>
                  <p>{t(`landing.categories.${category.id}.text`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="application" className="landing-section" aria-labelledby="application-title">
          <div className="landing-container landing-application">
            <div>
              <h2 id="application-title">{t('landing.application.title')}</h2>
              <p>{t('landing.application.text')}</p>
            </div>
            <ul className="landing-stores">
              {APP_STORES.map((store) => (
                <li key={store.id}>
                  <a className="landing-store" href={store.href} target="_blank" rel="noopener noreferrer">
                    <LandingIcon name={store.icon} size={28} />
                    <span>
                      <small>{t('landing.application.getItOn')}</small>
                      <strong>{t(store.nameKey)}</strong>
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
            <h2 id="faq-title">{t('landing.faq.title')}</h2>
            <div className="landing-faq">
              {FAQ.map((id) => (
                <FaqItem
                  key={id}
                  question={t(`landing.faq.${id}.question`)}
                  answer={t(`landing.faq.${id}.answer`)}
                />
              ))}
            </div>
          </div>
        </section>
      </main>
      <LandingFooter />
    </div>
  );
}

function LandingHeader() {
  const { t } = useTranslation();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const close = () => setMenuOpen(false);

  return (
    <header className="landing-header">
      <div className="landing-container landing-header__inner">
        <a className="landing-logo" href="#top">
          <span className="landing-logo__mark" aria-hidden="true">
            U
          </span>
          {t('common.appName')}
        </a>
        <button
          type="button"
          className="landing-menu-toggle"
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          aria-label={isMenuOpen ? t('landing.nav.closeMenu') : t('landing.nav.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <LandingIcon name={isMenuOpen ? 'close' : 'menu'} />
        </button>
        <nav
          id={menuId}
          className={isMenuOpen ? 'landing-nav landing-nav--open' : 'landing-nav'}
          aria-label={t('landing.nav.label')}
        >
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.anchor}>
                <a href={`#${item.anchor}`} onClick={close}>
                  {t(item.labelKey)}
                </a>
              </li>
            ))}
          </ul>
          <div className="landing-nav__tools">
            <LandingLanguageSwitch />
            <LandingThemeToggle />
          </div>
        </nav>
      </div>
    </header>
  );
}

function LandingLanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <fieldset className="landing-language">
      <legend className="visually-hidden">{t('common.language')}</legend>
      {LANGUAGES.map((code: Language) => (
        <button
          key={code}
          type="button"
          aria-pressed={i18n.language === code}
          aria-label={t(`common.languages.${code}`)}
          onClick={() => void changeLanguage(code)}
        >
          {code.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}

function LandingThemeToggle() {
  const { t } = useTranslation();
  const mode = useThemeMode();
  const label = mode === 'dark' ? t('common.switchToLight') : t('common.switchToDark');
  return (
    <button
      type="button"
      className="landing-icon-button"
      aria-label={label}
      title={label}
      onClick={toggleThemeMode}
    >
      <LandingIcon name={mode === 'dark' ? 'sun' : 'moon'} size={20} />
    </button>
  );
}

function FaqItem({ question, answer }: { question: string; answer: string }) {
  const [isOpen, setOpen] = useState(false);
  const answerId = useId();
  return (
    <div className={isOpen ? 'landing-faq__item landing-faq__item--open' : 'landing-faq__item'}>
      <h3>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={answerId}
          onClick={() => setOpen((o) => !o)}
        >
          <span>{question}</span>
          <LandingIcon name="expand" />
        </button>
      </h3>
      <div id={answerId} className="landing-faq__answer" hidden={!isOpen}>
        <p>{answer}</p>
      </div>
    </div>
  );
}

function LandingFooter() {
  const { t } = useTranslation();
  return (
    <footer id="contact" className="landing-footer">
      <div className="landing-container landing-footer__inner">
        <div>
          <h2 id="contact-title">{t('landing.footer.contactTitle')}</h2>
          <ul className="landing-contact">
            <li>
              <a href={`mailto:${CONTACT.mail}`}>
                <LandingIcon name="mail" size={20} />
                <span>
                  <small>{t('landing.footer.mail')}</small> {CONTACT.mail}
                </span>
              </a>
            </li>
            <li>
              <a href={CONTACT.phoneHref}>
                <LandingIcon name="phone" size={20} />
                <span>
                  <small>{t('landing.footer.phone')}</small> {CONTACT.phone}
                </span>
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2>{t('landing.footer.socialTitle')}</h2>
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
        <span>{t('landing.footer.rights', { year: new Date().getFullYear() })}</span>
        <a href="/login">{t('landing.nav.staffLogin')}</a>
      </div>
    </footer>
  );
}
