import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, START_FLAGS } from '../../../../scripts/server-launch.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

function readyStatus(port: number): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/ready', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
  });
}

export type ServerProcess = {
  port: number;
  process: ChildProcess;
  /** Everything it printed so far. */
  log: () => string;
  /** Resolves with its exit code once it has ended. */
  exited: () => Promise<number | null>;
  /** SIGKILL, unless it has already ended. */
  kill: () => void;
};

/**
 * The real server (`src/main.ts`) as its own process on a free port, with the environment given
 * over the test's own (no web app, warnings only unless told otherwise). Resolves once
 * `/api/ready` answers 200.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { readyWithinMs = 90_000 }: { readyWithinMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...START_FLAGS, 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      SEED_DEMO: 'false',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const started: ServerProcess = {
    port,
    process: child,
    log: () => log,
    exited: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
        else child.once('exit', (code) => resolve(code));
      }),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${log}`);
    if ((await readyStatus(port)) === 200) return started;
    if (Date.now() > deadline) {
      started.kill();
      throw new Error(`the server did not get ready:\n${log}`);
    }
    await sleep(200);
  }
}
