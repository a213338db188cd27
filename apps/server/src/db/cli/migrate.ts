import { openConfiguredDatabase, runCli } from './open-configured-database.ts';

// Opening the database applies pending migrations.
runCli(async () => {
  const { handle } = await openConfiguredDatabase();
  await handle.close();
  process.stdout.write(`Migrations applied (${handle.driver}).\n`);
});
