/**
 * Cold start: the time from starting the server process (`node <flags> apps/server/src/main.ts`
 * with the Node flags `npm start` gives it, as `npm start` does once the web app is built) to its first healthy `/api/health`, on an existing
 * embedded data directory and on PostgreSQL, median of N runs; the server's idle memory (RSS 2 s
 * after start) and its peak (VmHWM), read from /proc; and the same start after the previous server
 * was killed with SIGKILL (a crash: no clean shutdown, a stale data-dir lock, recovery to replay).
 *
 *   node bench/cold-start.ts [runs=5] [postgres URL of a server, default postgres://postgres@127.0.0.1:5432/postgres]
 *
 * The first start of each database (creating it, migrating, seeding) is not counted: it prepares
 * the data the measured starts then open.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, START_FLAGS } from '../scripts/server-launch.ts';

const RUNS = Number(process.argv[2] ?? 5);
const SERVER_URL = process.argv[3] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = path.resolve(import.meta.dirname, '..');
const BENCH_DATABASE = 'usluge_bench_cold_start';

/** A /proc/<pid>/status figure in MB: VmRSS (resident now) or VmHWM (the most ever resident). */
function statusMegabytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return kilobytes / 1024;
}

function stop(server: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill(signal);
  });
}

type Start = { readyMs: number; idleRssMb: number; peakRssMb: number };

/** Starts the server, waits for health, lets it settle, reads its memory, stops it with `signal`. */
async function startOnce(
  env: Record<string, string>,
  signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM',
): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, [...START_FLAGS, 'apps/server/src/main.ts'], {
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
    return {
      readyMs,
      idleRssMb: server.pid ? statusMegabytes(server.pid, 'VmRSS') : Number.NaN,
      peakRssMb: server.pid ? statusMegabytes(server.pid, 'VmHWM') : Number.NaN,
    };
  } finally {
    await stop(server, signal);
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
  // Each of these starts follows a server killed with SIGKILL (the first kill is not counted).
  await startOnce(env, 'SIGKILL');
  const afterKills: Start[] = [];
  for (let run = 0; run < RUNS; run++) afterKills.push(await startOnce(env, 'SIGKILL'));
  const range = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
  return {
    database: label,
    'median ready (ms)': Math.round(median(starts.map((s) => s.readyMs))),
    'min–max (ms)': range(starts.map((s) => s.readyMs)),
    'idle RSS (MB)': Math.round(median(starts.map((s) => s.idleRssMb))),
    'peak RSS (MB)': Math.round(Math.max(...starts.map((s) => s.peakRssMb))),
    'after kill -9 (ms)': Math.round(median(afterKills.map((s) => s.readyMs))),
    'after kill -9 min–max': range(afterKills.map((s) => s.readyMs)),
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
    `Cold start to a healthy /api/health, ${RUNS} runs each (Node ${process.version} ${START_FLAGS.join(' ')}, ${os.cpus().length} CPUs)`,
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
