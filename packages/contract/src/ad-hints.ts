import { z } from 'zod';

/** At most this many hints of each kind: the strongest, for a moderator to look at, not a report. */
export const AD_HINTS_MAX = 10;

/** How alike two titles or descriptions must be (pg_trgm similarity, 0–1) to be worth a look. */
export const AD_HINT_TEXT_SIMILARITY = 0.4;

/** How many of its 64 bits a photo's perceptual hash may differ in and still be the same picture. */
export const AD_HINT_PHOTO_DISTANCE = 3;

/** How far back the poster's other ads are shown. */
export const AD_HINT_POSTER_DAYS = 30;

/** Another ad: its title and how strong the hint is (similarity 0–1, days ago, or 64 − bits apart). */
export const adHintSchema = z.object({ id: z.number().int(), title: z.string(), score: z.number() });
export type AdHint = z.infer<typeof adHintSchema>;

/** What two accounts share: the same phone, or the same e-mail local part (before @, lower case). */
export const CONTACT_MATCHES = ['phone', 'email'] as const;
export type ContactMatch = (typeof CONTACT_MATCHES)[number];

/** Another account sharing the poster's contact; score: how many of the two it shares. */
export const userHintSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  matched: z.array(z.enum(CONTACT_MATCHES)),
  score: z.number(),
});
export type UserHint = z.infer<typeof userHintSchema>;

/**
 * `GET /api/jobs/hints/{id}`: what may make an ad a duplicate or spam, for the moderator to judge;
 * a hint never acts on its own.
 */
export const adHintsSchema = z.object({
  /** Other ads (any poster) with a similar title, or a copied or near-copied description; score: the higher trigram similarity. */
  similar_ads: z.array(adHintSchema),
  /** The same poster's other ads of the last 30 days; score: days since created. */
  same_poster_ads: z.array(adHintSchema),
  /** Other ads with a photo within 3 bits of one of this ad's; score: 64 − the bits apart. */
  same_photo_ads: z.array(adHintSchema),
  /** Other accounts with the poster's phone (its last 8 digits) or e-mail local part. */
  shared_contact_users: z.array(userHintSchema),
});
export type AdHints = z.infer<typeof adHintsSchema>;
