import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { startClusterBus } from './cluster-events.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { startPgliteThread } from './pglite-thread.ts';
import { prepareRepeatedSelects } from './prepared-statements.ts';
import * as schema from './schema/index.ts';

/** One database type for both drivers: every query function takes this handle. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A connection pool's connections now (PostgreSQL): all, idle, and requests waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  /**
   * Runs start-up work (migrations, seeding) while no other node of this database runs its own:
   * a PostgreSQL advisory lock, so that nodes started together do not migrate or seed at once.
   * The embedded database has one process (the data-dir lock), so it just runs.
   */
  exclusively: <T>(work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  /** PostgreSQL's pool; the embedded database has one connection and no pool. */
  poolStats?: () => PoolStats;
};

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

/** The advisory lock's key: any fixed number, the same on every node. */
const STARTUP_LOCK_KEY = 718_204_311;

function advisoryLock(pool: pg.Pool) {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      try {
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  };
}

/**
 * PostgreSQL settings of the embedded database. Its WASM memory grows as PostgreSQL touches it and
 * never gives back; PGlite's 128 MB of shared buffers held about 110 MB more than 16 MB do (the data
 * directory's pages stay in the OS's page cache anyway).
 */
const EMBEDDED_SETTINGS = ['shared_buffers=16MB'];

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
    const exclusively = advisoryLock(pool);
    let bus: Awaited<ReturnType<typeof startClusterBus>>;
    try {
      await exclusively(() => migrateNodePostgres(db, { migrationsFolder }));
      bus = await startClusterBus(db as unknown as Database, {
        url: options.url,
        pool,
        onError: (message) => process.stderr.write(`${message}\n`),
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      exclusively,
      close: async () => {
        await bus.close();
        await pool.end();
      },
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
    const client = await startPgliteThread({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: await options.loadDataDir.arrayBuffer() } : {}),
      settings: EMBEDDED_SETTINGS,
    });
    // The thread's client has the part of PGlite's interface the driver calls (query, transaction).
    const db = drizzlePglite(client as unknown as PGlite, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      driver: 'pglite',
      exclusively: (work) => work(),
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
