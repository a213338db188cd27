// `npm run lint:api`: writes the API document the server serves at /api/docs/json to the file
// named by the first argument, for @redocly/cli to lint. The app is built on a throw-away embedded
// database and never listens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

const target = process.argv[2];
if (!target) {
  process.stderr.write('usage: node scripts/write-openapi.ts <file.json>\n');
  process.exit(2);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-openapi-'));
try {
  // Every route, the development seeders' too (they answer only with SEEDERS_ENABLED; the web app
  // calls them typed from this document like any other).
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    SEEDERS_ENABLED: 'true',
  });
  const handle = await openDatabase({ driver: 'pglite', dataDir: config.dataDir });
  const app = await buildApp({ config, db: handle.db, driver: handle.driver, areJobsStarted: false });
  await app.ready();
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  fs.writeFileSync(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  await handle.close();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
