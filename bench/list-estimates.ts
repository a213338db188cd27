/**
 * How far the estimated totals of the lists bench's queries are from the truth (issue 22 item 3):
 * for each query of the users, ads and members' search lists (list-queries.ts) over the data the
 * lists bench loaded into `usluge_bench_ads` (run `node bench/list-api.ts` once first), the exact
 * `count(*)`, the planner's figure, what the list showed before sampling (the planner's figure
 * where the old rule took it), what it shows now (through HTTP, as a client sees it), their ratios
 * to the exact count, and what the total costs a request (ms: the first request of those filters,
 * whose total is counted or estimated, minus one whose total is kept).
 *
 *   node bench/list-estimates.ts [users|ads|search or a comma list = all three] [--postgres-url …]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { EXACT_COUNT_CAP, listRequestSchema } from '@usluge/contract';
import { type SQL, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { selectRows } from '../apps/server/src/db/select-rows.ts';
import type { ListDefinition } from '../apps/server/src/list-engine/list-definition.ts';
import { buildWhere } from '../apps/server/src/list-engine/list-query.ts';
import { forgetListTotals } from '../apps/server/src/list-engine/list-totals.ts';
import { adList } from '../apps/server/src/modules/ads/ad-list.ts';
import { adSearchList } from '../apps/server/src/modules/ads/ad-search-list.ts';
import { userList } from '../apps/server/src/modules/users/user-list.ts';
import { startBenchServer } from './bench-server.ts';
import { LIST_BENCHES } from './list-queries.ts';

type EstimatedList = 'users' | 'ads' | 'search';
const DEFINITIONS: Record<EstimatedList, ListDefinition<{ id: number }>> = {
  users: userList,
  ads: adList,
  search: adSearchList,
};
/** The rule list-totals.ts had before sampling: the planner's figure above this, not counted. */
const COUNT_BELOW_PLANNED = 10 * EXACT_COUNT_CAP;
const REPEATS = 3;

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' } },
});
const lists = (positionals[0]?.split(',') ?? ['users', 'ads', 'search']) as EstimatedList[];
for (const list of lists) {
  if (!(list in DEFINITIONS)) throw new Error(`unknown list '${list}': users, ads or search`);
}

const url = new URL(options['postgres-url']);
url.pathname = '/usluge_bench_ads';
const handle = await openDatabase({ driver: 'postgres', url: url.toString() });
const { db } = handle;
const server = await startBenchServer(handle);
const [admin] = await selectRows<{ id: number }>(db, sql`select id from users where username = 'admin'`);
if (!admin) throw new Error('no administrator: load the data with node bench/list-api.ts first');

async function plannedRows(definition: ListDefinition<{ id: number }>, where: SQL): Promise<number> {
  const [plan] = await selectRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    db,
    sql`explain (format json) select 1 from ${definition.from} where ${where}`,
  );
  return plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

console.log(
  `List estimates ${new Date().toISOString()}: ${os.availableParallelism()} cores, load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}; exact count cap ${EXACT_COUNT_CAP}`,
);
const worst: { name: string; ratio: number }[] = [];
for (const list of lists) {
  const definition = DEFINITIONS[list];
  const bench = LIST_BENCHES[list];
  const queries = [...bench.queries, ...((await bench.queriesOf?.(db)) ?? [])];
  console.log(`\nPOST ${bench.path}`);
  console.log(
    '| query | exact | planner | before | ÷ exact | shown now | ÷ exact | total ms (now) | count(*) ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const query of queries) {
    const request = listRequestSchema.parse(query.body);
    const where = buildWhere(definition, request, 'index', { userId: admin.id });
    const countStarted = performance.now();
    const [counted] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${definition.from} where ${where}`,
    );
    const countMs = performance.now() - countStarted;
    const exact = counted?.n ?? 0;
    const planned = await plannedRows(definition, where);
    const before =
      planned > COUNT_BELOW_PLANNED
        ? planned
        : exact <= EXACT_COUNT_CAP
          ? exact
          : Math.max(planned, EXACT_COUNT_CAP + 1);
    const post = async () => {
      const started = performance.now();
      const answer = await fetch(`${server.base}${bench.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: server.cookie },
        body: JSON.stringify(query.body),
      });
      if (answer.status !== 200) throw new Error(`${query.name}: ${answer.status} ${await answer.text()}`);
      const body = (await answer.json()) as { total_rows: number; total_rows_exact: boolean };
      return { ...body, ms: performance.now() - started };
    };
    const cold: number[] = [];
    const warm: number[] = [];
    let shown = { total_rows: 0, total_rows_exact: true };
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      forgetListTotals(db);
      const first = await post();
      shown = first;
      cold.push(first.ms);
      warm.push((await post()).ms);
    }
    const ratio = (value: number) =>
      exact === 0 ? (value === 0 ? 1 : Number.POSITIVE_INFINITY) : value / exact;
    // Off by a factor, whichever way: 0.5 is as far as 2.
    const factor = (value: number) => Math.max(ratio(value), 1 / ratio(value));
    if (!shown.total_rows_exact)
      worst.push({ name: `${list}: ${query.name}`, ratio: factor(shown.total_rows) });
    const figure = (value: number, isExact: boolean) => `${isExact ? '' : '≈'}${value.toLocaleString('en')}`;
    console.log(
      `| ${query.name} | ${exact.toLocaleString('en')} | ${planned.toLocaleString('en')} | ${figure(before, before === exact && exact <= EXACT_COUNT_CAP)} | ${ratio(before).toFixed(2)} | ${figure(shown.total_rows, shown.total_rows_exact)} | ${ratio(shown.total_rows).toFixed(2)} | ${(median(cold) - median(warm)).toFixed(1)} | ${countMs.toFixed(0)} |`,
    );
  }
}
const [farthest] = worst.sort((a, b) => b.ratio - a.ratio);
console.log(
  `\nEstimated totals shown: ${worst.length}; the farthest from the truth: ${farthest ? `${farthest.name}, ${farthest.ratio.toFixed(2)}×` : 'none'} (target ≤ 1.5×)`,
);
await server.app.close();
await handle.close();
