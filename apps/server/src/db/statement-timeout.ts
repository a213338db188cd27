import { sql } from 'drizzle-orm';
import { PG_QUERY_CANCELED, pgErrorOf } from '../http/pg-error.ts';
import type { Database } from './client.ts';

/**
 * Runs `run` in a transaction whose statements PostgreSQL cancels after `milliseconds` each
 * (`set local statement_timeout`), for work whose cost depends on the data and that the caller
 * can do without: null when a statement was cancelled. The embedded database has no statement
 * timeout: there `run` always completes.
 */
export async function withinStatementTimeout<T>(
  db: Database,
  milliseconds: number,
  run: (tx: Database) => Promise<T>,
): Promise<T | null> {
  try {
    return await db.transaction(async (transaction) => {
      // The transaction handle runs the same queries as the database handle; Drizzle types them apart.
      const tx = transaction as unknown as Database;
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.round(milliseconds))}`));
      return run(tx);
    });
  } catch (error) {
    if (pgErrorOf(error)?.code === PG_QUERY_CANCELED) return null;
    throw error;
  }
}
