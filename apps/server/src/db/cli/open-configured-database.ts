import { loadConfig } from '../../config.ts';
import { type DatabaseHandle, openDatabase } from '../client.ts';

/** The database the server would use, migrated. */
export async function openConfiguredDatabase(): Promise<{
  handle: DatabaseHandle;
  config: ReturnType<typeof loadConfig>;
}> {
  const config = loadConfig();
  const handle = config.databaseUrl
    ? await openDatabase({ driver: 'postgres', url: config.databaseUrl })
    : await openDatabase({ driver: 'pglite', dataDir: config.dataDir });
  return { handle, config };
}

export function runCli(task: () => Promise<void>): void {
  task().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
