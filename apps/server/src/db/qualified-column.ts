import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A column written with its table (`"users"."id"`) whatever query it ends up in. Drizzle writes
 * the columns of a one-table select or `returning` without their table, so an outer column
 * referenced inside a subquery would bind to a same-named column of the subquery's own table.
 * Every correlated reference to an outer column goes through this.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${column.table}.${sql.identifier(column.name)}`;
}
