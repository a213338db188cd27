import { TEXT_COLLATION } from '@usluge/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, numeric, timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at on every table; updated_at is what lists sort and filter by. */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const isActive = () => boolean('is_active').notNull().default(true);

/** Money and credit amounts: exact decimals in the database, numbers at the edge. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/**
 * A text column or expression with the collation the lists sort text by (list-engine
 * buildOrderBy: Č, Š, Ž beside C, S, Z). An index on it, followed by the id, serves a list sorted
 * by that column in either direction; without the collation the planner cannot use it.
 */
export const sortCollated = (expression: SQL | AnyPgColumn) =>
  sql`${expression} collate ${sql.identifier(TEXT_COLLATION)}`;
