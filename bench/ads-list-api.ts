/**
 * `POST /api/jobs/index` at a million ads, on PostgreSQL: for each of six list queries, the
 * throughput and latency through HTTP at 10 connections, beside the very SQL statements a request
 * sends once its total is known (the second call with the same filters), replayed raw, one after
 * another, through a pool at the same concurrency.
 *
 *   node bench/ads-list-api.ts [seconds per query = 5] [server URL = postgres://postgres@127.0.0.1:5432/postgres]
 *
 * It creates the database usluge_bench_ads once (1 000 000 ads, 100 000 users: bench/ads-data.ts,
 * a few minutes) and keeps it for later runs; drop it to start again.
 */
import type { AddressInfo } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { seed } from '../apps/server/src/db/seed/seed.ts';
import { ADS, generateAds } from './ads-data.ts';

const SECONDS = Number(process.argv[2] ?? 5);
const SERVER_URL = process.argv[3] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'usluge_bench_ads';
const CONNECTIONS = 10;
const ADMIN_PASSWORD = 'Bench-Lozinka-1';

const QUERIES: { name: string; body: Record<string, unknown> }[] = [
  {
    name: 'page 1 by updated_at',
    body: { options: { page: 1, itemsPerPage: 10, sortBy: ['updated_at'], sortDesc: [true] } },
  },
  {
    name: 'page 5 000',
    body: { options: { page: 5000, itemsPerPage: 10, sortBy: ['updated_at'], sortDesc: [true] } },
  },
  { name: 'title contains (~1 %)', body: { filters: { title: 'br. 99' } } },
  {
    name: 'price_from ≥ 500, price_to ≤ 2000',
    body: {
      filters: { price_from: { operator: 'gte', value: 500 }, price_to: { operator: 'lte', value: 2000 } },
    },
  },
  { name: 'user name contains', body: { filters: { user_name: 'Šćekić' } } },
  { name: "status 'Čeka odobrenje'", body: { filters: { status: 1 } } },
];

type Figures = { perSecond: number; p50: number; p95: number; p99: number; count: number };

/** Runs `task` from CONNECTIONS loops for SECONDS; latencies in ms. */
async function load(task: () => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        await task();
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return {
    perSecond: latencies.length / SECONDS,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    count: latencies.length,
  };
}

const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
if (exists.rowCount === 0) await admin.query(`create database ${DATABASE}`);
await admin.end();
const url = new URL(SERVER_URL);
url.pathname = `/${DATABASE}`;

const handle = await openDatabase({ driver: 'postgres', url: url.toString() });
await seed(handle.db, { isDemoSeeded: false, adminPassword: ADMIN_PASSWORD });
await generateAds(handle.db, (line) => console.log(`  data: ${line}`));
await handle.close();

// The app's database handle records the statements of one request when asked to.
let recording: { sql: string; params: unknown[] }[] | null = null;
const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (query, params) => recording?.push({ sql: query, params }) },
}) as unknown as Database;
const config = loadConfig({
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: '/nonexistent',
  HOST: '127.0.0.1',
  PORT: '0',
  DATABASE_URL: url.toString(),
});
const app = await buildApp({ config, db, driver: 'postgres' });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const login = await fetch(`${base}/api/loginWeb`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
});
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const raw = new pg.Pool({ connectionString: url.toString(), max: CONNECTIONS });

const rows: Record<string, string | number>[] = [];
for (const query of QUERIES) {
  const call = async () => {
    const answer = await fetch(`${base}/api/jobs/index`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(query.body),
    });
    if (answer.status !== 200) throw new Error(`${query.name}: ${answer.status} ${await answer.text()}`);
    await answer.arrayBuffer();
  };
  // The steady state: the first call may count; paging on with the same filters reuses the total.
  await call();
  recording = [];
  await call();
  const statements = recording;
  recording = null;
  const total = (await (
    await fetch(`${base}/api/jobs/index`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(query.body),
    })
  ).json()) as { total_rows: number; total_rows_exact?: boolean };
  const http = await load(call);
  const replay = await load(async () => {
    for (const statement of statements) await raw.query(statement.sql, statement.params);
  });
  rows.push({
    query: query.name,
    total: `${total.total_rows_exact === false ? '~' : ''}${total.total_rows.toLocaleString('en')}`,
    'HTTP req/s': Math.round(http.perSecond),
    'p50 ms': Number(http.p50.toFixed(1)),
    'p95 ms': Number(http.p95.toFixed(1)),
    'p99 ms': Number(http.p99.toFixed(1)),
    'raw SQL req/s': Math.round(replay.perSecond),
    'raw p50': Number(replay.p50.toFixed(1)),
    'raw p99': Number(replay.p99.toFixed(1)),
    statements: statements.length,
    ratio: Number((http.perSecond / replay.perSecond).toFixed(2)),
  });
}
console.log(
  `POST /api/jobs/index over ${ADS.toLocaleString('en')} ads, ${CONNECTIONS} connections, ${SECONDS} s each (Node ${process.version})`,
);
console.table(rows);
await app.close();
await pool.end();
await raw.end();
