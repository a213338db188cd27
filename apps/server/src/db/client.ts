import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { prepareRepeatedSelects } from './prepared-statements.ts';
import * as schema from './schema/index.ts';

/** One database type for both drivers: every query function takes this handle. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A connection pool's connections now (PostgreSQL): all, idle, and requests waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PostgreSQL's pool; the embedded database has one connection and no pool. */
  poolStats?: () => PoolStats;
};

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

export type OpenDatabaseOptions =
  | { driver: 'postgres'; url: string }
  /** dataDir undefined: in memory. loadDataDir: start from a dump (tests copy a migrated template). */
  | { driver: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server ended (a restart, a terminated backend) is an error event on
    // the pool; unhandled, it would stop the process. The pool opens a new connection when needed.
    pool.on('error', (error) => {
      process.stderr.write(`PostgreSQL closed an idle connection: ${error.message}\n`);
    });
    pool.on('connect', prepareRepeatedSelects);
    const db = drizzleNodePostgres(pool, { schema });
    try {
      await migrateNodePostgres(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  let releaseLock = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pgdata');
    fs.mkdirSync(options.dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(options.dataDir);
  }
  try {
    const client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
    });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      driver: 'pglite',
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
