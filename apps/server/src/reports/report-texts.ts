import { type Language, TIME_ZONE } from '@usluge/contract';

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

// One formatter per language: creating one per cell costs time and a lot of memory.
const DATE_TIME_FORMATS: Record<Language, Intl.DateTimeFormat> = {
  me: dateTimeFormat('me'),
  en: dateTimeFormat('en'),
};

function dateTimeFormat(lang: Language): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}

/** A date and time as a report shows it: '21.11.2026. 07:20' / '21/11/2026, 07:20'. */
export function formatDateTime(lang: Language, at: Date): string {
  return DATE_TIME_FORMATS[lang].format(at);
}

/** 'Generisano: 21.11.2026. 07:20' / 'Generated on: 21/11/2026, 07:20'. */
export function generatedLine(lang: Language, at: Date): string {
  return `${REPORT_TEXTS[lang].generatedOn}: ${formatDateTime(lang, at)}`;
}

/** Numbers as text for the page formats: the language's decimal mark, no grouping (ids stay readable). */
export function numberFormatter(lang: Language): (value: number) => string {
  const format = new Intl.NumberFormat(LOCALES[lang], { useGrouping: false, maximumFractionDigits: 20 });
  return (value) => (Number.isFinite(value) ? format.format(value) : String(value));
}
