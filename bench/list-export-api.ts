/**
 * Times a 100 000-row list export through the whole server: HTTP, the list engine (ids on the
 * indexes, rows in batches of 1000) and the report writers (in a worker thread), on the embedded
 * database; and how `GET /api/health` answers meanwhile (every 20 ms), which is what every other
 * user of the server feels during an export.
 *
 *   node bench/list-export-api.ts [rows] [formats]
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { seed } from '../apps/server/src/db/seed/seed.ts';

const rowCount = Number(process.argv[2] ?? 100_000);
const formats = (process.argv[3] ?? 'xlsx,docx,pdf').split(',') as ('pdf' | 'xlsx' | 'docx')[];
const ADMIN_PASSWORD = 'Bench-Lozinka-1';

const handle = await openDatabase({ driver: 'pglite' });
await seed(handle.db, { isDemoSeeded: false, adminPassword: ADMIN_PASSWORD });
await handle.db.execute(sql`
  insert into ${users} (name, last_name, email, username, phone, details, credit, password_hash)
  select 'Šćepan ' || g, 'Žižić-Đurović', 'korisnik' || g || '@primjer.me', 'korisnik.' || g,
         '+382 67 ' || lpad(g::text, 6, '0'), 'Čišćenje, košenje i održavanje dvorišta', (g % 500), 'x'
  from generate_series(1, ${rowCount - 1}) as g`);
await handle.db.execute(sql`analyze ${users}`);

const config = loadConfig({ LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent', HOST: '127.0.0.1', PORT: '0' });
const app = await buildApp({ config, db: handle.db, driver: handle.driver });
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

console.log(
  `Export of ${rowCount.toLocaleString('en')} users through POST /api/users/index (PGlite, in process)`,
);
console.log('format  seconds      size     rows/s  peak RSS growth  health p50 / p99 / max ms');
for (const format of formats) {
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const health: number[] = [];
  let isExporting = true;
  const probe = (async () => {
    while (isExporting) {
      const asked = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      health.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const response = await fetch(`${base}/api/users/index`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      is_report: true,
      report_type: format,
      report_name: 'Korisnici',
      report_ignore_pagination: true,
      options: { page: 1, itemsPerPage: 10, sortBy: ['name'], sortDesc: [false] },
      show_columns: ['updated_at', 'name', 'last_name', 'email', 'username', 'phone', 'details', 'credit'],
    }),
  });
  if (!response.ok || !response.body)
    throw new Error(`${format}: ${response.status} ${await response.text()}`);
  let size = 0;
  for await (const chunk of response.body) size += chunk.byteLength;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  isExporting = false;
  await probe;
  health.sort((a, b) => a - b);
  const at = (q: number) => health[Math.min(health.length - 1, Math.floor(q * health.length))] ?? Number.NaN;
  console.log(
    `${format.padEnd(6)} ${seconds.toFixed(1).padStart(8)} ${`${(size / 1e6).toFixed(1)} MB`.padStart(9)} ${Math.round(
      rowCount / seconds,
    )
      .toLocaleString('en')
      .padStart(10)} ${`${Math.round((peak - rssBefore) / 1e6)} MB`.padStart(16)}  ${[
      at(0.5),
      at(0.99),
      at(1),
    ]
      .map((ms) => ms.toFixed(1))
      .join(' / ')
      .padStart(24)}`,
  );
}
await app.close();
await handle.close();
