import { z } from 'zod';
import { timestampSchema } from './entities.ts';

/** How long a claim holds without renewal; the web renews it every minute while the ad is open. */
export const AD_CLAIM_MINUTES = 5;

/** `POST /api/jobs/claim/{id}`: the caller's claim, made or renewed. */
export const adClaimSchema = z.object({
  ad_id: z.number().int(),
  /** The holder's full name (the caller). */
  claimed_by: z.string(),
  expires_at: timestampSchema,
});
export type AdClaim = z.input<typeof adClaimSchema>;

/** The 409 when someone else holds the ad: the message names them, `claimed_by` is their name. */
export const adClaimedAnswerSchema = z.object({ message: z.string(), claimed_by: z.string() });
export type AdClaimedAnswer = z.infer<typeof adClaimedAnswerSchema>;

/** `DELETE /api/jobs/claim/{id}`: the ad is no longer claimed by the caller (whether it was or not). */
export const adClaimReleaseSchema = z.object({ ad_id: z.number().int() });
