import type { Language } from './validation.ts';

/** The product's home: dates are shown, and date-only filters are read, as days in Montenegro. */
export const TIME_ZONE = 'Europe/Podgorica';

/** ICU collation both databases have: letters with diacritics sort beside their base letter. */
export const TEXT_COLLATION = 'und-x-icu';

/** The words is_active reads as, on screens and in reports alike. */
export const ACTIVE_STATUS_TEXTS = {
  me: { active: 'Aktivan', inactive: 'Neaktivan' },
  en: { active: 'Active', inactive: 'Inactive' },
} as const satisfies Record<Language, { active: string; inactive: string }>;

/** The words an ad's kind (is_offer) reads as, on screens and in reports alike. */
export const OFFER_KIND_TEXTS = {
  me: { offer: 'Ponuda', demand: 'Potražnja' },
  en: { offer: 'Offer', demand: 'Demand' },
} as const satisfies Record<Language, { offer: string; demand: string }>;

/** Said where times are shown, so nobody reads them in their own zone. */
export const TIME_ZONE_NOTES = {
  me: 'vrijeme u Crnoj Gori',
  en: 'Montenegro time',
} as const satisfies Record<Language, string>;

// One formatter for every value: making one per value costs time and memory (a report may hold a
// million dates). Only its parts are used, so the locale does not matter.
const ZONED_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function zonedParts(at: Date): Record<'day' | 'month' | 'year' | 'hour' | 'minute', string> {
  const parts = { day: '', month: '', year: '', hour: '', minute: '' };
  for (const part of ZONED_PARTS.formatToParts(at)) {
    if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  }
  parts.year = parts.year.padStart(4, '0');
  return parts;
}

/**
 * A moment as the product shows it everywhere, in both languages: Montenegro's day and 24-hour
 * time, 'dd.mm.yyyy HH:mm' ('21.11.2026 07:20'), whatever the zone of the browser or server.
 */
export function formatDateTime(at: Date): string {
  const { day, month, year, hour, minute } = zonedParts(at);
  return `${day}.${month}.${year} ${hour}:${minute}`;
}
