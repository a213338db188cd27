import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import type { PgliteThread } from '../src/db/pglite-thread.ts';
import { seedReference } from '../src/db/seed/seed-reference.ts';

declare module 'vitest' {
  // Module augmentation has to use interfaces.
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrating a new PGlite costs seconds; every test file instead loads a dump of one database that
 * was migrated and given its reference data once per run.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-test-'));
  const file = path.join(dir, 'template.tar');
  const handle = await openDatabase({ driver: 'pglite' });
  await seedReference(handle.db);
  const client = (handle.db as unknown as { $client: PgliteThread }).$client;
  const dump = await client.dumpDataDir();
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
