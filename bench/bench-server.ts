/**
 * The server as the benches run it: built by `buildApp` as `main.ts` builds it, listening on a
 * free local port, signed in as the administrator the benches seed.
 */
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';

/** The administrator's password in every bench database (`seed(…, { adminPassword })`). */
export const ADMIN_PASSWORD = 'Bench-Lozinka-1';

export type BenchServer = { app: FastifyInstance; base: string; cookie: string };

export async function startBenchServer(
  database: Pick<DatabaseHandle, 'db' | 'driver'>,
): Promise<BenchServer> {
  const config = loadConfig({
    // Not 'warn': the server would say on every run that there is no web build to serve.
    LOG_LEVEL: 'error',
    WEB_DIST_DIR: '/nonexistent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(os.tmpdir(), 'usluge-bench', 'app-data'),
  });
  // No background jobs (the contacts' refund worker): their statements would land in a recording.
  const app = await buildApp({ config, db: database.db, driver: database.driver, areJobsStarted: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${base}/api/loginWeb`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { app, base, cookie };
}
