import { seed } from '../seed/seed.ts';
import { openConfiguredDatabase, runCli } from './open-configured-database.ts';

runCli(async () => {
  const { handle, config } = await openConfiguredDatabase();
  try {
    const outcome = await seed(handle.db, {
      isDemoSeeded: config.isDemoSeeded,
      adminPassword: config.adminPassword,
    });
    if (outcome.generatedAdminPassword) {
      process.stdout.write(
        `Created the staff account "admin" with password: ${outcome.generatedAdminPassword}\n`,
      );
    }
    process.stdout.write(`Seeded (${handle.driver})${outcome.isDemoCreated ? ', with demo data' : ''}.\n`);
  } finally {
    await handle.close();
  }
});
