import { setTimeout } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, readEnvFile } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { seed } from './db/seed/seed.ts';

/** Requests still unanswered this long after the node stopped accepting are cut off. */
const IN_FLIGHT_LIMIT_MS = 60_000;

function printAdminPassword(password: string): void {
  const line = '='.repeat(64);
  process.stdout.write(
    `\n${line}\n  First start: created the staff account "admin".\n  Password: ${password}\n` +
      `  It is shown only this once. Sign in and keep it safe,\n  or set ADMIN_PASSWORD before the first start.\n${line}\n\n`,
  );
}

async function main(): Promise<void> {
  readEnvFile();
  const config = loadConfig();
  // Until the server listens, a signal just closes the database (releasing the data-dir lock).
  let stop: () => Promise<void> = async () => {};
  let isClosing = false;
  const shutdown = async () => {
    if (isClosing) return;
    isClosing = true;
    try {
      await stop();
      process.exit(0);
    } catch (error) {
      process.stderr.write(`Shutdown failed: ${String(error)}\n`);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());

  const handle = config.databaseUrl
    ? await openDatabase({ driver: 'postgres', url: config.databaseUrl })
    : await openDatabase({ driver: 'pglite', dataDir: config.dataDir });
  stop = () => handle.close();
  const outcome = await handle.exclusively(() =>
    seed(handle.db, { isDemoSeeded: config.isDemoSeeded, adminPassword: config.adminPassword }),
  );
  if (outcome.generatedAdminPassword) printAdminPassword(outcome.generatedAdminPassword);

  const app = await buildApp({
    config,
    db: handle.db,
    driver: handle.driver,
    ...(handle.poolStats ? { poolStats: handle.poolStats } : {}),
  });
  if (outcome.isDemoCreated) app.log.info('demo data created');

  stop = async () => {
    // Leaving cleanly: readiness says 503 and each answer closes its connection, so that clients
    // move to another node; then no new connections, the requests in flight finish, the workers
    // stop, the database closes. A request that reached this node is answered, never reset.
    app.log.info(
      'leaving: readiness 503 for %d ms, then finishing the requests in flight',
      config.shutdownGraceMs,
    );
    app.draining.start();
    await setTimeout(config.shutdownGraceMs);
    const cutOff = globalThis.setTimeout(() => app.server.closeAllConnections(), IN_FLIGHT_LIMIT_MS).unref();
    await app.close();
    clearTimeout(cutOff);
    await handle.close();
  };

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
