import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { seedReference } from '../../src/db/seed/seed-reference.ts';

export const isOnPostgres = process.env.TEST_DB_DRIVER === 'postgres';

/** The URL of a database on the TEST_DATABASE_URL server. */
export function serverUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${database}`;
  return url.toString();
}

/** A statement on the server's `postgres` database (create or drop a test database). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl('postgres') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for one test file, migrated and with reference data: an in-memory PGlite, or
 * with TEST_DB_DRIVER=postgres a new database on the TEST_DATABASE_URL server, dropped on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!isOnPostgres) {
    const template = fs.readFileSync(inject('pgliteTemplate'));
    return openDatabase({ driver: 'pglite', loadDataDir: new Blob([template]) });
  }
  const name = `usluge_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const handle = await openDatabase({ driver: 'postgres', url: serverUrl(name) });
  await seedReference(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
