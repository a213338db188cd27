/**
 * The lists at scale: `POST /api/users/index` over 100 000 users, `POST /api/jobs/index` and the
 * members' `POST /api/ads/search` over 1 000 000 ads, the shell's `POST /api/search` over both, on PostgreSQL and on the embedded database
 * (PGlite). For each query: throughput
 * and latency through HTTP at 10 connections, beside the very statements one request sent (the
 * steady-state request: the second with the same body) replayed raw at the same concurrency, and
 * the ratio of the two; with both databases, the embedded database's time against PostgreSQL's.
 * On PostgreSQL also a fair limit (list-baseline.ts): a bare Fastify route running the same
 * statements prepared, answering JSON uncompressed, under the same load; ours ÷ that beside
 * ours ÷ raw, and each server's CPU per request.
 *
 *   node bench/list-api.ts [users|ads|search|global|both = all, or a comma list] [postgres|embedded|both = both] [seconds per query = 5]
 *     --postgres-url postgres://postgres@127.0.0.1:5432/postgres   (the bench uses its database usluge_bench_ads)
 *     --embedded-dir /tmp/usluge-bench/embedded                    (the PGlite data directory, kept)
 *     --sql                                                        (print the statements each query replays)
 *
 * The data (users-data.ts, ads-data.ts) is written once and kept; pending migrations are applied
 * and the tables analysed on every run. The server runs in this process; the HTTP load and the
 * PostgreSQL replay run in a child process (list-load-child.ts). The embedded replay runs here,
 * through the server's own PGlite handle: there is no other way to reach that database.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { ROLE } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Database, type DatabaseHandle, openDatabase } from '../apps/server/src/db/client.ts';
import type { PgliteThread } from '../apps/server/src/db/pglite-thread.ts';
import { prepareRepeatedSelects } from '../apps/server/src/db/prepared-statements.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { seed } from '../apps/server/src/db/seed/seed.ts';
import { generateAds } from './ads-data.ts';
import { ADMIN_PASSWORD, startBenchServer } from './bench-server.ts';
import { type CpuPerCall, withCpu } from './cpu-time.ts';
import { type Baseline, startBaseline } from './list-baseline.ts';
import { type LoadFigures, replayTask, runLoad, runLoadInChild, WARM_UP_SECONDS } from './list-load.ts';
import { LIST_BENCHES, type ListName } from './list-queries.ts';
import {
  createStatementRecorder,
  type RecordedRequest,
  type StatementRecorder,
} from './statement-recorder.ts';
import { generateUsers } from './users-data.ts';

type DatabaseKind = 'postgres' | 'embedded';

const CONNECTIONS = 10;
const BENCH_DATABASE = 'usluge_bench_ads';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'embedded-dir': { type: 'string', default: '/tmp/usluge-bench/embedded' },
    /** Print each query's recorded statements. */
    sql: { type: 'boolean', default: false },
  },
});

function choice<T extends string>(argument: string | undefined, all: readonly T[], what: string): T[] {
  if (argument === undefined || argument === 'both') return [...all];
  const chosen = argument.split(',');
  for (const item of chosen) {
    if (!all.includes(item as T)) throw new Error(`unknown ${what} '${item}': ${all.join(', ')} or both`);
  }
  return chosen as T[];
}

const lists = choice<ListName>(positionals[0], ['users', 'ads', 'search', 'global'], 'list');
const databases = choice<DatabaseKind>(positionals[1], ['postgres', 'embedded'], 'database');
const seconds = Number(positionals[2] ?? 5);
if (!(seconds > 0)) throw new Error(`seconds per query must be a positive number, not '${positionals[2]}'`);

const log = (line: string) => console.log(`  ${line}`);

/** A database ready for the bench: the app's handle (recorded) and how its statements are replayed. */
type BenchDatabase = {
  db: Database;
  driver: 'postgres' | 'pglite';
  recorder: StatementRecorder;
  replay: (request: RecordedRequest) => Promise<LoadFigures>;
  /** PostgreSQL only: the bare Fastify route that runs the recorded statements (list-baseline.ts). */
  baseline?: Baseline;
  close: () => Promise<void>;
};

/** Migrations (openDatabase applies them), seed, the data of the lists asked for, fresh statistics. */
async function prepare(handle: DatabaseHandle) {
  await seed(handle.db, { isDemoSeeded: false, adminPassword: ADMIN_PASSWORD });
  let hasChanged = await generateUsers(handle.db, log);
  if (lists.includes('ads') || lists.includes('search') || lists.includes('global')) {
    hasChanged = (await generateAds(handle.db, log)) || hasChanged;
  }
  // The search is the members': the administrator the bench signs in as holds that role too.
  await handle.db.execute(
    sql`insert into user_roles (user_id, role_id) select id, ${ROLE.member} from users where username = 'admin' on conflict do nothing`,
  );
  const started = performance.now();
  // As autovacuum leaves a live table: a visibility map for index-only scans; and statistics for
  // the indexes a new migration may have brought.
  await handle.db.execute(hasChanged ? sql`vacuum analyze` : sql`analyze`);
  log(`${hasChanged ? 'vacuum analyze' : 'analyze'}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function openPostgres(): Promise<BenchDatabase> {
  const admin = new pg.Client({ connectionString: options['postgres-url'] });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE]);
  if (exists.rowCount === 0) await admin.query(`create database ${BENCH_DATABASE}`);
  await admin.end();
  const url = new URL(options['postgres-url']);
  url.pathname = `/${BENCH_DATABASE}`;
  const connectionString = url.toString();

  const handle = await openDatabase({ driver: 'postgres', url: connectionString });
  await prepare(handle);
  await handle.close();

  const recorder = createStatementRecorder();
  const pool = new pg.Pool({ connectionString, max: CONNECTIONS });
  // As the server's own pool (db/client.ts): repeated selects as named prepared statements.
  pool.on('connect', prepareRepeatedSelects);
  recorder.watch(pool);
  const baseline = await startBaseline(connectionString, CONNECTIONS);
  return {
    db: drizzleNodePostgres(pool, { schema, logger: recorder.logger }) as unknown as Database,
    driver: 'postgres',
    recorder,
    baseline,
    replay: ({ statements }) =>
      runLoadInChild({
        target: { kind: 'postgres', connectionString, statements },
        seconds,
        connections: CONNECTIONS,
      }),
    close: async () => {
      await baseline.close();
      await pool.end();
    },
  };
}

async function openEmbedded(): Promise<BenchDatabase> {
  const started = performance.now();
  const handle = await openDatabase({ driver: 'pglite', dataDir: options['embedded-dir'] });
  log(`opened ${options['embedded-dir']} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await prepare(handle);
  // The server's Drizzle handle over the same PGlite thread, with the recorder's logger.
  const client = (handle.db as unknown as { $client: PgliteThread }).$client;
  const query = client.query.bind(client);
  const recorder = createStatementRecorder();
  recorder.watch(client);
  return {
    db: drizzlePglite(client as unknown as PGlite, {
      schema,
      logger: recorder.logger,
    }) as unknown as Database,
    driver: 'pglite',
    recorder,
    replay: ({ statements }) =>
      runLoad(
        replayTask((text, params) => query(text, params), statements),
        seconds,
        CONNECTIONS,
      ),
    close: () => handle.close(),
  };
}

type QueryFigures = {
  total: string;
  http: LoadFigures;
  raw: LoadFigures;
  recorded: RecordedRequest;
  /** CPU ms per call: the server's process, the load's, PostgreSQL's; over HTTP and raw. */
  cpu: { http: CpuPerCall; raw: CpuPerCall };
  /** PostgreSQL: the same load on the bare route (list-baseline.ts), and its CPU per call. */
  baseline?: { figures: LoadFigures; cpu: CpuPerCall };
};

/** Every query of one list on one database: HTTP from the child, then the replay. */
async function benchList(
  list: ListName,
  database: BenchDatabase,
  server: { base: string; cookie: string },
): Promise<Map<string, QueryFigures>> {
  const { path: route, queries: fixed, queriesOf } = LIST_BENCHES[list];
  const queries = [...fixed, ...((await queriesOf?.(database.db)) ?? [])];
  const url = `${server.base}${route}`;
  // As a browser asks: the server compresses answers over 1 KB (br).
  const headers = {
    'content-type': 'application/json',
    'accept-encoding': 'br, gzip',
    cookie: server.cookie,
  };
  const results = new Map<string, QueryFigures>();
  for (const query of queries) {
    const body = JSON.stringify(query.body);
    const call = async () => {
      const answer = await fetch(url, { method: 'POST', headers, body });
      if (answer.status !== 200) throw new Error(`${query.name}: ${answer.status} ${await answer.text()}`);
      const json = (await answer.json()) as {
        total_rows?: number;
        total_rows_exact?: boolean;
        result: unknown[];
      };
      // The global search answers no total: how many it found (at most 20).
      return {
        total_rows: json.total_rows ?? json.result.length,
        total_rows_exact: json.total_rows_exact ?? true,
      };
    };
    // The steady state: the first call may count (an estimated total is then reused for 30 s).
    // Of the next two, the one with fewer statements: the other may have looked the session up
    // again (its answer is kept 10 s), which most requests do not.
    const answer = await call();
    const [recorded] = [await database.recorder.record(call), await database.recorder.record(call)].sort(
      (a, b) => a.statements.length - b.statements.length,
    );
    if (!recorded) throw new Error(`${query.name}: nothing recorded`);
    if (options.sql) {
      console.log(`\n  ${query.name}:`);
      for (const [index, statement] of recorded.statements.entries()) {
        console.log(
          `    ${index}${statement.after.length > 0 ? ` after ${statement.after.join(', ')}` : ''}: ${statement.sql.replace(/\s+/g, ' ')} -- ${JSON.stringify(statement.params)}`,
        );
      }
    }
    const [http, httpCpu] = await withCpu(() =>
      runLoadInChild({ target: { kind: 'http', url, headers, body }, seconds, connections: CONNECTIONS }),
    );
    const [raw, rawCpu] = await withCpu(() => database.replay(recorded));
    let baseline: QueryFigures['baseline'];
    if (database.baseline) {
      database.baseline.serve(recorded.statements);
      const target = { kind: 'http' as const, url: database.baseline.url, headers, body };
      const [figures, cpu] = await withCpu(() =>
        runLoadInChild({ target, seconds, connections: CONNECTIONS }),
      );
      baseline = { figures, cpu };
    }
    results.set(query.name, {
      total: `${answer.total_rows_exact ? '' : '~'}${answer.total_rows.toLocaleString('en')}`,
      http,
      raw,
      recorded,
      cpu: { http: httpCpu, raw: rawCpu },
      ...(baseline ? { baseline } : {}),
    });
    process.stdout.write('.');
  }
  process.stdout.write('\n');
  return results;
}

// No figure (null): nothing was measured, e.g. a request with no statement to replay.
const ms = (value: number | null) => (value === null ? '–' : value.toFixed(1));
const ms2 = (value: number) => value.toFixed(2);
const times = (value: number) => `${value.toFixed(2)}×`;

function printTable(header: string[], rows: (string | number)[][], rightFrom = 1) {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => (column < rightFrom ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((width, column) => (column < rightFrom ? `${'-'.repeat(width + 2)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  );
  for (const row of cells.slice(1)) console.log(line(row));
}

/** "3 (2 at once)": the statements of a request, and the most it had in flight together. */
const statementsOf = ({ statements, mostAtOnce }: RecordedRequest) =>
  mostAtOnce > 1 ? `${statements.length} (${mostAtOnce} at once)` : String(statements.length);

const DATABASE_NAMES: Record<DatabaseKind, string> = {
  postgres: 'PostgreSQL',
  embedded: 'embedded (PGlite)',
};

const startedAt = new Date();
console.log(
  `Lists bench ${startedAt.toISOString()}: Node ${process.version}, ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? '?'}), load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
console.log(
  `${CONNECTIONS} connections, ${seconds} s per query after ${WARM_UP_SECONDS} s of warm-up; lists: ${lists.join(', ')}; databases: ${databases.join(', ')}`,
);

const figures = new Map<DatabaseKind, Map<ListName, Map<string, QueryFigures>>>();
for (const kind of databases) {
  console.log(`\n${DATABASE_NAMES[kind]}: preparing`);
  const database = kind === 'postgres' ? await openPostgres() : await openEmbedded();
  const server = await startBenchServer(database);
  const byList = new Map<ListName, Map<string, QueryFigures>>();
  figures.set(kind, byList);
  for (const list of lists) {
    process.stdout.write(`  ${list}: `);
    byList.set(list, await benchList(list, database, server));
  }
  await server.app.close();
  await database.close();
}

for (const [kind, byList] of figures) {
  for (const [list, results] of byList) {
    console.log(
      `\nPOST ${LIST_BENCHES[list].path} over ${LIST_BENCHES[list].rows.toLocaleString('en')} ${list}, ${DATABASE_NAMES[kind]}${kind === 'embedded' ? ' (raw: the same PGlite handle, in process)' : ''}`,
    );
    printTable(
      [
        'query',
        'total',
        'HTTP req/s',
        'p50',
        'p99',
        'raw req/s',
        'raw p50',
        'raw p99',
        'statements',
        'ratio',
      ],
      [...results].map(([name, result]) => [
        name,
        result.total,
        Math.round(result.http.perSecond),
        ms(result.http.p50),
        ms(result.http.p99),
        Math.round(result.raw.perSecond),
        ms(result.raw.p50),
        ms(result.raw.p99),
        statementsOf(result.recorded),
        (result.http.perSecond / result.raw.perSecond).toFixed(2),
      ]),
    );
    // On the embedded database the server, its database and the raw replay share one process.
    if (kind !== 'postgres') continue;
    console.log(
      '\nCPU ms per request (all processes on this machine; with every core busy, raw total ÷ HTTP total bounds the ratio)',
    );
    printTable(
      ['query', 'HTTP: server', 'load', 'PostgreSQL', 'total', 'raw: load', 'PostgreSQL', 'total', 'bound'],
      [...results].map(([name, { cpu }]) => {
        const httpTotal = cpu.http.server + cpu.http.load + cpu.http.database;
        // The replay's server process only waits: its load and PostgreSQL do the work.
        const rawTotal = cpu.raw.load + cpu.raw.database;
        return [
          name,
          ms2(cpu.http.server),
          ms2(cpu.http.load),
          ms2(cpu.http.database),
          ms2(httpTotal),
          ms2(cpu.raw.load),
          ms2(cpu.raw.database),
          ms2(rawTotal),
          (rawTotal / httpTotal).toFixed(2),
        ];
      }),
    );
    console.log(
      '\nBaseline: a bare Fastify route running the same statements prepared, JSON uncompressed (list-baseline.ts); server CPU ms per request',
    );
    printTable(
      [
        'query',
        'ours req/s',
        'baseline req/s',
        'raw req/s',
        'ours ÷ baseline',
        'ours ÷ raw',
        'baseline ÷ raw',
        'server CPU: ours',
        'baseline',
      ],
      [...results].flatMap(([name, result]) => {
        if (!result.baseline) return [];
        const ours = result.http.perSecond;
        const { figures, cpu } = result.baseline;
        return [
          [
            name,
            Math.round(ours),
            Math.round(figures.perSecond),
            Math.round(result.raw.perSecond),
            (ours / figures.perSecond).toFixed(2),
            (ours / result.raw.perSecond).toFixed(2),
            (figures.perSecond / result.raw.perSecond).toFixed(2),
            ms2(result.cpu.http.server),
            ms2(cpu.server),
          ],
        ];
      }),
    );
  }
}

const postgres = figures.get('postgres');
const embedded = figures.get('embedded');
if (postgres && embedded) {
  for (const list of lists) {
    const onPostgres = postgres.get(list);
    const onEmbedded = embedded.get(list);
    if (!onPostgres || !onEmbedded) continue;
    console.log(`\n${list}: embedded time ÷ PostgreSQL time (HTTP; time per request = 1 ÷ req/s)`);
    printTable(
      ['query', 'PostgreSQL req/s', 'embedded req/s', 'time', 'p50', 'p99', 'raw time'],
      [...onPostgres].flatMap(([name, pgResult]) => {
        const embeddedResult = onEmbedded.get(name);
        if (!embeddedResult) return [];
        return [
          [
            name,
            Math.round(pgResult.http.perSecond),
            Math.round(embeddedResult.http.perSecond),
            times(pgResult.http.perSecond / embeddedResult.http.perSecond),
            times(embeddedResult.http.p50 / pgResult.http.p50),
            times(embeddedResult.http.p99 / pgResult.http.p99),
            times(pgResult.raw.perSecond / embeddedResult.raw.perSecond),
          ],
        ];
      }),
    );
  }
}
console.log(`\nFinished in ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s`);
