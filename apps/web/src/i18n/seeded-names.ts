import { AD_STATUS } from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from './catalogue.ts';

/**
 * Rows the server seeds with Montenegrin names (days of the week, ad statuses) are named in the
 * interface language by their seeded id; a row added later keeps its own name.
 */
const DAY_KEYS: Record<number, TranslationKey> = {
  1: 'weekdays.monday',
  2: 'weekdays.tuesday',
  3: 'weekdays.wednesday',
  4: 'weekdays.thursday',
  5: 'weekdays.friday',
  6: 'weekdays.saturday',
  7: 'weekdays.sunday',
};

/** The seeded statuses (DESIGN.md 6). */
export const STATUS_KEYS: Record<number, TranslationKey> = {
  [AD_STATUS.awaitingApproval]: 'ads.statuses.awaitingApproval',
  [AD_STATUS.approved]: 'ads.statuses.approved',
  [AD_STATUS.rejected]: 'ads.statuses.rejected',
  [AD_STATUS.finished]: 'ads.statuses.finished',
};

/** The pickers whose seeded rows the catalogue names (`/api/<entity>/index_active`). */
const KEYS_BY_PICKER: Readonly<Record<string, Record<number, TranslationKey>>> = {
  days: DAY_KEYS,
  ad_statuses: STATUS_KEYS,
};

type NamedRow = { id: number | string; name: string };

/**
 * A picker row's name as the interface language says it: a seeded day or status from the
 * catalogue, any other row by the name the server sent.
 */
export function useSeededName(picker: string): (row: NamedRow) => string {
  const { t } = useTranslation();
  const keys = KEYS_BY_PICKER[picker];
  return (row) => {
    const key = keys?.[Number(row.id)];
    return key ? t(key) : row.name;
  };
}

/** A working day's name by its number (`day_id`), with the server's name for another day. */
export function useDayName(): (day: { day_id: number; name: string }) => string {
  const name = useSeededName('days');
  return (day) => name({ id: day.day_id, name: day.name });
}
