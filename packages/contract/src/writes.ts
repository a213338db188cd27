import { z } from 'zod';
import { timestampSchema } from './entities.ts';
import { formBoolean } from './fields.ts';

/**
 * The version of a row a client read: its `updated_at` exactly as the API answered it. A write
 * that carries it is refused (409) when the row has changed since; a write without it is not
 * checked, as older clients (the mobile app) send none.
 */
export const rowVersionSchema = timestampSchema.meta({
  description:
    "The row's updated_at as the API answered it. When the row has changed since, nothing is written and the answer is 409 {message, current}. Absent: no check.",
});

/** Added to every store/update body (JSON or multipart). */
export const versionFieldsSchema = z.object({ updated_at: rowVersionSchema.optional() });

/** `DELETE …/destroy/{id}?updated_at=…`: the toggle's version. */
export const destroyQuerySchema = z.object({ updated_at: rowVersionSchema.optional() });

/** A services folder's restore may bring back the nodes its deactivation turned off. */
export const serviceDestroyQuerySchema = destroyQuerySchema.extend({
  with_items: formBoolean
    .optional()
    .meta({ description: 'Restoring an inactive folder: also the items deactivated together with it.' }),
});

/** Deactivating an ad may give back what members paid to contact it (its open paid contacts). */
export const adDestroyQuerySchema = destroyQuerySchema.extend({
  refund_leads: formBoolean.optional().meta({
    description:
      "Deactivating: also refund the ad's open paid contacts (unanswered, not yet refunded), each once, in the same transaction.",
  }),
});

/** The answer to a stale write: the message and the row as it is now (as the list answers it). */
export const staleWriteAnswerSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({ message: z.string(), current: row });

/**
 * The request header that makes a write happen once: the same key with the same request answers
 * the first answer again; with another request, 422. Made by the client once per submit (a dialog's
 * opening), kept across its retries.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
