import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@usluge/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { me } from './me.ts';

const STORAGE_KEY = 'language';

/** BCP 47 tag for the `lang` attribute: Montenegrin in Latin script. */
const HTML_LANG: Record<Language, string> = { me: 'sr-Latn-ME', en: 'en' };

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export const i18n = i18next.createInstance();

/** Starts i18next once: `me` by default (or the remembered choice), `en` as fallback. */
export function initI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  const lng = readStoredLanguage();
  void i18n.use(initReactI18next).init({
    resources: { me: { translation: me }, en: { translation: en } },
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  document.documentElement.lang = HTML_LANG[lng];
  return i18n;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers it in this browser. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  document.documentElement.lang = HTML_LANG[language];
  await i18n.changeLanguage(language);
}
