import { EXACT_COUNT_CAP, type ParsedListRequest } from '@usluge/contract';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { canTrustKeptState, onClusterEvent, tellOtherNodes } from '../db/cluster-events.ts';
import { perDatabase } from '../db/per-database.ts';
import { selectRows } from '../db/select-rows.ts';
import type { ListDefinition, ListViewer } from './list-definition.ts';
import type { ListMode } from './list-query.ts';

export type ListTotal = { total: number; isExact: boolean };

type List = ListDefinition<{ id: number }>;

/**
 * Above this estimate a list is not counted at all: its total is the planner's figure. Below it
 * the rows are counted up to EXACT_COUNT_CAP, so an estimate that is off by up to ten times still
 * gives small lists their exact total.
 */
const COUNT_BELOW_ESTIMATE = 10 * EXACT_COUNT_CAP;

/** How many rows the planner expects the list's FROM and WHERE to give. */
async function estimateRows(db: Database, definition: List, where: SQL): Promise<number> {
  const [plan] = await selectRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) select 1 from ${definition.from} where ${where}`,
  );
  const planJson = plan?.['QUERY PLAN'];
  const parsed = (typeof planJson === 'string' ? JSON.parse(planJson) : planJson) as [
    { Plan: { 'Plan Rows': number } },
  ];
  return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
}

/** How long the planner's size of a table is reused: it moves with ANALYZE, not with each row. */
const TABLE_SIZE_TTL_MS = 60_000;
/**
 * Totals are reused while the user pages through the same filters: an estimate for 30 s (it is
 * the planner's figure anyway), an exact count for 10 s and only until the next write through
 * the API, so a saved row shows in the total at once.
 */
const ESTIMATE_TTL_MS = 30_000;
const EXACT_TTL_MS = 10_000;
const TOTALS_KEPT = 1_000;

type KeptTotal = { total: ListTotal; expiresAt: number; writes: number };

/** What is kept per database: table sizes, totals per filter, and the writes counted so far. */
type Kept = {
  tableSizes: Map<string, { rows: number; expiresAt: number }>;
  totals: Map<string, KeptTotal>;
  writes: number;
};

const keptPerDatabase = perDatabase<Kept>(() => ({ tableSizes: new Map(), totals: new Map(), writes: 0 }));
const keptOf = keptPerDatabase.of;

// A write on another node of this database ends the exact totals here too.
onClusterEvent((db, event) => {
  if (event.kind === 'lists' || event.kind === 'all') keptOf(db).writes += 1;
});

/** The planner's row count of the list's base table (from its statistics, not by counting). */
async function tableRows(db: Database, definition: List): Promise<number> {
  const table = getTableName(definition.id.table);
  const sizes = keptOf(db).tableSizes;
  const now = Date.now();
  const known = sizes.get(table);
  if (known && known.expiresAt > now) return known.rows;
  const [size] = await selectRows<{ n: number }>(
    db,
    sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = to_regclass(${table})`,
  );
  const rows = Number(size?.n ?? 0);
  sizes.set(table, { rows, expiresAt: now + TABLE_SIZE_TTL_MS });
  return rows;
}

/**
 * The planner first: a list whose table is small, or whose filters the planner expects to match
 * few rows, is counted exactly up to EXACT_COUNT_CAP (DESIGN.md 4); a large one gets the
 * planner's estimate (never below the cap) and is not counted at all.
 */
async function countRows(db: Database, definition: List, where: SQL): Promise<ListTotal> {
  let estimate = 0;
  if ((await tableRows(db, definition)) > COUNT_BELOW_ESTIMATE) {
    estimate = await estimateRows(db, definition, where);
    if (estimate > COUNT_BELOW_ESTIMATE) return { total: estimate, isExact: false };
  }
  const [capped] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${definition.from} where ${where} limit ${EXACT_COUNT_CAP + 1}) as capped`,
  );
  const n = capped?.n ?? 0;
  if (n <= EXACT_COUNT_CAP) return { total: n, isExact: true };
  if (estimate === 0) estimate = await estimateRows(db, definition, where);
  return { total: Math.max(estimate, EXACT_COUNT_CAP + 1), isExact: false };
}

/**
 * The same list with the same filters (sort and page do not change a total), for the same viewer
 * where the list is limited to the viewer's rows.
 */
export function totalKey(
  definition: List,
  request: ParsedListRequest,
  mode: ListMode,
  viewer?: ListViewer,
): string {
  const viewerId = definition.scopeOf ? (viewer?.userId ?? null) : null;
  return JSON.stringify([
    definition.resource,
    mode,
    viewerId,
    request.show_only_active ?? null,
    request.filters,
  ]);
}

/** The list's total for these filters: kept from a moment ago, or counted now. */
export async function listTotal(db: Database, definition: List, where: SQL, key: string): Promise<ListTotal> {
  const kept = keptOf(db);
  const now = Date.now();
  const hit = kept.totals.get(key);
  const isExactReusable = hit?.writes === kept.writes && canTrustKeptState(db);
  if (hit && hit.expiresAt > now && (!hit.total.isExact || isExactReusable)) return hit.total;
  if (hit) kept.totals.delete(key);
  // Taken before counting: a write that commits meanwhile makes this count stale at once.
  const writes = kept.writes;
  const total = await countRows(db, definition, where);
  if (kept.totals.size >= TOTALS_KEPT) {
    const oldest = kept.totals.keys().next();
    if (!oldest.done) kept.totals.delete(oldest.value);
  }
  kept.totals.set(key, { total, writes, expiresAt: now + (total.isExact ? EXACT_TTL_MS : ESTIMATE_TTL_MS) });
  return total;
}

/**
 * Every request that may write (anything but a GET or a list read) ends the exact totals kept
 * so far, on this node and (told before it answers) on the others: when it answers, its
 * transaction has committed, and the caller cannot yet have asked for the list again.
 */
export function registerListTotalsReset(app: FastifyInstance, db: Database): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && !request.routeOptions.config?.isListRead) {
      keptOf(db).writes += 1;
      // The write has committed: a failed notice is logged, not answered as the write's failure.
      await tellOtherNodes(db, { kind: 'lists' }).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not tell the other nodes about a write'),
      );
    }
    return payload;
  });
}

/** After a write that bypassed the API (a script, a test): totals and table sizes are counted anew. */
export function forgetListTotals(db: Database): void {
  keptPerDatabase.forget(db);
}
