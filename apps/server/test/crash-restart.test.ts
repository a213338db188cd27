import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './helpers/server-process.ts';

/**
 * The embedded database after a crash: a server killed with SIGKILL leaves its data-dir lock and
 * PGlite's write-ahead log behind; the next start on the same directory takes the lock over, brings
 * the database back with every committed write, and answers. Real server processes (src/main.ts).
 */
const ADMIN_PASSWORD = `Pad-Lozinka-${process.pid}`;

describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('a server killed with SIGKILL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-crash-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD };
  let server: ServerProcess | undefined;

  afterAll(() => {
    server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts again on its data directory with what it had committed', async () => {
    server = await startServerProcess(env, { readyWithinMs: 120_000 });
    const base = () => `http://127.0.0.1:${server?.port}`;
    const signIn = await fetch(`${base()}/api/loginWeb`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    expect((await fetch(`${base()}/api/user`, { headers: { cookie } })).status).toBe(200);

    server.kill();
    await server.exited();
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    const started = performance.now();
    server = await startServerProcess(env, { readyWithinMs: 60_000 });
    console.log(`ready ${Math.round(performance.now() - started)} ms after SIGKILL`);
    // The session the first process wrote is there: its commit survived the kill.
    expect((await fetch(`${base()}/api/user`, { headers: { cookie } })).status).toBe(200);
  }, 240_000);
});
