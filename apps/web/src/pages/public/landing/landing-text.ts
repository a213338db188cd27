import type { Language } from '@usluge/contract';
import type { Catalogue, TranslationKey } from '../../../i18n/catalogue.ts';
import { enCommon, enLanding } from '../../../i18n/en-public.ts';
import { meCommon, meLanding } from '../../../i18n/me-public.ts';

/** The part of the catalogues the landing page reads: `common` and `landing`, nothing else. */
type LandingCatalogue = Pick<Catalogue, 'common' | 'landing'>;

/** A key the landing page may use: `common.…` or `landing.…`. */
export type LandingKey = Extract<TranslationKey, `common.${string}` | `landing.${string}`>;

const CATALOGUES: Record<Language, LandingCatalogue> = {
  me: { common: meCommon, landing: meLanding },
  en: { common: enCommon, landing: enLanding },
};

export type TextValues = Record<string, string | number>;

/**
 * The landing page's `t`: a catalogue text with its {{placeholders}} filled. The page is rendered
 * with it at build time and switches language with it in the browser, without i18next (which would
 * be most of the page's script). `year` is always today's, so a page built last year says this one.
 */
export function landingText(language: Language, key: LandingKey, values: TextValues = {}): string {
  let node: unknown = CATALOGUES[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No text at ${key}`);
  const filled: TextValues = { year: new Date().getFullYear(), ...values };
  return node.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => String(filled[name] ?? placeholder));
}

/** The document title while the landing page shows. */
export function landingTitle(language: Language): string {
  return `${landingText(language, 'common.appName')} · ${landingText(language, 'landing.hero.title')}`;
}
