import { type Config, loadConfig, readEnvFile } from '../../config.ts';
import { type DatabaseHandle, openDatabase } from '../client.ts';
import { seed } from '../seed/seed.ts';

/** The database the server would use, migrated. */
export async function openConfiguredDatabase(): Promise<{ handle: DatabaseHandle; config: Config }> {
  readEnvFile();
  const config = loadConfig();
  const handle = config.databaseUrl
    ? await openDatabase({ driver: 'postgres', url: config.databaseUrl })
    : await openDatabase({ driver: 'pglite', dataDir: config.dataDir });
  return { handle, config };
}

/** Seeds as the server does at start, and says what it did. */
export async function seedConfigured(handle: DatabaseHandle, config: Config): Promise<void> {
  const outcome = await handle.exclusively(() =>
    seed(handle.db, { isDemoSeeded: config.isDemoSeeded, adminPassword: config.adminPassword }),
  );
  if (outcome.generatedAdminPassword) {
    process.stdout.write(
      `Created the staff account "admin" with password: ${outcome.generatedAdminPassword}\n`,
    );
  }
  process.stdout.write(`Seeded (${handle.driver})${outcome.isDemoCreated ? ', with demo data' : ''}.\n`);
}

export function runCli(task: () => Promise<void>): void {
  task().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
