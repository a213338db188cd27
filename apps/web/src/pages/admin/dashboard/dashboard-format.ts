import type { Dashboard } from '@usluge/contract';

export type MembersDay = Dashboard['new_members_per_day'][number];

/** The API's day, 'YYYY-MM-DD' (already a day in Montenegro), as 'dd.mm.' for the chart's axis. */
export function shortDay(day: string): string {
  const [, month = '', date = ''] = day.split('-');
  return `${date}.${month}.`;
}

/** The API's day as the product writes dates everywhere: 'dd.mm.yyyy'. */
export function fullDay(day: string): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** Members of the whole period and of its busiest day: the chart's summary in words. */
export function membersTotals(days: readonly MembersDay[]): { total: number; max: number } {
  let total = 0;
  let max = 0;
  for (const { count } of days) {
    total += count;
    max = Math.max(max, count);
  }
  return { total, max };
}

/** Numbers follow the interface language, as the lists do. */
export function numberLocale(language: string): string {
  return language === 'en' ? 'en' : 'sr-Latn-ME';
}

