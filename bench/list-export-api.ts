/**
 * A 100 000-row list export through the whole server: `POST /api/users/index` with `is_report`
 * and `report_ignore_pagination` over HTTP, the list engine (the matching ids, then the rows in
 * batches) and the report writers in a worker thread; on the embedded database (PGlite, in the
 * server's process, as `npm start` runs it without DATABASE_URL) and on PostgreSQL. Meanwhile
 * `GET /api/health` is asked every 20 ms, which is what every other user of the server feels.
 *
 *   node bench/list-export-api.ts [rows = 100000] [formats = xlsx,pdf,docx] [embedded|postgres|both = both]
 *     --postgres-url postgres://postgres@127.0.0.1:5432/postgres   (it creates and drops its own database)
 *
 * The server runs in this process; the HTTP client (the download and the health probe) runs in a
 * child process, so its work neither slows the server's event loop nor counts in its memory. Each
 * format gets a server of its own on the same data: its report worker starts with the export, as on
 * a server that had been idle. Peak RSS growth: the highest RSS of this process during the export
 * (sampled every 50 ms) minus its RSS just before, idle after a forced collection. The first line of
 * each database ('idle') asks for health for 5 s with no export: what the machine alone costs. The
 * event loop delay (perf_hooks, 10 ms resolution) tells the server's own blocking apart from
 * waiting for a CPU that other work holds.
 */
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { seed } from '../apps/server/src/db/seed/seed.ts';
import { ADMIN_PASSWORD, startBenchServer } from './bench-server.ts';

type Format = 'pdf' | 'xlsx' | 'docx';
type DatabaseKind = 'embedded' | 'postgres';
/** 'idle': no export, the health probe alone for IDLE_MS: what the machine's load alone costs. */
type ExportOrder = { base: string; cookie: string; format: Format | 'idle' };
type ExportResult = { seconds: number; bytes: number; health: number[] };

const CLIENT_FLAG = '--client';
const HEALTH_EVERY_MS = 20;
const IDLE_MS = 5000;
const RSS_EVERY_MS = 50;
const BENCH_DATABASE = 'usluge_bench_export';

/** The child: runs one export at a time for the parent, asking for health meanwhile. */
async function runClient(): Promise<void> {
  process.on('message', async (order: ExportOrder) => {
    const health: number[] = [];
    let isExporting = true;
    const probe = (async () => {
      while (isExporting) {
        const asked = performance.now();
        await (await fetch(`${order.base}/api/health`)).arrayBuffer();
        health.push(performance.now() - asked);
        await sleep(HEALTH_EVERY_MS);
      }
    })();
    const started = performance.now();
    if (order.format === 'idle') {
      await sleep(IDLE_MS);
      isExporting = false;
      await probe;
      process.send?.({ seconds: IDLE_MS / 1000, bytes: 0, health } satisfies ExportResult);
      return;
    }
    const response = await fetch(`${order.base}/api/users/index`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: order.cookie },
      body: JSON.stringify({
        is_report: true,
        report_type: order.format,
        report_name: 'Korisnici',
        report_ignore_pagination: true,
        options: { page: 1, itemsPerPage: 10, sortBy: ['name'], sortDesc: [false] },
        show_columns: ['updated_at', 'name', 'last_name', 'email', 'username', 'phone', 'details', 'credit'],
      }),
    });
    if (!response.ok || !response.body)
      throw new Error(`${order.format}: ${response.status} ${await response.text()}`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += chunk.byteLength;
    const seconds = (performance.now() - started) / 1000;
    isExporting = false;
    await probe;
    process.send?.({ seconds, bytes, health } satisfies ExportResult);
  });
}

const collectGarbage = () => {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
};

/** The database with `rowCount` users (names and details with Montenegrin letters). */
async function openBenchDatabase(kind: DatabaseKind, rowCount: number, postgresUrl: string) {
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (kind === 'embedded') {
    handle = await openDatabase({ driver: 'pglite' });
  } else {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await admin.query(`create database ${BENCH_DATABASE}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${BENCH_DATABASE}`;
    handle = await openDatabase({ driver: 'postgres', url: url.toString() });
    drop = async () => {
      await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
      await admin.end();
    };
  }
  await seed(handle.db, { isDemoSeeded: false, adminPassword: ADMIN_PASSWORD });
  await handle.db.execute(sql`
    insert into ${users} (name, last_name, email, username, phone, details, credit, password_hash)
    select 'Šćepan ' || g, 'Žižić-Đurović', 'korisnik' || g || '@primjer.me', 'korisnik.' || g,
           '+382 67 ' || lpad(g::text, 6, '0'), 'Čišćenje, košenje i održavanje dvorišta', (g % 500), 'x'
    from generate_series(1, ${rowCount - 1}) as g`);
  // As a database in use would be: hint bits set and statistics known, so the first export does not
  // pay for the bulk insert.
  await handle.db.execute(sql`vacuum analyze ${users}`);
  return {
    handle,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}

/** One export on a server of its own: time, size, health latencies and the server's RSS growth. */
async function measureExport(client: ChildProcess, handle: DatabaseHandle, format: Format | 'idle') {
  const { app, base, cookie } = await startBenchServer(handle);
  try {
    collectGarbage();
    await sleep(500);
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, RSS_EVERY_MS);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const result = await new Promise<ExportResult>((resolve, reject) => {
      client.once('message', (message) => resolve(message as ExportResult));
      client.once('exit', (code) => reject(new Error(`the client ended (${code})`)));
      client.send({ base, cookie, format } satisfies ExportOrder);
    });
    clearInterval(sampler);
    loopDelay.disable();
    return {
      ...result,
      rssGrowth: peak - rssBefore,
      loopDelay: [loopDelay.percentile(99) / 1e6, loopDelay.max / 1e6],
    };
  } finally {
    await app.close();
  }
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' } },
  });
  const rowCount = Number(positionals[0] ?? 100_000);
  const formats = (positionals[1] ?? 'xlsx,pdf,docx').split(',') as Format[];
  const which = positionals[2] ?? 'both';
  const kinds: DatabaseKind[] = which === 'both' ? ['embedded', 'postgres'] : [which as DatabaseKind];

  console.log(
    `Export of ${rowCount.toLocaleString('en')} users through POST /api/users/index (Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(1)})`,
  );
  console.log(
    'database  format  seconds      size     rows/s  peak RSS growth  health p50 / p99 / max ms (probes)  event loop delay p99 / max ms',
  );
  const client = fork(fileURLToPath(import.meta.url), [CLIENT_FLAG], { stdio: 'inherit' });
  try {
    for (const kind of kinds) {
      const database = await openBenchDatabase(kind, rowCount, values['postgres-url']);
      try {
        for (const format of ['idle' as const, ...formats]) {
          const result = await measureExport(client, database.handle, format);
          const health = [...result.health].sort((a, b) => a - b);
          const latencies = [quantile(health, 0.5), quantile(health, 0.99), health.at(-1) ?? Number.NaN]
            .map((ms) => ms.toFixed(1))
            .join(' / ');
          console.log(
            [
              kind.padEnd(8),
              format.padEnd(6),
              result.seconds.toFixed(1).padStart(8),
              `${(result.bytes / 1e6).toFixed(1)} MB`.padStart(9),
              (format === 'idle' ? '' : Math.round(rowCount / result.seconds).toLocaleString('en')).padStart(
                10,
              ),
              `${Math.round(result.rssGrowth / 1e6)} MB`.padStart(16),
              `${latencies} (${health.length})`.padStart(34),
              result.loopDelay
                .map((ms) => ms.toFixed(0))
                .join(' / ')
                .padStart(14),
            ].join('  '),
          );
        }
      } finally {
        await database.close();
      }
    }
  } finally {
    client.kill();
  }
}

if (process.argv.includes(CLIENT_FLAG)) await runClient();
else await main();
