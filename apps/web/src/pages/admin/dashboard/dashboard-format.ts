import { AD_STATUS, AREA_PATHS, type Dashboard, formatDateTime, ROLE } from '@usluge/contract';

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

const DAY_MS = 24 * 3600 * 1000;

/** Montenegro's day of a moment as the list filters read it: 'dd.mm.yyyy'. */
function filterDay(at: Date): string {
  return formatDateTime(at).slice(0, 10);
}

/** A list screen's address with its filters as the screen reads them (`?f.<key>=…`). */
function listLink(path: string, filters: Readonly<Record<string, string>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) params.set(`f.${key}`, value);
  return `${path}?${params}`;
}

/**
 * Where each card leads: the list of what it counts, filtered to it. The week's decisions: the ads
 * in that status changed since the day 7 days ago; the new members: the members; the credit sales:
 * the ledger of this month (all on Montenegro's days, as the lists filter).
 */
export function dashboardLinks(now: Date) {
  const weekAgo = filterDay(new Date(now.getTime() - 7 * DAY_MS));
  const monthStart = `01${filterDay(now).slice(2)}`;
  return {
    adsWaiting: AREA_PATHS.adsOnApproval,
    approved: listLink(AREA_PATHS.ads, { status: String(AD_STATUS.approved), updated_at: `${weekAgo}~` }),
    rejected: listLink(AREA_PATHS.ads, { status: String(AD_STATUS.rejected), updated_at: `${weekAgo}~` }),
    newMembers: listLink(AREA_PATHS.users, { roles: String(ROLE.member) }),
    creditsSold: listLink(AREA_PATHS.reports, { updated_at: `${monthStart}~` }),
  };
}
