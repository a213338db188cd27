/**
 * Cold start: the time from starting the server process (`node apps/server/src/main.ts`, as
 * `npm start` does once the web app is built) to its first healthy `/api/health`, on an existing
 * embedded data directory and on PostgreSQL, median of N runs; and the server's idle memory
 * (RSS and V8 heap after start, read from /proc) beside it.
 *
 *   node bench/cold-start.ts [runs=5] [postgres URL of a server, default postgres://postgres@127.0.0.1:5432/postgres]
 *
 * The first start of each database (creating it, migrating, seeding) is not counted: it prepares
 * the data the measured starts then open.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const RUNS = Number(process.argv[2] ?? 5);
const SERVER_URL = process.argv[3] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = path.resolve(import.meta.dirname, '..');
const BENCH_DATABASE = 'usluge_bench_cold_start';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function rssMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kilobytes / 1024;
}

function stop(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}

type Start = { readyMs: number; idleRssMb: number };

/** Starts the server, waits for health, lets it settle, reads its memory, stops it. */
async function startOnce(env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (answer?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const readyMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return { readyMs, idleRssMb: server.pid ? rssMegabytes(server.pid) : Number.NaN };
  } finally {
    await stop(server);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function measure(label: string, env: Record<string, string>) {
  await startOnce(env); // prepares the data: not counted
  const starts: Start[] = [];
  for (let run = 0; run < RUNS; run++) starts.push(await startOnce(env));
  return {
    database: label,
    'median ready (ms)': Math.round(median(starts.map((s) => s.readyMs))),
    'min–max (ms)': `${Math.round(Math.min(...starts.map((s) => s.readyMs)))}–${Math.round(Math.max(...starts.map((s) => s.readyMs)))}`,
    'idle RSS (MB)': Math.round(median(starts.map((s) => s.idleRssMb))),
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-cold-start-'));
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`drop database if exists ${BENCH_DATABASE}`);
await admin.query(`create database ${BENCH_DATABASE}`);
const databaseUrl = new URL(SERVER_URL);
databaseUrl.pathname = `/${BENCH_DATABASE}`;

try {
  console.log(
    `Cold start to a healthy /api/health, ${RUNS} runs each (Node ${process.version}, ${os.cpus().length} CPUs)`,
  );
  const embedded = await measure('embedded (PGlite, existing data dir with demo data)', {
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    ADMIN_PASSWORD: 'Bench-Lozinka-1',
  });
  const server = await measure('PostgreSQL', {
    DATABASE_URL: databaseUrl.toString(),
    SEED_DEMO: 'true',
    ADMIN_PASSWORD: 'Bench-Lozinka-1',
  });
  console.table([embedded, server]);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await admin.end();
}
