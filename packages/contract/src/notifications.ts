import { z } from 'zod';
import { idNameSchema, timestampSchema } from './entities.ts';
import { jsonTextOrValue, requiredText } from './fields.ts';
import { msg } from './validation.ts';

/** An optional id list from a multi-select or a users picker: each once, a bounded number. */
const idList = (max: number) =>
  z.preprocess(
    jsonTextOrValue,
    z
      .array(z.coerce.number().int().positive())
      .max(max)
      .default([])
      .transform((ids) => [...new Set(ids)]),
  );

/** `POST /api/notifications/store`: a message to user types and/or chosen users (at least one). */
export const notificationFormSchema = z
  .object({
    subject: requiredText(200),
    notification_text: requiredText(5000),
    notification_for_users: idList(500),
    notification_user_types: idList(20),
  })
  .superRefine((form, context) => {
    if (form.notification_for_users.length === 0 && form.notification_user_types.length === 0) {
      for (const path of ['notification_user_types', 'notification_for_users']) {
        context.addIssue({ code: 'custom', path: [path], message: msg('required_selection') });
      }
    }
  });
export type NotificationForm = z.input<typeof notificationFormSchema>;

export const notificationRowSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  notification_text: z.string(),
  /** Who sent it: a staff member's full name; null for the product's own (ad status changes). */
  sender: z.string().nullable(),
  user_types: z.array(idNameSchema),
  users: z.array(z.object({ id: z.number().int(), full_name: z.string() })),
  recipients_count: z.number().int(),
  updated_at: timestampSchema,
});
export type NotificationRow = z.input<typeof notificationRowSchema>;
