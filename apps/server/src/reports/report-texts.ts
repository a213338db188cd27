import type { Language } from '@usluge/contract';

/** The same zone and style the list engine uses for dates in cells. */
const TIME_ZONE = 'Europe/Podgorica';

const LOCALES: Record<Language, string> = { me: 'sr-Latn-ME', en: 'en-GB' };

/** The fixed texts a report prints around the rows. */
export const REPORT_TEXTS = {
  me: { generatedOn: 'Generisano', page: 'Strana', noData: 'Nema podataka', sheet: 'Izvještaj' },
  en: { generatedOn: 'Generated on', page: 'Page', noData: 'No data', sheet: 'Report' },
} as const satisfies Record<Language, Record<string, string>>;

/** A BCP 47 tag for document metadata. */
export function reportLocale(lang: Language): string {
  return LOCALES[lang];
}

/** 'Generisano: 21.11.2026. 07:20' / 'Generated on: 21/11/2026, 07:20'. */
export function generatedLine(lang: Language, at: Date): string {
  const when = new Intl.DateTimeFormat(LOCALES[lang], {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);
  return `${REPORT_TEXTS[lang].generatedOn}: ${when}`;
}

/** Numbers as text for the page formats: the language's decimal mark, no grouping (ids stay readable). */
export function numberFormatter(lang: Language): (value: number) => string {
  const format = new Intl.NumberFormat(LOCALES[lang], { useGrouping: false, maximumFractionDigits: 20 });
  return (value) => (Number.isFinite(value) ? format.format(value) : String(value));
}
