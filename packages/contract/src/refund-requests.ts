import { z } from 'zod';
import { timestampSchema } from './entities.ts';
import { optionalText, requiredSelection } from './fields.ts';
import { msg } from './validation.ts';
import { rowVersionSchema } from './writes.ts';

/** Why a member asks for a contact's credits back (Bark's fixed reasons; 'other' says why in text). */
export const REFUND_REQUEST_REASONS = [
  'invalid_contact',
  'no_answer',
  'misleading',
  'duplicate',
  'other',
] as const;
export type RefundRequestReason = (typeof REFUND_REQUEST_REASONS)[number];

/** waiting for staff; approved (refunded); declined (with a reason); closed (refunded meanwhile otherwise). */
export const REFUND_REQUEST_STATUSES = ['waiting', 'approved', 'declined', 'closed'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

/** How long a request may say: enough for a few sentences, never a document. */
export const REFUND_REQUEST_TEXT_MAX = 1000;

/** `POST /api/refund_requests/store`: a member asks for one of their sent contacts to be refunded. */
export const refundRequestStoreSchema = z
  .object({
    lead_id: requiredSelection(),
    reason: z.enum(REFUND_REQUEST_REASONS),
    text: optionalText(REFUND_REQUEST_TEXT_MAX),
  })
  .superRefine((form, context) => {
    if (form.reason === 'other' && !form.text) {
      context.addIssue({ code: 'custom', path: ['text'], message: msg('reason_required') });
    }
  });
export type RefundRequestStore = z.input<typeof refundRequestStoreSchema>;

/** `PUT /api/refund_requests/decide/{id}`: approve, or decline with a reason the member is told. */
export const refundRequestDecisionSchema = z
  .object({
    is_approved: z.boolean(),
    reason: optionalText(REFUND_REQUEST_TEXT_MAX),
    updated_at: rowVersionSchema.optional(),
  })
  .superRefine((form, context) => {
    if (!form.is_approved && !form.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: msg('reason_required') });
    }
  });
export type RefundRequestDecision = z.input<typeof refundRequestDecisionSchema>;

/** A request as its member sees it (their answer to store, and `POST /api/me/refund_requests/index`). */
export const memberRefundRequestSchema = z.object({
  id: z.number().int(),
  lead_id: z.number().int(),
  ad: z.object({ id: z.number().int(), title: z.string() }),
  credit: z.number(),
  reason: z.enum(REFUND_REQUEST_REASONS),
  text: z.string().nullable(),
  status: z.enum(REFUND_REQUEST_STATUSES),
  decided_at: timestampSchema.nullable(),
  /** Why it was declined. */
  decision_reason: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type MemberRefundRequest = z.infer<typeof memberRefundRequestSchema>;

/** A row of the refund desk (`POST /api/refund_requests/index`). */
export const refundRequestRowSchema = memberRefundRequestSchema.extend({
  user_id: z.number().int(),
  /** The member's full name. */
  member_name: z.string(),
  service_name: z.string().nullable(),
  contact_time: timestampSchema,
  decided_by: z.string().nullable(),
  /** The member's contacts refunded on request, of all their contacts: how often they ask. */
  refund_rate: z.object({ refunded: z.number().int(), contacts: z.number().int() }),
});
export type RefundRequestRow = z.input<typeof refundRequestRowSchema>;
