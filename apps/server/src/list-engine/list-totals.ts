import { EXACT_COUNT_CAP, type ParsedListRequest } from '@usluge/contract';
import { getTableName, is, type SQL, StringChunk, sql, Table } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { canTrustKeptState, onClusterEvent, tellOtherNodes } from '../db/cluster-events.ts';
import { perDatabase } from '../db/per-database.ts';
import { selectRows } from '../db/select-rows.ts';
import { withinStatementTimeout } from '../db/statement-timeout.ts';
import type { ListDefinition, ListViewer } from './list-definition.ts';
import type { ListMode } from './list-query.ts';

export type ListTotal = { total: number; isExact: boolean };

type List = ListDefinition<{ id: number }>;

/**
 * Above this planner's estimate a list is not counted at all: its total is the estimate. Below it
 * the rows are counted up to EXACT_COUNT_CAP, so an estimate that is off by up to ten times still
 * gives small lists their exact total.
 */
const COUNT_BELOW_ESTIMATE = 10 * EXACT_COUNT_CAP;
/** The same for a sampled estimate (sampledRows), which the lists bench found within 1.2 times. */
const COUNT_BELOW_SAMPLED = 2 * EXACT_COUNT_CAP;

/** How many rows the planner expects the list's FROM and WHERE to give. */
async function plannedRows(db: Database, definition: List, where: SQL): Promise<number> {
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

/**
 * Rows of the base table a sampled count reads, about (whole pages of it). The planner
 * multiplies the selectivities of the filters as if they were independent, and price_from ≥ 500
 * with price_to ≤ 2000 then came out 3.5 times the truth (issue 22); a sample of the rows
 * themselves sees the correlation. Each sampled row is tested against the filters one by one
 * (no index helps), so the sample is kept small: 10 000 rows were within 1.4 times on every filter
 * of the lists bench, 20 000 within 1.2 (bench/list-estimates.ts measures error and cost; an
 * estimate is kept per filter for ESTIMATE_TTL_MS).
 */
const SAMPLE_ROWS = 20_000;
/**
 * A sample whose filters cost so much per row (a folded 'contains' on a long text, a subquery per
 * row) that it would hold the first page of a new filter back longer than this is given up
 * (PostgreSQL; the embedded database has no statement timeout), and the planner's figure shown.
 */
const SAMPLE_TIMEOUT_MS = 1000;

/** The list's base table when its FROM is that table alone (a join is not sampled). */
function sampledTable(definition: List): Table | null {
  const chunks = definition.from.queryChunks.filter(
    (chunk) => !(is(chunk, StringChunk) && chunk.value.join('').trim() === ''),
  );
  const [only] = chunks;
  return chunks.length === 1 && is(only, Table) && only === definition.id.table ? only : null;
}

/**
 * How many rows the filters match, from a sample of the base table's pages (TABLESAMPLE SYSTEM,
 * about SAMPLE_ROWS rows): the share of the sampled rows that match, times the table's
 * rows. Null where it cannot be sampled: a FROM with joins, or no row in the pages read.
 * REPEATABLE: the same pages each time (while the table keeps its size), so they stay in the
 * cache and a total does not move between two requests with nothing written.
 */
async function sampledRows(
  db: Database,
  definition: List,
  size: TableSize,
  where: SQL,
): Promise<number | null> {
  const table = sampledTable(definition);
  if (!table || size.pages < 1) return null;
  // A table never analysed has no row count: then its pages, as if a row filled each.
  const percent = Math.min(100, (100 * SAMPLE_ROWS) / Math.max(size.rows, size.pages));
  // Filters too costly to test on the sample in time (null): the planner's figure instead.
  const sample = await withinStatementTimeout(db, SAMPLE_TIMEOUT_MS, async (tx) => {
    const [row] = await selectRows<{ sampled: number; matched: number }>(
      tx,
      sql`select count(*)::float8 as sampled, count(*) filter (where ${where})::float8 as matched
          from ${table} tablesample system (${percent}::float4) repeatable (0)`,
    );
    return row;
  });
  if (sample === null) return null;
  const sampled = Number(sample?.sampled ?? 0);
  if (sampled === 0) return null;
  // A table never analysed has no row count: the sample's own share of the pages says it.
  const rows = size.rows > 0 ? size.rows : (sampled * 100) / percent;
  return Math.round((Number(sample?.matched ?? 0) / sampled) * rows);
}

/** How long the planner's size of a table is reused: it moves with ANALYZE, not with each row. */
const TABLE_SIZE_TTL_MS = 60_000;
/**
 * Totals are reused while the user pages through the same filters: an estimate for 30 s (it is
 * an estimate anyway, and a sample costs), an exact count for 10 s and only until the next write
 * through the API, so a saved row shows in the total at once.
 */
const ESTIMATE_TTL_MS = 30_000;
const EXACT_TTL_MS = 10_000;
const TOTALS_KEPT = 1_000;

type KeptTotal = { total: ListTotal; expiresAt: number; writes: number };

/** What is kept per database: table sizes, totals per filter, and the writes counted so far. */
type Kept = {
  tableSizes: Map<string, { size: TableSize; expiresAt: number }>;
  totals: Map<string, KeptTotal>;
  writes: number;
};

const keptPerDatabase = perDatabase<Kept>(() => ({ tableSizes: new Map(), totals: new Map(), writes: 0 }));
const keptOf = keptPerDatabase.of;

// A write on another node of this database ends the exact totals here too.
onClusterEvent((db, event) => {
  if (event.kind === 'lists' || event.kind === 'all') keptOf(db).writes += 1;
});

/** The planner's size of a table: its rows and pages (from its statistics, not by counting). */
type TableSize = { rows: number; pages: number };

/** The planner's size of the list's base table. */
async function tableSize(db: Database, definition: List): Promise<TableSize> {
  const table = getTableName(definition.id.table);
  const sizes = keptOf(db).tableSizes;
  const now = Date.now();
  const known = sizes.get(table);
  if (known && known.expiresAt > now) return known.size;
  const [size] = await selectRows<{ n: number; pages: number }>(
    db,
    sql`select greatest(reltuples, 0)::float8 as n, relpages::int as pages from pg_class where oid = to_regclass(${table})`,
  );
  const measured = { rows: Number(size?.n ?? 0), pages: Number(size?.pages ?? 0) };
  sizes.set(table, { size: measured, expiresAt: now + TABLE_SIZE_TTL_MS });
  return measured;
}

/**
 * A small table's list is counted at once, up to EXACT_COUNT_CAP (DESIGN.md 4). A large table's
 * is first estimated by the planner (cheap): where it expects few rows they are counted so too;
 * where it expects many, a sample says how many, and only a sample of few rows leads to a count.
 * Above the cap the total is an estimate (never below the cap): the sample's where the table can
 * be sampled (it sees correlated filters, which the planner misjudges several times over), else
 * the planner's.
 */
async function countRows(db: Database, definition: List, where: SQL): Promise<ListTotal> {
  const size = await tableSize(db, definition);
  let estimate: number | null = null;
  let planned: number | null = null;
  if (size.rows > COUNT_BELOW_ESTIMATE) {
    planned = await plannedRows(db, definition, where);
    if (planned > COUNT_BELOW_ESTIMATE) {
      const sampled = await sampledRows(db, definition, size, where);
      estimate = sampled ?? planned;
      if (estimate > (sampled === null ? COUNT_BELOW_ESTIMATE : COUNT_BELOW_SAMPLED)) {
        return { total: estimate, isExact: false };
      }
    }
  }
  const [capped] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${definition.from} where ${where} limit ${EXACT_COUNT_CAP + 1}) as capped`,
  );
  const n = capped?.n ?? 0;
  if (n <= EXACT_COUNT_CAP) return { total: n, isExact: true };
  estimate ??=
    (await sampledRows(db, definition, size, where)) ?? planned ?? (await plannedRows(db, definition, where));
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
