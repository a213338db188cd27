import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, readEnvFile } from '../../config.ts';
import { acquireDataDirLock } from '../data-dir-lock.ts';
import { openConfiguredDatabase, runCli, seedConfigured } from './open-configured-database.ts';

/**
 * `npm run db:reset`: throws away the embedded database and the uploads under DATA_DIR and seeds
 * them afresh (demo data, a new admin password unless ADMIN_PASSWORD is set). Refused while a
 * server uses the directory, and on a PostgreSQL server, which is someone's real data.
 */
runCli(async () => {
  readEnvFile();
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error(
      'db:reset resets only the embedded database. With DATABASE_URL, drop and create the database yourself, then run npm run db:seed.',
    );
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const release = acquireDataDirLock(config.dataDir);
  try {
    for (const owned of ['pgdata', 'uploads']) {
      fs.rmSync(path.join(config.dataDir, owned), { recursive: true, force: true });
    }
  } finally {
    release();
  }
  process.stdout.write(`Removed the database and uploads under ${config.dataDir}.\n`);
  const { handle } = await openConfiguredDatabase();
  try {
    await seedConfigured(handle, config);
  } finally {
    await handle.close();
  }
});
