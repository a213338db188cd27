import { sql } from 'drizzle-orm';
import { PG_QUERY_CANCELED, pgErrorOf } from '../http/pg-error.ts';
import type { Database } from './client.ts';

/**
 * Runs `run` in a transaction whose statements PostgreSQL cancels after `milliseconds` each
 * (`statement_timeout`, local to the transaction), for work whose cost depends on the data and
 * that the caller can do without: null when a statement was cancelled. `settings` are further
 * settings the work needs, local to the transaction too, set in the same statement as the timeout.
 * The embedded database has no statement timeout: there `run` always completes.
 */
export async function withinStatementTimeout<T>(
  db: Database,
  milliseconds: number,
  run: (tx: Database) => Promise<T>,
  settings: Record<string, string> = {},
): Promise<T | null> {
  const all = { ...settings, statement_timeout: String(Math.max(1, Math.round(milliseconds))) };
  try {
    return await db.transaction(async (transaction) => {
      // The transaction handle runs the same queries as the database handle; Drizzle types them apart.
      const tx = transaction as unknown as Database;
      await tx.execute(
        sql`select ${sql.join(
          Object.entries(all).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
          sql`, `,
        )}`,
      );
      return run(tx);
    });
  } catch (error) {
    if (pgErrorOf(error)?.code === PG_QUERY_CANCELED) return null;
    throw error;
  }
}
