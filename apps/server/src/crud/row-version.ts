import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { ListDefinition } from '../list-engine/list-definition.ts';
import { loadInOrder } from '../list-engine/list-query.ts';

/** A table whose rows carry their version: `updated_at`. */
export type VersionedTable = PgTable & { id: PgColumn; updated_at: PgColumn };

/**
 * The `updated_at` a write gives a row: now, in whole milliseconds (what the API answers, so the
 * version a client sends back is the stored value exactly), and always after the previous one, so
 * two writes within a millisecond, or a transaction that began before the last write committed,
 * never give a row a version it had before.
 */
export const nextVersion = (column: PgColumn): SQL =>
  sql`date_trunc('milliseconds', greatest(clock_timestamp(), ${column} + interval '1 millisecond'))`;

/**
 * Locks the row for the rest of the transaction and, when the client sent the version it read,
 * checks it is still the row's: a stale write is a 409 whose answer carries the row as the list
 * answers it now, and nothing is written. A missing row is a 404.
 */
export async function lockVersion<Row extends { id: number }>(
  tx: Database,
  table: VersionedTable,
  list: ListDefinition<Row>,
  id: number,
  version: Date | undefined,
): Promise<void> {
  const [row] = await tx
    .select({ updated_at: table.updated_at })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update');
  if (!row) throw notFound();
  if (version === undefined || (row.updated_at as Date).getTime() === version.getTime()) return;
  const [current] = await loadInOrder(tx, list, [id]);
  if (!current) throw notFound();
  throw new AppError(409, 'record_changed', {}, undefined, {
    current: z.encode(list.rowSchema as z.ZodType<Row>, current),
  });
}
