import { z } from 'zod';
import { idNameSchema, timestampSchema } from './entities.ts';
import { requiredSelection } from './fields.ts';

/** Why a contact's credits came back: the poster declined, never answered, staff approved a request, the ad was removed. */
export const LEAD_REFUND_REASONS = ['declined', 'no_answer', 'request', 'ad_removed'] as const;
export type LeadRefundReason = (typeof LEAD_REFUND_REASONS)[number];

/** `POST /api/leads/contact`: a member pays the service's credits to contact an ad. */
export const leadContactSchema = z.object({
  ad_id: requiredSelection(),
  service_id: requiredSelection(),
});
export type LeadContact = z.input<typeof leadContactSchema>;

/** `PUT /api/leads/answer/{id}`: the ad's poster accepts or declines a contact. */
export const leadAnswerSchema = z.object({ is_accepted: z.boolean() });

/** The other side of a contact: its contact details only once the contact is accepted. */
export const leadCounterpartSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

/** A contact as a member sees it, sent or received. */
export const memberLeadSchema = z.object({
  id: z.number().int(),
  direction: z.enum(['sent', 'received']),
  ad: z.object({ id: z.number().int(), title: z.string() }),
  service: idNameSchema.nullable(),
  credit: z.number(),
  contact_time: timestampSchema,
  /** null: waiting for the poster's answer. */
  is_accepted: z.boolean().nullable(),
  response_time: timestampSchema.nullable(),
  refunded_at: timestampSchema.nullable(),
  refund_reason: z.enum(LEAD_REFUND_REASONS).nullable(),
  /** When the poster's answer is due; after it the contact is refunded by itself. */
  answer_due_at: timestampSchema,
  counterpart: leadCounterpartSchema,
});
export type MemberLead = z.infer<typeof memberLeadSchema>;

export const leadContactAnswerSchema = z.object({
  lead: memberLeadSchema,
  /** The member's balance after paying. */
  balance: z.number(),
});

/** `POST /api/me/leads/index`: the list body's filters. */
export const memberLeadFiltersSchema = z.object({ direction: z.enum(['sent', 'received']).default('sent') });
