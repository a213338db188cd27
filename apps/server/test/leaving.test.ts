import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './helpers/server-process.ts';

/**
 * A node leaving on SIGTERM (issue 21, item 3), as a real server process on its own database:
 * readiness turns 503 while the node still serves, every answer tells its kept-alive client to go
 * (`Connection: close`), the request in flight is answered, no request that reached the node is
 * reset, and the process ends with 0. Before, the idle kept-alive connections were closed under
 * their clients at once (2–6 of 8 clients saw a reset).
 */

const CLIENTS = 8;

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
  let server: ServerProcess;
  let port: number;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-leaving-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_PASSWORD: 'Odlazak-Lozinka-1',
      SHUTDOWN_GRACE_SECONDS: '1.5',
    });
    port = server.port;
  }, 120_000);

  afterAll(() => {
    server.kill();
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
    server.process.kill('SIGTERM');
    await sleep(300);
    expect(await request(undefined, port, { path: '/api/ready' })).toMatchObject({
      status: 503,
      body: '{"status":"draining"}',
    });
    await Promise.all(clients);
    expect((await inFlight).status).toBe(401);
    expect(errors).toEqual([]);
    expect(answersBefore).toBeGreaterThan(CLIENTS);

    expect(await server.exited()).toBe(0);
    // Gone: a new connection is refused, not accepted and dropped.
    await expect(request(undefined, port, { path: '/api/health' })).rejects.toThrow(/ECONNREFUSED/);
    agent.destroy();
  }, 60_000);
});
