import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { en } from '../../../i18n/en.ts';
import { me } from '../../../i18n/me.ts';
import { resetThemeMode } from '../../../theme/theme-mode.ts';
import { enhanceLanding } from './landing-behaviour.ts';
import { prerenderLanding } from './landing-prerender.tsx';

/** index.html as a visitor gets it: the page the build rendered, then its script. */
function openLandingDocument(): () => void {
  document.body.innerHTML = `<div id="root">${prerenderLanding().html}</div>`;
  return enhanceLanding(document.querySelector<HTMLElement>('.landing') as HTMLElement);
}

let cleanup: (() => void) | undefined;
beforeEach(() => {
  document.title = '';
  document.documentElement.lang = 'sr-Latn-ME';
  resetThemeMode();
});
afterEach(() => {
  cleanup?.();
  document.body.innerHTML = '';
});

describe('the pre-rendered landing page', () => {
  it('holds every text before any script runs: in Montenegrin, the FAQ answers included', () => {
    const { html, title } = prerenderLanding();
    expect(title).toBe(`Usluge · ${me.landing.hero.title}`);
    for (const item of Object.values(me.landing.faq)) {
      if (typeof item === 'string') continue;
      expect(html).toContain(item.question);
      expect(html).toContain(item.answer);
    }
    expect(html).toContain(me.landing.howItWorks.third.text);
    expect(html).not.toContain(en.landing.hero.title);
  });

  it('shows the FAQ answers and the phone menu once its script runs', async () => {
    cleanup = openLandingDocument();
    const user = userEvent.setup();
    const question = screen.getByRole('button', { name: me.landing.faq.reviews.question });
    const answer = screen.getByText(me.landing.faq.reviews.answer);
    expect(answer).not.toBeVisible();
    await user.click(question);
    expect(answer).toBeVisible();
    expect(question).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Otvori meni' }));
    const nav = screen.getByRole('navigation', { name: me.landing.nav.label });
    expect(nav).toHaveClass('landing-nav--open');
    await user.click(within(nav).getByRole('link', { name: me.landing.nav.contact }));
    expect(nav).not.toHaveClass('landing-nav--open');
    expect(screen.getByRole('button', { name: 'Otvori meni' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows itself in the remembered language, with this year in the footer', () => {
    window.localStorage.setItem('language', 'en');
    cleanup = openLandingDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.landing.hero.title);
    expect(screen.getByRole('button', { name: en.landing.faq.free.question })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: en.landing.nav.label })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.landing.nav.openMenu })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN English' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByText(`© ${new Date().getFullYear()} Usluge. All rights reserved.`),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 2')).toBeInTheDocument();
    expect(document.title).toBe(`Usluge · ${en.landing.hero.title}`);
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches language and back, and remembers the choice', async () => {
    cleanup = openLandingDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'EN English' }));
    expect(screen.getByRole('heading', { level: 2, name: en.landing.faq.title })).toBeInTheDocument();
    expect(window.localStorage.getItem('language')).toBe('en');
    await user.click(screen.getByRole('button', { name: 'ME Crnogorski' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(me.landing.hero.title);
    expect(screen.getByRole('button', { name: 'ME Crnogorski' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('sr-Latn-ME');
  });

  it('names the theme switch after the remembered theme, and toggles it', async () => {
    window.localStorage.setItem('theme-mode', 'dark');
    resetThemeMode();
    cleanup = openLandingDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: me.common.switchToLight }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(window.localStorage.getItem('theme-mode')).toBe('light');
    expect(screen.getByRole('button', { name: me.common.switchToDark })).toHaveAttribute(
      'title',
      me.common.switchToDark,
    );
  });
});
