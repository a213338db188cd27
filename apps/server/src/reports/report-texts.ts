import { ACTIVE_STATUS_TEXTS, formatDateTime, type Language, TIME_ZONE_NOTES } from '@usluge/contract';

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

/** 'Generisano: 21.11.2026 07:20 (vrijeme u Crnoj Gori)' / 'Generated on: … (Montenegro time)'. */
export function generatedLine(lang: Language, at: Date): string {
  return `${REPORT_TEXTS[lang].generatedOn}: ${formatDateTime(at)} (${TIME_ZONE_NOTES[lang]})`;
}

/** is_active as the list screens word it: 'Aktivan' / 'Neaktivan'. */
export function activeStatusText(lang: Language, isActive: boolean): string {
  return ACTIVE_STATUS_TEXTS[lang][isActive ? 'active' : 'inactive'];
}

/** A number JavaScript writes as plain digits, with at most as many decimals as Intl would show. */
const PLAIN_NUMBER = /^-?\d+(\.\d{1,20})?$/;

/** Numbers as text for the page formats: the language's decimal mark, no grouping (ids stay readable). */
export function numberFormatter(lang: Language): (value: number) => string {
  const format = new Intl.NumberFormat(LOCALES[lang], { useGrouping: false, maximumFractionDigits: 20 });
  const decimalMark = format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    // The same text as Intl's for these (its shortest round trip), at a fraction of the cost.
    const plain = String(value);
    if (PLAIN_NUMBER.test(plain) && !Object.is(value, -0)) return plain.replace('.', decimalMark);
    return format.format(value);
  };
}
