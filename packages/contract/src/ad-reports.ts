import { z } from 'zod';
import { timestampSchema } from './entities.ts';
import { optionalText, requiredSelection } from './fields.ts';
import { reasonIdsSchema } from './rejection-reasons.ts';
import { msg } from './validation.ts';
import { rowVersionSchema } from './writes.ts';

/** Why an ad is reported (issue 19's fixed list; 'other' says why in text). */
export const AD_REPORT_REASONS = [
  'spam',
  'prohibited',
  'wrong_category',
  'misleading_price',
  'offensive',
  'other',
] as const;
export type AdReportReason = (typeof AD_REPORT_REASONS)[number];

/** How a moderator closes an ad's open reports: nothing to change, or the ad's status changed. */
export const AD_REPORT_DECISIONS = ['dismiss', 'status'] as const;
export type AdReportDecision = (typeof AD_REPORT_DECISIONS)[number];

/** How long a report's text may be: a few sentences, never a document. */
export const AD_REPORT_TEXT_MAX = 1000;

/** `POST /api/ad_reports/store`: anyone signed in reports an ad, once per ad. */
export const adReportStoreSchema = z
  .object({
    ad_id: requiredSelection(),
    reason: z.enum(AD_REPORT_REASONS),
    text: optionalText(AD_REPORT_TEXT_MAX),
  })
  .superRefine((form, context) => {
    if (form.reason === 'other' && !form.text) {
      context.addIssue({ code: 'custom', path: ['text'], message: msg('reason_required') });
    }
  });
export type AdReportStore = z.input<typeof adReportStoreSchema>;

/** A report as its author reads it back (the answer to store). */
export const adReportSchema = z.object({
  id: z.number().int(),
  ad_id: z.number().int(),
  reason: z.enum(AD_REPORT_REASONS),
  text: z.string().nullable(),
  created_at: timestampSchema,
});
export type AdReport = z.infer<typeof adReportSchema>;

/**
 * A row of the reports queue (`POST /api/ad_reports/index`): one ad with open reports. `id` is the
 * ad's id (the list engine's row id); `updated_at` is the ad's version, for a status decision.
 */
export const adReportQueueRowSchema = z.object({
  id: z.number().int(),
  ad_id: z.number().int(),
  title: z.string(),
  ad_status_id: z.number().int(),
  ad_status_name: z.string(),
  /** The poster's full name. */
  poster_name: z.string(),
  open_count: z.number().int(),
  /** Each reason among the open reports with how many give it, most frequent first. */
  reasons: z.array(z.object({ reason: z.enum(AD_REPORT_REASONS), count: z.number().int() })),
  oldest_at: timestampSchema,
  newest_at: timestampSchema,
  updated_at: timestampSchema,
});
export type AdReportQueueRow = z.input<typeof adReportQueueRowSchema>;

/** The path of `PUT /api/ad_reports/resolve/{ad_id}`. */
export const adReportParamsSchema = z.object({ ad_id: z.coerce.number().int().positive() });

/**
 * `PUT /api/ad_reports/resolve/{ad_id}`: close the ad's open reports, dismissed or with the ad's
 * status changed (`ad_status_id` then required; a status that needs a reason needs
 * `status_comment`). `updated_at` is the ad's version the moderator saw (optional, as elsewhere).
 * `reason_ids`: rejection reason templates, as in the status change (a comment or a template is a reason).
 */
export const adReportResolveSchema = z
  .object({
    decision: z.enum(AD_REPORT_DECISIONS),
    ad_status_id: requiredSelection().nullish(),
    status_comment: optionalText(AD_REPORT_TEXT_MAX),
    /** Rejection reason templates cited, as in the status change. */
    reason_ids: reasonIdsSchema,
    updated_at: rowVersionSchema.optional(),
  })
  .superRefine((form, context) => {
    if (form.decision === 'status' && !form.ad_status_id) {
      context.addIssue({ code: 'custom', path: ['ad_status_id'], message: msg('required_selection') });
    }
  });
export type AdReportResolve = z.input<typeof adReportResolveSchema>;

/** The answer to resolve: how many open reports were closed, and how. */
export const adReportResolutionSchema = z.object({
  ad_id: z.number().int(),
  decision: z.enum(AD_REPORT_DECISIONS),
  resolved_reports: z.number().int(),
});
export type AdReportResolution = z.infer<typeof adReportResolutionSchema>;
