import { z } from 'zod';
import { bulkResultSchema, bulkTargetShape, requireOneTarget } from './bulk-writes.ts';
import { idNameSchema, timestampSchema } from './entities.ts';
import {
  formBoolean,
  jsonTextOrValue,
  optionalText,
  positiveMoney,
  requiredIdList,
  requiredSelection,
  requiredText,
} from './fields.ts';
import { AD_STATUS, STATUSES_REQUIRING_REASON } from './ids.ts';
import { LEAD_REFUND_REASONS } from './member-leads.ts';
import { reasonIdsSchema } from './rejection-reasons.ts';
import { type Language, msg, type PlainMessageKey } from './validation.ts';
import { rowVersionSchema } from './writes.ts';

/** Shifts of a working day (SPEC.md 5): at least 5 minutes, in order, none past midnight. */
export const SHIFT_MIN_MINUTES = 5;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(:00)?$/;

export type Shift = { start_at: string; stop_at: string };
export type ShiftIssue = { index: number; field: keyof Shift; key: PlainMessageKey };

/** 'HH:MM' (24-hour) as minutes after midnight, or null when it is not such a time. */
export function minutesOf(time: string): number | null {
  const match = TIME_PATTERN.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * What is wrong with a day's shifts, each on the shift and field it concerns: a time that is not
 * HH:MM, a shift shorter than 5 minutes (or ending before it starts: nothing runs past midnight),
 * a shift that starts before the previous one ends.
 */
export function shiftIssues(shifts: readonly Shift[]): ShiftIssue[] {
  const issues: ShiftIssue[] = [];
  let previousStop: number | null = null;
  shifts.forEach((shift, index) => {
    const start = minutesOf(shift.start_at);
    const stop = minutesOf(shift.stop_at);
    if (start === null) issues.push({ index, field: 'start_at', key: 'time' });
    if (stop === null) issues.push({ index, field: 'stop_at', key: 'time' });
    if (start === null || stop === null) return;
    if (stop - start < SHIFT_MIN_MINUTES) issues.push({ index, field: 'stop_at', key: 'shift_min_gap' });
    if (previousStop !== null && start < previousStop)
      issues.push({ index, field: 'start_at', key: 'shift_overlap' });
    previousStop = Math.max(previousStop ?? 0, stop);
  });
  return issues;
}

/** 'price to' is optional (empty or 0), and otherwise above 'price from'. */
export function isPriceRangeValid(priceFrom: number, priceTo: number | null): boolean {
  return priceTo === null || priceTo === 0 || priceTo > priceFrom;
}

type AdStatusKey = keyof typeof AD_STATUS;

/**
 * The seeded statuses' names in each language (DESIGN.md 6): the web catalogue's `ads.statuses`,
 * the audit trail's status changes (screen and report), the English of a member's notice. Staff
 * keep the Montenegrin name in ad_statuses.name; a status added later has only that one.
 */
export const AD_STATUS_TEXTS = {
  me: { awaitingApproval: 'Čeka odobrenje', approved: 'Odobren', rejected: 'Odbijen', finished: 'Završen' },
  en: {
    awaitingApproval: 'Awaiting approval',
    approved: 'Approved',
    rejected: 'Rejected',
    finished: 'Finished',
  },
} as const satisfies Record<Language, Record<AdStatusKey, string>>;

const STATUS_KEY_BY_ID: ReadonlyMap<number, AdStatusKey> = new Map(
  Object.entries(AD_STATUS).map(([key, id]) => [id, key as AdStatusKey]),
);

/** A seeded status's name by its id in the language; undefined for a status added later. */
export function adStatusText(statusId: number, lang: Language): string | undefined {
  const key = STATUS_KEY_BY_ID.get(statusId);
  return key === undefined ? undefined : AD_STATUS_TEXTS[lang][key];
}

/** An ad status as chips and pickers show it. */
export const adStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  background_color: z.string(),
  is_reason_required: z.boolean(),
});
export type AdStatus = z.infer<typeof adStatusSchema>;

/** A row of the ads lists (`/ads`, `/ads-on-approval`). */
export const adRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  is_offer: z.boolean(),
  posted_by_user_id: z.number().int(),
  /** The poster's full name. */
  user_name: z.string(),
  price_from: z.number(),
  price_to: z.number().nullable(),
  currency: z.object({ id: z.number().int(), short_name: z.string(), sign: z.string().nullable() }),
  status: adStatusSchema,
  is_active: z.boolean(),
  /**
   * Contacts members paid for that are still open (unanswered, not refunded): what rejecting or
   * deactivating the ad may refund (`refund_leads`).
   */
  open_paid_leads: z.number().int().default(0),
  /** Who is reviewing the ad (their unexpired claim, POST /api/jobs/claim/{id}); null when no one. */
  claimed_by: z.string().nullable().default(null),
  /**
   * When the poster last changed the ad's content after a moderator's decision (which sent it back
   * to awaiting approval); null when they have not since it was last approved.
   */
  edited_at: timestampSchema.nullable().default(null),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type AdRow = z.input<typeof adRowSchema>;

export const adShiftSchema = z.object({ start_at: z.string(), stop_at: z.string() });

/** `GET /api/jobs/show/{id}`: everything about one ad, as the details dialog shows it. */
export const adDetailsSchema = adRowSchema.extend({
  description: z.string().nullable(),
  status_comment: z.string().nullable(),
  all_countries: z.boolean(),
  all_working_days: z.boolean(),
  services: z.array(idNameSchema),
  places: z.array(
    z.object({ os_country_id: z.number().int(), name: z.string(), cities: z.array(idNameSchema) }),
  ),
  ad_days: z.array(
    z.object({
      day_id: z.number().int(),
      name: z.string(),
      is_active: z.boolean(),
      times: z.array(adShiftSchema),
    }),
  ),
  photos: z.array(z.object({ id: z.number().int(), photo_url: z.string() })),
  status_history: z.array(
    z.object({
      from: adStatusSchema.nullable(),
      to: adStatusSchema,
      reason: z.string().nullable(),
      /** The rejection reason templates cited (issue 19); empty when none. */
      reason_ids: z.array(z.number().int()),
      /** Exactly what the poster was sent (the statement of reasons); null before issue 19. */
      statement: z.string().nullable(),
      changed_by: z.string().nullable(),
      created_at: timestampSchema,
    }),
  ),
});
export type AdDetails = z.input<typeof adDetailsSchema>;

/** `POST /api/ad_statuses/statusOrder`: where an ad in this status may go next. */
export const statusOrderRequestSchema = z.object({
  status_id: requiredSelection(),
  is_report: z.boolean().optional(),
});
export const statusOrderResponseSchema = z.object({ status_order: z.array(adStatusSchema) });

/** A moderator's decision; `from_status_id` is the status they saw, so two cannot overwrite each other. */
const statusChangeFields = {
  ad_status_id: requiredSelection(),
  status_comment: optionalText(1000),
  /** Rejection reason templates cited (issue 19); the poster is sent their texts. */
  reason_ids: reasonIdsSchema,
  from_status_id: z.coerce.number().int().positive().optional(),
  /** A rejection also refunds the ad's open paid contacts (members who paid and got no answer). */
  refund_leads: z.boolean().optional(),
};

/** A status that needs a reason is given one by a comment, or by at least one template, or both. */
function requireReason(
  form: { ad_status_id: number; status_comment: string | null; reason_ids?: readonly number[] | undefined },
  context: z.RefinementCtx,
) {
  const hasTemplate = (form.reason_ids?.length ?? 0) > 0;
  if (STATUSES_REQUIRING_REASON.includes(form.ad_status_id) && !form.status_comment && !hasTemplate) {
    context.addIssue({ code: 'custom', path: ['status_comment'], message: msg('reason_required') });
  }
}

/** `PUT /api/jobs/changeStatus/{id}`; with `updated_at`, only if the ad is still the one the moderator saw. */
export const statusChangeSchema = z
  .object({ ...statusChangeFields, updated_at: rowVersionSchema.optional() })
  .superRefine(requireReason);
export type StatusChange = z.input<typeof statusChangeSchema>;
/** What a status form hands over once its schema has parsed it (ids as numbers). */
export type StatusChangeValues = z.output<typeof statusChangeSchema>;

/** The lists whose filters a bulk decision takes: the ads list and the review queue. */
export const AD_BULK_LISTS = ['jobs', 'jobs_queue'] as const;

/**
 * `PUT /api/jobs/changeStatus` with `ids` or the ads list's `filters`: the same decision for several
 * ads, each checked alone.
 */
export const bulkStatusChangeSchema = z
  .object({
    ...statusChangeFields,
    ...bulkTargetShape,
    list: z.enum(AD_BULK_LISTS).optional().meta({
      description:
        'Whose `filters` they are: the ads list (`jobs`, the default) or the review queue (`jobs_queue`, /ads-on-approval).',
    }),
  })
  .superRefine((form, context) => {
    requireReason(form, context);
    requireOneTarget(form, context);
  });
export type BulkStatusChange = z.input<typeof bulkStatusChangeSchema>;
export type BulkStatusChangeValues = z.output<typeof bulkStatusChangeSchema>;

export const bulkStatusChangeResponseSchema = bulkResultSchema;
export type BulkStatusChangeResponse = z.infer<typeof bulkStatusChangeResponseSchema>;

/** A contact of an ad (`POST /api/leads/index` filtered by ad_id). */
export const leadRowSchema = z.object({
  id: z.number().int(),
  ad_id: z.number().int(),
  /** The contacted ad's title (a user's page lists contacts of several ads). */
  ad_title: z.string(),
  service: idNameSchema.nullable(),
  user_id: z.number().int(),
  name: z.string(),
  last_name: z.string().nullable(),
  credit: z.number(),
  contact_time: timestampSchema,
  is_accepted: z.boolean().nullable(),
  response_time: timestampSchema.nullable(),
  /** When the credits came back, and why (declined, no answer, a request approved, the ad removed). */
  refunded_at: timestampSchema.nullable(),
  refund_reason: z.enum(LEAD_REFUND_REASONS).nullable(),
  updated_at: timestampSchema,
});
export type LeadRow = z.input<typeof leadRowSchema>;

/** How many photos an ad may have. */
export const AD_PHOTOS_MAX = 10;

/** 'price to': empty or 0 means none (SPEC.md 5: 'A price_to of zero is sent as empty'). */
const optionalPrice = z.preprocess(
  (value) => (value === '' || value === null || value === undefined || Number(value) === 0 ? null : value),
  positiveMoney().nullable(),
);

const placeSchema = z.object({
  os_country_id: requiredSelection(),
  /** None: the whole country. */
  cities: z.array(z.coerce.number().int().positive()).max(300).default([]),
});

const adDaySchema = z.object({
  day_id: z.coerce.number().int().min(1).max(7),
  is_active: z.boolean().default(true),
  /** A day whose first shift has no start has no times (SPEC.md 5). */
  times: z.preprocess(
    (value) =>
      Array.isArray(value) && (value[0] as Partial<Shift> | undefined)?.start_at === '' ? [] : value,
    z.array(adShiftSchema).max(12).default([]),
  ),
});

/** The ad form's fields; `adFormSchema` checks them together (the member's form: member-ads.ts). */
export const adFormFields = z.object({
  title: requiredText(200),
  description: optionalText(5000),
  is_offer: formBoolean.default(true),
  services: requiredIdList(20),
  posted_by_user_id: requiredSelection(),
  currency_id: requiredSelection(),
  price_from: positiveMoney(),
  price_to: optionalPrice,
  allCountries: formBoolean.default(false),
  allWorkingDays: formBoolean.default(false),
  places: z.preprocess(jsonTextOrValue, z.array(placeSchema).max(60).default([])),
  ad_days: z.preprocess(jsonTextOrValue, z.array(adDaySchema).max(7).default([])),
  kept_photos: z.preprocess(
    jsonTextOrValue,
    z.array(z.coerce.number().int().positive()).max(AD_PHOTOS_MAX).default([]),
  ),
});

type AdFormChecked = Pick<z.output<typeof adFormFields>, 'price_from' | 'price_to' | 'places' | 'ad_days'>;

/** The rules across an ad form's fields: the price range, each country and day once, the shifts. */
export function checkAdForm(form: AdFormChecked, context: z.RefinementCtx): void {
  if (!isPriceRangeValid(form.price_from, form.price_to)) {
    context.addIssue({ code: 'custom', path: ['price_to'], message: msg('price_to_gt_from') });
  }
  const seenCountries = new Set<number>();
  form.places.forEach((place, index) => {
    if (seenCountries.has(place.os_country_id)) {
      context.addIssue({
        code: 'custom',
        path: ['places', index, 'os_country_id'],
        message: msg('invalid'),
      });
    }
    seenCountries.add(place.os_country_id);
  });
  const seenDays = new Set<number>();
  form.ad_days.forEach((day, dayIndex) => {
    if (seenDays.has(day.day_id)) {
      context.addIssue({ code: 'custom', path: ['ad_days', dayIndex, 'day_id'], message: msg('invalid') });
    }
    seenDays.add(day.day_id);
    for (const issue of shiftIssues(day.times)) {
      context.addIssue({
        code: 'custom',
        path: ['ad_days', dayIndex, 'times', issue.index, issue.field],
        message: msg(issue.key),
      });
    }
  });
}

/**
 * The ad form (store and update/{id}, multipart): places, working days and services come as JSON
 * text, photos as files beside them; `kept_photos` (update) lists the ad's photos to keep, in order.
 */
export const adFormSchema = adFormFields.superRefine(checkAdForm);
export type AdForm = z.input<typeof adFormSchema>;
