import type { Language } from '@usluge/contract';
import {
  applyDocumentLanguage,
  isLanguage,
  readStoredLanguage,
  rememberLanguage,
} from '../../../i18n/language-preference.ts';
import { getThemeMode, toggleThemeMode } from '../../../theme/theme-mode.ts';
import { type LandingKey, landingText, landingTitle, type TextValues } from './landing-text.ts';

export type LandingOptions = {
  /** Told after the visitor switched language (the app passes it on to i18next). */
  onLanguageChange?: (language: Language) => void;
};

/**
 * Makes the landing markup (landing-markup.tsx) interactive: the mobile menu (Escape closes it), the FAQ answers, the
 * language and theme switches. Plain DOM, one click listener, so the page needs no framework in the
 * browser. Shows the texts in the visitor's remembered language. Returns the cleanup.
 */
export function enhanceLanding(root: HTMLElement, { onLanguageChange }: LandingOptions = {}): () => void {
  let language = readStoredLanguage();
  const t = (key: LandingKey) => landingText(language, key);
  const menuToggle = root.querySelector<HTMLButtonElement>('[data-action="menu"]');
  const themeToggle = root.querySelector<HTMLButtonElement>('[data-action="theme"]');

  function showMenu(isOpen: boolean): void {
    if (!menuToggle) return;
    menuToggle.setAttribute('aria-expanded', String(isOpen));
    menuToggle.setAttribute('aria-label', t(isOpen ? 'landing.nav.closeMenu' : 'landing.nav.openMenu'));
    document
      .getElementById(menuToggle.getAttribute('aria-controls') ?? '')
      ?.classList.toggle('landing-nav--open', isOpen);
  }

  function showThemeToggle(): void {
    const label = t(getThemeMode() === 'dark' ? 'common.switchToLight' : 'common.switchToDark');
    themeToggle?.setAttribute('aria-label', label);
    themeToggle?.setAttribute('title', label);
  }

  function showLanguage(): void {
    for (const element of root.querySelectorAll<HTMLElement>('[data-i18n]')) {
      const values = JSON.parse(element.dataset.i18nValues ?? '{}') as TextValues;
      element.textContent = landingText(language, element.dataset.i18n as LandingKey, values);
    }
    for (const element of root.querySelectorAll<HTMLElement>('[data-i18n-label]')) {
      element.setAttribute('aria-label', t(element.dataset.i18nLabel as LandingKey));
    }
    for (const button of root.querySelectorAll<HTMLElement>('[data-language]')) {
      button.setAttribute('aria-pressed', String(button.dataset.language === language));
    }
    showMenu(menuToggle?.getAttribute('aria-expanded') === 'true');
    showThemeToggle();
    document.title = landingTitle(language);
  }

  function toggleAnswer(button: HTMLElement): void {
    const isOpen = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(isOpen));
    const answer = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (answer) answer.hidden = !isOpen;
  }

  const onClick = (event: MouseEvent) => {
    const control =
      event.target instanceof Element ? event.target.closest<HTMLElement>('button, nav a') : null;
    if (!control || !root.contains(control)) return;
    const { action, language: chosen } = control.dataset;
    if (action === 'menu') showMenu(control.getAttribute('aria-expanded') !== 'true');
    else if (action === 'faq') toggleAnswer(control);
    else if (action === 'theme') {
      toggleThemeMode();
      showThemeToggle();
    } else if (isLanguage(chosen)) {
      language = chosen;
      rememberLanguage(chosen);
      showLanguage();
      onLanguageChange?.(chosen);
    } else if (control.tagName === 'A') showMenu(false);
  };

  // Escape closes the open mobile menu, as it closes any disclosure; focus goes back to its button
  // when it was in the menu, which is hidden now.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || menuToggle?.getAttribute('aria-expanded') !== 'true') return;
    const menu = document.getElementById(menuToggle.getAttribute('aria-controls') ?? '');
    const isFocusInMenu = menu?.contains(document.activeElement) ?? false;
    showMenu(false);
    if (isFocusInMenu) menuToggle.focus();
  };

  root.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeyDown);
  applyDocumentLanguage(language);
  showLanguage();
  return () => {
    root.removeEventListener('click', onClick);
    document.removeEventListener('keydown', onKeyDown);
  };
}
