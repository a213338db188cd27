import { z } from 'zod';
import { timestampSchema } from './entities.ts';
import { jsonTextOrValue } from './fields.ts';
import { msg } from './validation.ts';

/** Inbox items marked read by one request at most. */
export const MAX_MARK_READ = 200;

/**
 * An item of the member's inbox (`POST /api/me/notifications/index`): a notification that reached
 * them (staff's, a status decision on their ad, a contact and its answer, a refund), newest first.
 */
export const inboxItemRowSchema = z.object({
  /** The item's own id: what `PUT /api/me/notifications/read` takes. */
  id: z.number().int(),
  notification_id: z.number().int(),
  subject: z.string(),
  notification_text: z.string(),
  /** When it reached the member. */
  created_at: timestampSchema,
  is_read: z.boolean(),
});
export type InboxItemRow = z.input<typeof inboxItemRowSchema>;

/** What the inbox answers beside its page: how many of the member's items are unread (all pages). */
export const inboxExtrasSchema = z.object({ unread_count: z.number().int() });

/** `PUT /api/me/notifications/read`: chosen items (`{ids}`, at most 200) or all of them (`{all: true}`). */
export const markInboxReadSchema = z
  .object({
    ids: z
      .preprocess(jsonTextOrValue, z.array(z.number().int().positive()).min(1).max(MAX_MARK_READ))
      .optional()
      .transform((ids) => (ids ? [...new Set(ids)] : undefined)),
    all: z.literal(true).optional(),
  })
  .superRefine((body, context) => {
    // One or the other: a request that names nothing, or both, is a mistake of the client's.
    if ((body.ids === undefined) === (body.all === undefined)) {
      context.addIssue({ code: 'custom', path: ['ids'], message: msg('required') });
    }
  });
export type MarkInboxReadForm = z.input<typeof markInboxReadSchema>;

export const markInboxReadAnswerSchema = z.object({
  /** Items this request marked read (those already read, or not the caller's, are not counted). */
  marked: z.number().int(),
  unread_count: z.number().int(),
});
