import { z } from 'zod';
import { adFormFields, adShiftSchema, adStatusSchema, checkAdForm } from './ads.ts';
import { idNameSchema, timestampSchema } from './entities.ts';
import { leadCounterpartSchema } from './member-leads.ts';

/**
 * `POST /api/me/ads/store` and `/api/me/ads/update/{id}` (multipart, like the staff form): the
 * staff ad form's fields and rules less `posted_by_user_id`, which is always the caller.
 */
export const memberAdFormSchema = adFormFields.omit({ posted_by_user_id: true }).superRefine(checkAdForm);
export type MemberAdForm = z.input<typeof memberAdFormSchema>;

const currencySchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  sign: z.string().nullable(),
});

/** A row of `POST /api/me/ads/index`: one of the caller's own ads and where its review stands. */
export const memberAdRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  is_offer: z.boolean(),
  price_from: z.number(),
  price_to: z.number().nullable(),
  currency: currencySchema,
  /** Awaiting approval (1), approved (2: found by the search), rejected (3), finished (4). */
  status: adStatusSchema,
  /** What the moderator wrote with the current status: a rejection's reason; null otherwise. */
  status_comment: z.string().nullable(),
  /** When the poster last changed it after a review (back to awaiting approval); null once approved. */
  edited_at: timestampSchema.nullable(),
  /** The first photo, for the list's thumbnail. */
  photo_url: z.string().nullable(),
  is_active: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type MemberAdRow = z.input<typeof memberAdRowSchema>;

/** Where an ad is offered: countries, each with its cities (none listed: the whole country). */
const adPlacesSchema = z.array(
  z.object({ os_country_id: z.number().int(), name: z.string(), cities: z.array(idNameSchema) }),
);
const adDaysSchema = z.array(
  z.object({
    day_id: z.number().int(),
    name: z.string(),
    is_active: z.boolean(),
    times: z.array(adShiftSchema),
  }),
);
/** An ad's content as its form sets it (the staff details, the member's own ad, the public view). */
const adContentFields = {
  description: z.string().nullable(),
  all_countries: z.boolean(),
  all_working_days: z.boolean(),
  services: z.array(idNameSchema),
  places: adPlacesSchema,
  ad_days: adDaysSchema,
  /** In the order the poster gave them; their ids are what `kept_photos` keeps on an edit. */
  photos: z.array(z.object({ id: z.number().int(), photo_url: z.string() })),
};

/**
 * `GET /api/me/ads/show/{id}`: one of the caller's own ads with everything its edit form needs,
 * and its review: each status it had, with the reason sent.
 */
export const memberAdDetailsSchema = memberAdRowSchema.extend({
  ...adContentFields,
  status_history: z.array(
    z.object({
      from: adStatusSchema.nullable(),
      to: adStatusSchema,
      reason: z.string().nullable(),
      created_at: timestampSchema,
    }),
  ),
});
export type MemberAdDetails = z.input<typeof memberAdDetailsSchema>;

/** The poster as anyone who finds the ad sees them: no contact details, no last name. */
const publicPosterSchema = z.object({ first_name: z.string() });

/** A row of `POST /api/ads/search`: an approved, active ad as a result list shows it. */
export const adSearchRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  is_offer: z.boolean(),
  price_from: z.number(),
  price_to: z.number().nullable(),
  currency: currencySchema,
  /** The services it offers or asks for: a contact names one of them. */
  services: z.array(idNameSchema),
  photo_url: z.string().nullable(),
  poster: publicPosterSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type AdSearchRow = z.input<typeof adSearchRowSchema>;

/** `GET /api/ads/public/{id}`: an approved, active ad as members see it. */
export const publicAdSchema = adSearchRowSchema.extend({
  ...adContentFields,
  /**
   * The poster's contact details once a contact of the caller's with this ad was accepted (as the
   * contacts list shows the other side); null until then.
   */
  contact: leadCounterpartSchema.nullable(),
});
export type PublicAd = z.input<typeof publicAdSchema>;
