import type { AdDetails } from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import { usePicker } from '../../../../api/use-picker.ts';
import type { FormField } from '../../../../components/form/form-types.ts';
import { isSameValue, type WriteConflict } from '../../../../components/form/use-write-conflict.ts';
import {
  type ConflictChange,
  fieldConflictChanges,
} from '../../../../components/form/write-conflict-notice.tsx';
import { useSeededName } from '../../../../i18n/seeded-names.ts';
import type { AdFormValues } from './ad-form-values.ts';

/** The names an ad's values refer to by id, from every version of the ad this form has read. */
function namesFrom(read: readonly AdDetails[]) {
  const services = new Map<number, string>();
  const users = new Map<number, string>();
  const countries = new Map<number, string>();
  const cities = new Map<number, string>();
  for (const ad of read) {
    for (const service of ad.services) services.set(service.id, service.name);
    users.set(ad.posted_by_user_id, ad.user_name);
    for (const place of ad.places) {
      countries.set(place.os_country_id, place.name);
      for (const city of place.cities) cities.set(city.id, city.name);
    }
  }
  const nameOf = (names: Map<number, string>, id: number | '') =>
    id === '' ? '' : (names.get(id) ?? `#${id}`);
  return {
    service: (id: number) => nameOf(services, id),
    user: (id: number | '') => nameOf(users, id),
    country: (id: number | '') => nameOf(countries, id),
    city: (id: number) => nameOf(cities, id),
  };
}

/**
 * A stale ad save's changes as a person reads them: the described fields (title, price …) as the
 * generic form shows them, and the ad's own parts (kind, services, poster, places, working days,
 * photos) in words. `read` holds every version of the ad this form has read (for the names).
 */
export function useAdConflictChanges(
  conflict: WriteConflict<AdFormValues> | null,
  fields: readonly FormField<AdFormValues>[],
  read: readonly AdDetails[],
): ConflictChange[] {
  const { t } = useTranslation();
  const days = usePicker('days', conflict !== null);
  const seededName = useSeededName('days');
  if (conflict === null) return [];
  const names = namesFrom(read);
  const dayName = (id: number) => {
    const day = days.data?.find((row) => Number(row.id) === id);
    return day ? seededName(day) : `#${id}`;
  };

  /** One part of the ad, compared over the form values it is made of. */
  const part = (
    key: string,
    label: string,
    keys: readonly (keyof AdFormValues)[],
    describe: (values: AdFormValues) => string,
  ): ConflictChange[] => {
    const differs = (a: AdFormValues, b: AdFormValues) => keys.some((k) => !isSameValue(a[k], b[k]));
    if (!differs(conflict.started, conflict.current)) return [];
    return [
      {
        key,
        label,
        before: describe(conflict.started) || t('form.conflict.empty'),
        after: describe(conflict.current) || t('form.conflict.empty'),
        mine: differs(conflict.started, conflict.mine)
          ? describe(conflict.mine) || t('form.conflict.empty')
          : null,
      },
    ];
  };

  return [
    ...fieldConflictChanges(fields, conflict, (field) => t(field.labelKey)),
    ...part('is_offer', t('adForm.kind'), ['is_offer'], (values) =>
      values.is_offer ? t('adForm.offer') : t('adForm.demand'),
    ),
    ...part('services', t('adForm.services'), ['services'], (values) =>
      values.services.map(names.service).join(', '),
    ),
    ...part('posted_by_user_id', t('adForm.user'), ['posted_by_user_id'], (values) =>
      names.user(values.posted_by_user_id),
    ),
    ...part('places', t('adForm.places'), ['allCountries', 'places'], (values) =>
      values.allCountries
        ? t('adForm.allCountries')
        : values.places
            .map((place) => {
              const cities = place.cities.map(names.city).join(', ');
              return cities === ''
                ? names.country(place.os_country_id)
                : `${names.country(place.os_country_id)} (${cities})`;
            })
            .join('; '),
    ),
    ...part('ad_days', t('adForm.workingDays'), ['allWorkingDays', 'ad_days'], (values) =>
      values.allWorkingDays
        ? t('adForm.allWorkingDays')
        : values.ad_days
            .filter((day) => day.is_active)
            .map((day) => {
              const shifts = day.times.map((time) => `${time.start_at}–${time.stop_at}`).join(', ');
              return shifts === '' ? dayName(day.day_id) : `${dayName(day.day_id)} ${shifts}`;
            })
            .join('; '),
    ),
    ...part('photos', t('adForm.photos'), ['photos'], (values) =>
      t('form.conflict.photoCount', { count: values.photos.length }),
    ),
  ];
}
