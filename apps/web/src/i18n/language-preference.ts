import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@usluge/contract';

const STORAGE_KEY = 'language';

/** BCP 47 tag for the `lang` attribute: Montenegrin in Latin script. */
const HTML_LANG: Record<Language, string> = { me: 'sr-Latn-ME', en: 'en' };

/**
 * The visitor's language choice, remembered in this browser. Without i18next, so that the landing
 * page, which switches its texts itself, reads and keeps the same choice as the app.
 */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Marks the document as written in this language. */
export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = HTML_LANG[language];
}

/** Remembers the choice in this browser and marks the document with it. */
export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  applyDocumentLanguage(language);
}
