import { AD_PHOTOS_MAX, type AdDetails, adFormSchema, formatMoney, type Shift } from '@usluge/contract';
import { z } from 'zod';
import { imageFileProblem } from '../../../../components/form/image-input.tsx';
import { currentLanguage } from '../../../../i18n/i18n.ts';

/** A photo of the form: one the ad already has (kept on save), or a file chosen now. */
export type PhotoItem =
  | { kind: 'kept'; id: number; url: string }
  | { kind: 'new'; key: string; file: File; url: string };

export type PlaceValue = { os_country_id: number | ''; cities: number[] };
export type AdDayValue = { day_id: number; is_active: boolean; times: Shift[] };

/** What the form holds while it is edited (text fields as typed, ids as chosen). */
export type AdFormValues = {
  title: string;
  description: string;
  is_offer: boolean;
  services: number[];
  posted_by_user_id: number | '';
  currency_id: number | '';
  price_from: number | string;
  price_to: number | string;
  allCountries: boolean;
  allWorkingDays: boolean;
  places: PlaceValue[];
  ad_days: AdDayValue[];
  photos: PhotoItem[];
};

/**
 * The contract's ad form, with the places and days a toggle hides left out (they stay in the form,
 * so switching back brings them again, but neither block nor reach the save), and the photos.
 */
export const adFormValuesSchema = z
  .preprocess((input) => {
    const values = input as AdFormValues;
    return {
      ...values,
      places: values.allCountries ? [] : values.places,
      ad_days: values.allWorkingDays ? [] : values.ad_days,
      kept_photos: values.photos.flatMap((photo) => (photo.kind === 'kept' ? [photo.id] : [])),
    };
  }, adFormSchema)
  .and(z.object({ photos: z.array(z.custom<PhotoItem>()).max(AD_PHOTOS_MAX) }));

export type AdFormOutput = z.output<typeof adFormValuesSchema>;

/** A new ad: offered, everywhere, every day, waiting for the rest. */
export const EMPTY_AD_VALUES: AdFormValues = {
  title: '',
  description: '',
  is_offer: true,
  services: [],
  posted_by_user_id: '',
  currency_id: '',
  price_from: '',
  price_to: '',
  allCountries: true,
  allWorkingDays: true,
  places: [],
  ad_days: [],
  photos: [],
};

/** The saved ad as form values, exactly: saving them unchanged changes nothing. */
export function valuesFromDetails(ad: AdDetails): AdFormValues {
  return {
    title: ad.title,
    description: ad.description ?? '',
    is_offer: ad.is_offer,
    services: ad.services.map((service) => service.id),
    posted_by_user_id: ad.posted_by_user_id,
    currency_id: ad.currency.id,
    // Money as it is written, with 2 decimals (SPEC.md 9), in the interface language's marks.
    price_from: formatMoney(ad.price_from, null, currentLanguage()),
    price_to: ad.price_to === null ? '' : formatMoney(ad.price_to, null, currentLanguage()),
    allCountries: ad.all_countries,
    allWorkingDays: ad.all_working_days,
    places: ad.places.map((place) => ({
      os_country_id: place.os_country_id,
      cities: place.cities.map((city) => city.id),
    })),
    ad_days: ad.ad_days.map((day) => ({
      day_id: day.day_id,
      is_active: day.is_active,
      times: day.times.map((time) => ({ start_at: time.start_at, stop_at: time.stop_at })),
    })),
    photos: ad.photos.map((photo) => ({ kind: 'kept', id: photo.id, url: photo.photo_url })),
  };
}

/**
 * The multipart body of `/api/jobs/store` and `/update/{id}`: lists as JSON text, the new photos as
 * `photos[i]` in their order after the kept ones (`kept_photos`, in order, on update).
 */
export function adFormBody(values: AdFormOutput, isEditing: boolean): FormData {
  const body = new FormData();
  body.set('title', values.title);
  body.set('description', values.description ?? '');
  body.set('is_offer', String(values.is_offer));
  body.set('services', JSON.stringify(values.services));
  body.set('posted_by_user_id', String(values.posted_by_user_id));
  body.set('currency_id', String(values.currency_id));
  body.set('price_from', String(values.price_from));
  // SPEC.md 5: a price to of zero (none) is sent as empty.
  body.set('price_to', values.price_to === null ? '' : String(values.price_to));
  body.set('allCountries', String(values.allCountries));
  body.set('allWorkingDays', String(values.allWorkingDays));
  body.set('places', JSON.stringify(values.places));
  body.set('ad_days', JSON.stringify(values.ad_days));
  if (isEditing) body.set('kept_photos', JSON.stringify(values.kept_photos));
  values.photos
    .flatMap((photo) => (photo.kind === 'new' ? [photo.file] : []))
    .forEach((file, index) => {
      body.set(`photos[${index}]`, file, file.name);
    });
  return body;
}

/**
 * The server keeps the kept photos first, then the new ones: a move that would put a new photo
 * before a kept one is not offered, so the order shown is the order saved.
 */
export function canSwapPhotos(photos: readonly PhotoItem[], left: number): boolean {
  const first = photos[left];
  const second = photos[left + 1];
  return first !== undefined && second !== undefined && first.kind === second.kind;
}

/** Every field path the form shows an error under, so such a 422 opens no 'Greška' dialog. */
export function shownFieldPaths(values: AdFormValues): string[] {
  const paths = [
    'title',
    'description',
    'is_offer',
    'services',
    'posted_by_user_id',
    'currency_id',
    'price_from',
    'price_to',
    'allCountries',
    'allWorkingDays',
    'places',
    'ad_days',
    'photos',
    'kept_photos',
  ];
  values.places.forEach((_, index) => {
    paths.push(`places.${index}.os_country_id`, `places.${index}.cities`);
  });
  values.ad_days.forEach((day, dayIndex) => {
    paths.push(`ad_days.${dayIndex}.day_id`);
    day.times.forEach((_, timeIndex) => {
      paths.push(
        `ad_days.${dayIndex}.times.${timeIndex}.start_at`,
        `ad_days.${dayIndex}.times.${timeIndex}.stop_at`,
      );
    });
  });
  return paths;
}

export type PhotoRejection = 'type' | 'size' | 'count';

/**
 * Splits picked files into those accepted (within the count left) and why others were refused:
 * png or jpeg of 2 MB at most, as every image field checks them (SPEC.md 5, 9).
 */
export function acceptPhotos(
  files: readonly File[],
  countNow: number,
): { accepted: File[]; rejections: PhotoRejection[] } {
  const accepted: File[] = [];
  const rejections = new Set<PhotoRejection>();
  for (const file of files) {
    const problem = imageFileProblem(file);
    if (problem) rejections.add(problem === 'form.imageType' ? 'type' : 'size');
    else if (countNow + accepted.length >= AD_PHOTOS_MAX) rejections.add('count');
    else accepted.push(file);
  }
  return { accepted, rejections: [...rejections] };
}
