import type { BulkResult, FilterValue } from '@usluge/contract';
import { http } from '../../api/http-client.ts';
import { HttpError } from '../../api/http-error.ts';
import type { EntityName } from '../../api/list-api.ts';

/**
 * Which rows a bulk action changes: the chosen rows of the page, or every row the list's filters
 * match (the server applies them; the contract's bulkTargetShape).
 */
export type BulkTarget =
  | { ids: number[] }
  | { filters: Record<string, FilterValue>; show_only_active?: boolean | null | undefined };

/** One request of a bulk action: its target (with `after_id` in filter mode) and its Idempotency-Key. */
export type BulkSend = (
  target: BulkTarget & { after_id?: number },
  idempotencyKey: string,
) => Promise<BulkResult>;

export type BulkProgress = { done: number; total: number };

/** A chunk whose answer was lost (no answer, a server failure) is sent again with its key this often. */
const CHUNK_ATTEMPTS = 3;

const isWorthRetrying = (error: unknown) =>
  error instanceof HttpError && (error.status === 0 || error.status >= 500);

/** Ended before the last chunk: what was done (it stays done) and why it stopped. */
export class BulkStoppedError extends Error {
  readonly partial: BulkResult;
  constructor(partial: BulkResult, cause: unknown) {
    super(cause instanceof Error ? cause.message : 'bulk action stopped', { cause });
    this.name = 'BulkStoppedError';
    this.partial = partial;
  }
}

/**
 * Runs a bulk action to its end: the chosen ids in one request, or the filter's rows chunk after
 * chunk from each answer's `next_after_id`, each chunk with a key of its own (the first one's is
 * `firstKey`, the dialog's) and sent again with the same key when its answer was lost, so a chunk
 * applies once. `onProgress` hears how many rows are done of how many (`total` at first the
 * count the confirmation named, then what the server says is left).
 */
export async function runBulk(
  send: BulkSend,
  target: BulkTarget,
  count: number,
  firstKey: string,
  onProgress: (progress: BulkProgress) => void,
): Promise<BulkResult> {
  const result: BulkResult = { changed: [], unchanged: [], refused: [], next_after_id: null, remaining: 0 };
  let afterId: number | null = 0;
  let key = firstKey;
  onProgress({ done: 0, total: count });
  while (afterId !== null) {
    const chunkTarget = 'ids' in target ? target : { ...target, after_id: afterId };
    let answer: BulkResult | undefined;
    for (let attempt = 1; answer === undefined; attempt += 1) {
      try {
        answer = await send(chunkTarget, key);
      } catch (error) {
        if (attempt >= CHUNK_ATTEMPTS || !isWorthRetrying(error)) throw new BulkStoppedError(result, error);
      }
    }
    result.changed.push(...answer.changed);
    result.unchanged.push(...answer.unchanged);
    result.refused.push(...answer.refused);
    const done = result.changed.length + result.unchanged.length + result.refused.length;
    onProgress({ done, total: 'ids' in target ? count : done + answer.remaining });
    afterId = 'ids' in target ? null : answer.next_after_id;
    key = crypto.randomUUID();
  }
  return result;
}

/**
 * The options of one bulk request: the bulk dialog says itself why a run stopped (a chunk is retried
 * first), so no error dialog opens over it.
 */
export const bulkRequestOptions = (idempotencyKey: string) => ({
  idempotencyKey,
  isErrorDialogSuppressed: true,
});

/** `POST /api/<entity>/destroy_bulk`: deactivate (`isActive` false) or restore the target's rows. */
export function toggleBulkSend(entity: EntityName, isActive: boolean, listEntity = entity): BulkSend {
  return (target, idempotencyKey) =>
    http.post<BulkResult>(
      `/api/${entity}/destroy_bulk`,
      // Filters chosen on another list of the same rows (the review queue) mean that list's rows.
      {
        is_active: isActive,
        ...target,
        ...('filters' in target && listEntity !== entity ? { list: listEntity } : {}),
      },
      bulkRequestOptions(idempotencyKey),
    );
}

/** Why a run stopped: the server's message in the user's language, or the client's own words. */
export function stopReasonOf(error: BulkStoppedError): string {
  const { cause } = error;
  return cause instanceof Error ? cause.message : String(cause);
}
