import { z } from 'zod';

const idName = z.object({ id: z.number().int(), name: z.string() });

/**
 * An ad's content as a revision keeps it (issue 19): what a moderator approves, with names beside
 * ids (services, countries and cities, days, the currency) so that a diff reads without joins to
 * rows that may have changed or gone since. Lists are in a fixed order, so equal content is equal.
 */
export const adRevisionContentSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  is_offer: z.boolean(),
  currency: idName.nullable(),
  price_from: z.number(),
  price_to: z.number().nullable(),
  all_countries: z.boolean(),
  all_working_days: z.boolean(),
  services: z.array(idName),
  places: z.array(idName.extend({ cities: z.array(idName) })),
  days: z.array(idName.extend({ is_active: z.boolean(), times: z.array(z.string()) })),
  /** Photo URLs in the ad's order. */
  photos: z.array(z.string()),
});
export type AdRevisionContent = z.infer<typeof adRevisionContentSchema>;

/** The fields a diff may name, in the order a moderator reads them. */
export const AD_REVISION_FIELDS = [
  'title',
  'description',
  'is_offer',
  'currency',
  'price_from',
  'price_to',
  'services',
  'all_countries',
  'places',
  'all_working_days',
  'days',
] as const;
export type AdRevisionField = (typeof AD_REVISION_FIELDS)[number];

/**
 * One side of a changed field, readable as it is: a text, a price, a flag, or for lists (services,
 * places with their cities, days with their shifts) one readable line per item, so that the web
 * shows what was added and removed.
 */
export const adRevisionValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string()),
]);
export type AdRevisionValue = z.infer<typeof adRevisionValueSchema>;

export const adRevisionChangeSchema = z.object({
  before: adRevisionValueSchema,
  after: adRevisionValueSchema,
});
export type AdRevisionChange = z.infer<typeof adRevisionChangeSchema>;

/**
 * `GET /api/jobs/revision-diff/{id}`: what changed since the ad's last approved revision, by field,
 * and the photos added and removed (URLs). Empty when the ad was never approved or nothing changed.
 */
export const adRevisionDiffSchema = z.object({
  changed: z.partialRecord(z.enum(AD_REVISION_FIELDS), adRevisionChangeSchema),
  photos: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }),
});
export type AdRevisionDiff = z.infer<typeof adRevisionDiffSchema>;

/** Whether a diff says anything. */
export function isRevisionDiffEmpty(diff: AdRevisionDiff): boolean {
  return (
    Object.keys(diff.changed).length === 0 &&
    diff.photos.added.length === 0 &&
    diff.photos.removed.length === 0
  );
}

/** A list item as one readable line. */
const placeLine = (place: AdRevisionContent['places'][number]) =>
  place.cities.length === 0 ? place.name : `${place.name}: ${place.cities.map((c) => c.name).join(', ')}`;
const dayLine = (day: AdRevisionContent['days'][number]) =>
  `${day.name}: ${day.is_active && day.times.length > 0 ? day.times.join(', ') : '—'}`;

function readable(content: AdRevisionContent, field: AdRevisionField): AdRevisionValue {
  switch (field) {
    case 'currency':
      return content.currency?.name ?? null;
    case 'services':
      return content.services.map((service) => service.name);
    case 'places':
      return content.places.map(placeLine);
    case 'days':
      return content.days.map(dayLine);
    default:
      return content[field];
  }
}

/** The diff between two contents (before: the last approved revision; after: the latest). */
export function diffAdRevisions(before: AdRevisionContent, after: AdRevisionContent): AdRevisionDiff {
  const changed: AdRevisionDiff['changed'] = {};
  for (const field of AD_REVISION_FIELDS) {
    const was = readable(before, field);
    const is = readable(after, field);
    if (JSON.stringify(was) !== JSON.stringify(is)) changed[field] = { before: was, after: is };
  }
  return {
    changed,
    photos: {
      added: after.photos.filter((url) => !before.photos.includes(url)),
      removed: before.photos.filter((url) => !after.photos.includes(url)),
    },
  };
}

export const EMPTY_REVISION_DIFF: AdRevisionDiff = { changed: {}, photos: { added: [], removed: [] } };
