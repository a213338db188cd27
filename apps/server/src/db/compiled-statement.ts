import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';
import { perDatabase } from './per-database.ts';

/** What Drizzle keeps to itself, read here to run text it compiled once (and scoped-select.ts). */
export type PreparedQuery = {
  fields?: unknown[];
  joinsNotNullableMap?: Record<string, boolean>;
  execute(placeholderValues?: Record<string, unknown>): Promise<unknown>;
};
export type CompiledQuery = { sql: string; params: unknown[] };
export type DatabaseInternals = {
  dialect: { sqlToQuery(query: SQL): CompiledQuery };
  session: {
    prepareQuery(
      query: CompiledQuery,
      fields: unknown[] | undefined,
      name: undefined,
      isResponseInArrayMode: boolean,
      /** Maps the rows (arrays in array mode) instead of Drizzle's mapping by `fields`. */
      customResultMapper?: (rows: unknown[][]) => unknown,
    ): PreparedQuery;
  };
};

export const internalsOf = (db: Database) => db as unknown as DatabaseInternals;

/**
 * A statement written in SQL with `sql.placeholder(name)` for its values, compiled to text once
 * per database; each call binds that call's values. For a hot statement whose shape is fixed:
 * building and compiling the SQL object on every request cost a tenth of the global search's
 * server time (bench/README).
 */
export function compiledStatement<Row, Values extends Record<string, unknown>>(build: () => SQL) {
  const compiled = perDatabase((db) => internalsOf(db).dialect.sqlToQuery(build()));
  return async (db: Database, values: Values): Promise<Row[]> => {
    const query = internalsOf(db).session.prepareQuery(compiled.of(db), undefined, undefined, false);
    const result = (await query.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
