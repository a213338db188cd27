import { loadSeedFile } from '../seed/seed-file.ts';
import { openConfiguredDatabase, runCli, seedConfigured } from './open-configured-database.ts';

/** `npm run db:seed [-- file.seed.ndjson …]`: reference data, admin, demo data, then the given seed files. */
runCli(async () => {
  const { handle, config } = await openConfiguredDatabase();
  try {
    await seedConfigured(handle, config);
    for (const file of process.argv.slice(2)) {
      const { table, inserted } = await loadSeedFile(handle.db, file);
      process.stdout.write(`Loaded ${file}: ${inserted} new rows in ${table}.\n`);
    }
  } finally {
    await handle.close();
  }
});
