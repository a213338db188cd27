import {
  BULK_CHUNK_SIZE,
  type BulkResult,
  bulkResultSchema,
  type FilterValue,
  type Language,
  listRequestSchema,
} from '@usluge/contract';
import { and, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/select-rows.ts';
import { AppError } from '../http/errors.ts';
import { runIdempotent } from '../http/idempotency.ts';
import { translate } from '../http/messages.ts';
import type { ListDefinition, ListViewer } from '../list-engine/list-definition.ts';
import { buildWhere, pageIds } from '../list-engine/list-query.ts';

/** The rows a bulk write changes, as the contract's bulkTargetShape parsed them. */
export type BulkTarget = {
  ids?: readonly number[] | undefined;
  filters?: Record<string, FilterValue> | undefined;
  show_only_active?: boolean | null | undefined;
  after_id?: number | undefined;
};

/** What one row's write did; a refusal is an AppError thrown. */
export type BulkRowOutcome = 'changed' | 'unchanged';

/**
 * The list whose filters a bulk request sends: the resource's own, or another list of the same rows
 * (same id column) named by `list` (the review queue of the ads); any other name is a 422.
 */
export function filteredListOf(
  own: ListDefinition<{ id: number }>,
  list: string | undefined,
  lists: readonly ListDefinition<{ id: number }>[],
): ListDefinition<{ id: number }> {
  if (list === undefined || list === own.resource) return own;
  const named = lists.find((definition) => definition.resource === list && definition.id === own.id);
  if (!named) throw new AppError(422, 'invalid_reference', {}, 'list');
  return named;
}

/** Lets timers and other requests run between rows: a bulk write of thousands must not hold the loop. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One bulk write: the target's rows (its ids, or the next chunk of at most BULK_CHUNK_SIZE rows the
 * list's WHERE matches, in id order after `after_id`), each written by `writeOne` in a savepoint of
 * its own so that a refused row (an AppError, answered with its message) leaves the others standing.
 * Any other error fails the whole request. In filter mode the answer says where to go on from and
 * how many matching rows are left.
 */
export async function runBulkWrite(
  tx: Database,
  list: ListDefinition<{ id: number }>,
  target: BulkTarget,
  lang: Language,
  viewer: ListViewer,
  writeOne: (savepoint: Database, id: number) => Promise<BulkRowOutcome>,
): Promise<BulkResult> {
  const isFilterMode = target.ids === undefined;
  // The list engine's own WHERE: the same keys, operators and values the list screen accepts.
  const where = isFilterMode
    ? buildWhere(
        list,
        listRequestSchema.parse({
          filters: target.filters ?? {},
          show_only_active: target.show_only_active ?? null,
        }),
        'index',
        viewer,
      )
    : undefined;
  const ids = where
    ? await pageIds(
        tx,
        list,
        and(where, gt(list.id, target.after_id ?? 0)) ?? where,
        sql`${list.id}`,
        BULK_CHUNK_SIZE,
        0,
      )
    : [...(target.ids ?? [])];
  const result: BulkResult = { changed: [], unchanged: [], refused: [], next_after_id: null, remaining: 0 };
  for (const id of ids) {
    try {
      const outcome = await tx.transaction((savepoint) => writeOne(savepoint as unknown as Database, id));
      result[outcome].push(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.refused.push({ id, message: translate(error.key, lang, error.params) });
    }
    await yieldToEventLoop();
  }
  const lastId = ids.at(-1);
  if (where && lastId !== undefined && ids.length === BULK_CHUNK_SIZE) {
    const [row] = await selectRows<{ remaining: number }>(
      tx,
      sql`select count(*)::int as remaining from ${list.from} where ${and(where, gt(list.id, lastId))}`,
    );
    result.remaining = row?.remaining ?? 0;
    result.next_after_id = result.remaining > 0 ? lastId : null;
  }
  return result;
}

/**
 * A bulk route's answer: the request's target on its list (the resource's own, or the one named by
 * `list`, see filteredListOf), written row by row by `writeOne` through runBulkWrite, once per
 * Idempotency-Key (a replay answers the first answer).
 */
export async function answerBulkRequest(
  db: Database,
  request: FastifyRequest,
  {
    list,
    listName,
    lists,
    target,
    writeOne,
  }: {
    list: ListDefinition<{ id: number }>;
    listName: string | undefined;
    lists: readonly ListDefinition<{ id: number }>[];
    target: BulkTarget;
    writeOne: (savepoint: Database, id: number) => Promise<BulkRowOutcome>;
  },
): Promise<BulkResult> {
  const viewer = { userId: requireUser(request).id };
  const filteredList = filteredListOf(list, listName, lists);
  const answer = await runIdempotent(db, request, bulkResultSchema, async (tx) => ({
    status: 200,
    body: await runBulkWrite(tx, filteredList, target, request.lang, viewer, writeOne),
  }));
  return answer.body;
}
