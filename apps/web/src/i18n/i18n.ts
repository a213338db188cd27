import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@usluge/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import {
  applyDocumentLanguage,
  isLanguage,
  readStoredLanguage,
  rememberLanguage,
} from './language-preference.ts';
import { me } from './me.ts';

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
  applyDocumentLanguage(lng);
  return i18n;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers it in this browser. */
export async function changeLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await i18n.changeLanguage(language);
}
