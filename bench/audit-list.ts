/**
 * The audit trail at scale: 2 000 000 entries on PostgreSQL (a throwaway database, created here and
 * dropped afterwards), then the first page of `POST /api/audit/index` through HTTP: unfiltered, by
 * actor, by action, by record, by a time range, and a record's timeline (`GET
 * /api/audit/timeline/…`). Each case is asked one request at a time (after a warm-up); p50 and p99.
 *
 *   node bench/audit-list.ts [requests per case = 300]
 *     --postgres-url postgres://postgres@127.0.0.1:5432/postgres   (the bench uses usluge_bench_audit)
 *     --keep                                                       (keep the database for another run)
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/seed.ts';
import { selectRows } from '../apps/server/src/db/select-rows.ts';
import { ADMIN_PASSWORD, startBenchServer } from './bench-server.ts';

const BENCH_DATABASE = 'usluge_bench_audit';
const ENTRIES = 2_000_000;
const WARM_UP = 30;

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
  },
});
const requests = Number(positionals[0] ?? 300);
if (!(requests > 0)) throw new Error(`requests per case must be a positive number, not '${positionals[0]}'`);

const log = (line: string) => console.log(`  ${line}`);

async function onServer(query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: options['postgres-url'] });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

const url = new URL(options['postgres-url']);
url.pathname = `/${BENCH_DATABASE}`;
// A database kept by an earlier `--keep` run is reused when it holds the entries; otherwise made anew.
if (!options.keep) await onServer(`drop database if exists ${BENCH_DATABASE}`);
await onServer(`create database ${BENCH_DATABASE}`).catch(() => {});

const handle = await openDatabase({ driver: 'postgres', url: url.toString() });
try {
  await seed(handle.db, { isDemoSeeded: false, adminPassword: ADMIN_PASSWORD });
  let started = performance.now();
  // 2 000 000 entries over a year: 500 actors, the actions as the product writes them (updates and
  // statuses most), 20 record types of 50 000 records each. One statement per 200 000 rows.
  const actions = [
    'create',
    'update',
    'update',
    'update',
    'toggle',
    'status',
    'status',
    'credits',
    'roles',
    'sign_in',
    'sign_in_failed',
    'unlock',
    'export',
    'seed_download',
  ];
  const types = [
    'users',
    'jobs',
    'os_countries',
    'os_cities',
    'services',
    'currencies',
    'days',
    'credit_prices',
    'user_types',
    'leads',
    'refund_requests',
    'ad_reports',
    'notifications',
    'transactions',
    'lead_transactions',
    'rejection_reasons',
    'favourites',
    'seeders',
    'me',
    'me_ads',
  ];
  const actionArray = `{${actions.join(',')}}`;
  const typeArray = `{${types.join(',')}}`;
  const [kept] = await selectRows<{ n: number }>(handle.db, sql`select count(*)::int as n from audit_log`);
  for (let from = (kept?.n ?? 0) >= ENTRIES ? ENTRIES + 1 : 1; from <= ENTRIES; from += 200_000) {
    const to = Math.min(ENTRIES, from + 199_999);
    await handle.db.execute(sql`
      insert into audit_log (created_at, actor_id, actor_name, ip, action, record_type, record_id, changes)
      select now() - interval '365 days' + (g * interval '365 days' / ${ENTRIES}),
             1000 + g % 500, 'Korisnik ' || (g % 500), ('10.0.' || (g % 250) || '.' || (g % 200))::inet,
             (${actionArray}::text[])[1 + (g * 3) % ${actions.length}],
             (${typeArray}::text[])[1 + (g * 13) % ${types.length}],
             1 + (g / ${types.length}) % 50000,
             jsonb_build_object('name', jsonb_build_object('before', 'Staro ' || g, 'after', 'Novo ' || g))
      from generate_series(${from}::int, ${to}::int) g`);
  }
  log(`${ENTRIES.toLocaleString('en')} entries: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  await handle.db.execute(sql`vacuum analyze audit_log`);
  log(`vacuum analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const server = await startBenchServer(handle);
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
  const [record = { record_type: 'jobs', record_id: 1 }] = await selectRows<{
    record_type: string;
    record_id: number;
  }>(
    handle.db,
    sql`select record_type, record_id from audit_log where record_type = 'jobs' order by id desc limit 1`,
  );
  const { record_type, record_id } = record;
  const list = (filters: object) => ({
    method: 'POST',
    path: '/api/audit/index',
    body: JSON.stringify({
      filters,
      options: { page: 1, itemsPerPage: 25, sortBy: ['created_at'], sortDesc: [true] },
    }),
  });
  const cases: [string, { method: string; path: string; body?: string }][] = [
    ['unfiltered', list({})],
    ['by actor', list({ actor_id: 1234 })],
    ['by action', list({ action: 'unlock' })],
    ['by record', list({ record_type, record_id })],
    [
      'by time range (a week, from a day ago)',
      list({ created_at: { operator: 'between', value: [weekAgo, dayAgo] } }),
    ],
    ['timeline of one record', { method: 'GET', path: `/api/audit/timeline/${record_type}/${record_id}` }],
  ];
  console.log(`\n${requests} requests per case, one at a time (after ${WARM_UP}):`);
  console.log('| case | rows | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|');
  for (const [name, request] of cases) {
    const times: number[] = [];
    let rows = 0;
    for (let index = 0; index < WARM_UP + requests; index++) {
      const asked = performance.now();
      const answer = await fetch(`${server.base}${request.path}`, {
        method: request.method,
        headers: {
          cookie: server.cookie,
          origin: server.base,
          ...(request.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(request.body ? { body: request.body } : {}),
      });
      const body = (await answer.json()) as { result?: unknown[]; rows?: unknown[] };
      if (!answer.ok) throw new Error(`${name}: ${answer.status} ${JSON.stringify(body)}`);
      if (index >= WARM_UP) times.push(performance.now() - asked);
      rows = (body.result ?? body.rows ?? []).length;
    }
    times.sort((a, b) => a - b);
    const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0;
    console.log(`| ${name} | ${rows} | ${at(0.5).toFixed(1)} | ${at(0.99).toFixed(1)} |`);
  }
  await server.app.close();
} finally {
  await handle.close();
  if (!options.keep) await onServer(`drop database ${BENCH_DATABASE}`);
}
