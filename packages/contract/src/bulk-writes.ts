import { z } from 'zod';
import { listFiltersSchema } from './list.ts';
import { msg } from './validation.ts';

/** Rows one bulk request may name by id (a page of the largest size is 100). */
export const MAX_BULK_IDS = 500;
/** Rows one filter-mode request changes at most; the client asks again from `next_after_id`. */
export const BULK_CHUNK_SIZE = 200;

/**
 * Which rows a bulk write changes: the named `ids` (1..500, each once), or every row the list's
 * `filters` and `show_only_active` match (as `POST /api/<entity>/index` reads them), taken in id
 * order from `after_id` on, one chunk per request.
 */
export const bulkTargetShape = {
  ids: z
    .array(z.number().int().positive())
    .min(1)
    .max(MAX_BULK_IDS)
    .transform((ids) => [...new Set(ids)])
    .optional()
    .meta({ description: `The rows, at most ${MAX_BULK_IDS}; or leave out and send \`filters\`.` }),
  filters: listFiltersSchema.optional().meta({
    description:
      "Every row the list's filters match (the list route's `filters`); checked as the list checks them.",
  }),
  show_only_active: z.boolean().nullable().optional(),
  after_id: z
    .number()
    .int()
    .min(0)
    .optional()
    .meta({ description: 'Filter mode: start after this id (the previous answer’s `next_after_id`).' }),
};

type BulkTarget = { ids?: readonly number[] | undefined; filters?: unknown };

/** Exactly one of the two ways to name the rows. */
export function requireOneTarget(target: BulkTarget, context: z.RefinementCtx): void {
  if ((target.ids === undefined) === (target.filters === undefined)) {
    context.addIssue({ code: 'custom', path: ['ids'], message: msg('required') });
  }
}

/** The answer's fields every bulk write has: each row's result and, in filter mode, how far it got. */
export const bulkResultShape = {
  changed: z.array(z.number().int()),
  /** Rows that already were as asked (already inactive, already in that status): nothing written. */
  unchanged: z.array(z.number().int()),
  refused: z.array(z.object({ id: z.number().int(), message: z.string() })),
  next_after_id: z.number().int().nullable().meta({
    description:
      'Filter mode: send as `after_id` for the next chunk; null when no matching row is left (and with `ids`).',
  }),
  remaining: z
    .number()
    .int()
    .meta({ description: 'Filter mode: rows still matching after this chunk (0 with `ids`).' }),
};

/** `POST /api/<entity>/destroy_bulk`: deactivate (`is_active: false`) or restore many rows. */
export const bulkToggleSchema = z
  .object({
    is_active: z.boolean(),
    ...bulkTargetShape,
    list: z.string().max(100).optional().meta({
      description:
        "Whose `filters` they are when not the entity's own list: another list of the same rows (`jobs_queue` for `jobs`).",
    }),
  })
  .superRefine(requireOneTarget);
export type BulkToggle = z.input<typeof bulkToggleSchema>;

export const bulkResultSchema = z.object(bulkResultShape);
export type BulkResult = z.infer<typeof bulkResultSchema>;
