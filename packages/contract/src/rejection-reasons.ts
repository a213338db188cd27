import { z } from 'zod';
import { timestampSchema } from './entities.ts';
import { formBoolean, jsonTextOrValue, requiredText } from './fields.ts';
import { typeMsg } from './validation.ts';

/** A template's title: what the moderator picks and the poster reads as the heading of a reason. */
export const REJECTION_REASON_TITLE_MAX = 120;
/** A template's text: the explanation and what to change, in a few sentences. */
export const REJECTION_REASON_TEXT_MAX = 2000;
/** Templates one decision may cite. */
export const REJECTION_REASONS_PER_DECISION_MAX = 10;

/** What store and update of `/api/rejection_reasons` accept. */
export const rejectionReasonFormSchema = z.object({
  title_me: requiredText(REJECTION_REASON_TITLE_MAX),
  title_en: requiredText(REJECTION_REASON_TITLE_MAX),
  text_me: requiredText(REJECTION_REASON_TEXT_MAX),
  text_en: requiredText(REJECTION_REASON_TEXT_MAX),
  is_active: formBoolean.optional(),
});
export type RejectionReasonForm = z.input<typeof rejectionReasonFormSchema>;

export const rejectionReasonRowSchema = z.object({
  id: z.number().int(),
  title_me: z.string(),
  title_en: z.string(),
  text_me: z.string(),
  text_en: z.string(),
  is_active: z.boolean(),
  updated_at: timestampSchema,
});
export type RejectionReasonRow = z.input<typeof rejectionReasonRowSchema>;

/**
 * The templates a status change cites (`reason_ids`): at most ten, each once; absent or empty
 * when none. Whether they exist and are active the server checks.
 */
export const reasonIdsSchema = z
  .preprocess(
    jsonTextOrValue,
    z
      .array(z.coerce.number().int().positive(), typeMsg('required_selection'))
      .max(REJECTION_REASONS_PER_DECISION_MAX)
      .transform((ids) => [...new Set(ids)]),
  )
  .optional();
