import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A node leaving on SIGTERM (issue 21, item 3), as a real server process on its own database:
 * readiness turns 503 while the node still serves, every answer tells its kept-alive client to go
 * (`Connection: close`), the request in flight is answered, no request that reached the node is
 * reset, and the process ends with 0. Before, the idle kept-alive connections were closed under
 * their clients at once (2–6 of 8 clients saw a reset).
 */

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const CLIENTS = 8;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

type Answer = { status: number; connection: string | undefined; body: string };

function request(
  agent: http.Agent | undefined,
  port: number,
  options: { method?: string; path: string; body?: string; slowBodyMs?: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body ?? '';
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        path: options.path,
        method: options.method ?? 'GET',
        agent: agent ?? false,
        headers: body
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
          : {},
      },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          text += chunk;
        });
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, connection: incoming.headers.connection, body: text }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    if (!body) {
      outgoing.end();
      return;
    }
    // A slow client: the body arrives in two halves, `slowBodyMs` apart.
    const half = Math.floor(body.length / 2);
    outgoing.write(body.slice(0, half));
    globalThis.setTimeout(() => outgoing.end(body.slice(half)), options.slowBodyMs ?? 0);
  });
}

describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('a node leaving on SIGTERM', () => {
  let server: ChildProcess;
  let port: number;
  let dataDir: string;
  let log = '';
  const exited = () =>
    new Promise<number | null>((resolve) => {
      if (server.exitCode !== null) resolve(server.exitCode);
      else server.once('exit', (code) => resolve(code));
    });

  beforeAll(async () => {
    port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-leaving-'));
    server = spawn(process.execPath, ['src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_PASSWORD: 'Odlazak-Lozinka-1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent',
        SHUTDOWN_GRACE_SECONDS: '1.5',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${log}`);
      const ready = await request(undefined, port, { path: '/api/ready' }).catch(() => null);
      if (ready?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`the server did not get ready:\n${log}`);
      await sleep(200);
    }
  }, 120_000);

  afterAll(() => {
    if (server.exitCode === null) server.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says so on readiness, closes kept-alive connections with their answers, finishes the request in flight, resets nothing', async () => {
    expect(await request(undefined, port, { path: '/api/ready' })).toMatchObject({
      status: 200,
      body: '{"status":"ready"}',
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const errors: string[] = [];
    let answersBefore = 0;
    let isSignalled = false;
    // Each client asks again and again on its kept-alive connection until an answer tells it to
    // go: then, as a balancer that took the node out, it sends nothing more here.
    const clients = Array.from({ length: CLIENTS }, async () => {
      for (;;) {
        try {
          const answer = await request(agent, port, { path: '/api/health' });
          if (answer.status !== 200) errors.push(`status ${answer.status}`);
          if (!isSignalled) answersBefore += 1;
          if (answer.connection === 'close') return;
        } catch (error) {
          errors.push(String(error));
          return;
        }
        await sleep(5);
      }
    });
    await sleep(500);

    // Sent before the signal, its body completes after it: it is answered all the same.
    const inFlight = request(undefined, port, {
      method: 'POST',
      path: '/api/loginWeb',
      body: JSON.stringify({ username: 'nepostojeci', password: 'pogresna-lozinka' }),
      slowBodyMs: 1000,
    });
    await sleep(100);
    isSignalled = true;
    server.kill('SIGTERM');
    await sleep(300);
    expect(await request(undefined, port, { path: '/api/ready' })).toMatchObject({
      status: 503,
      body: '{"status":"draining"}',
    });
    await Promise.all(clients);
    expect((await inFlight).status).toBe(401);
    expect(errors).toEqual([]);
    expect(answersBefore).toBeGreaterThan(CLIENTS);

    expect(await exited()).toBe(0);
    // Gone: a new connection is refused, not accepted and dropped.
    await expect(request(undefined, port, { path: '/api/health' })).rejects.toThrow(/ECONNREFUSED/);
    agent.destroy();
  }, 60_000);
});
