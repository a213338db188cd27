import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

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
 * per database (its transactions included); each call binds that call's values. For a hot
 * statement whose shape is fixed: building and compiling the SQL object on every request cost a
 * tenth of the global search's server time (bench/README).
 */
export function compiledStatement<Row, Values extends Record<string, unknown>>(build: () => SQL) {
  // Kept per dialect, which a transaction shares with its database: compiled once, whichever runs it.
  const compiled = new WeakMap<DatabaseInternals['dialect'], CompiledQuery>();
  return async (db: Database, values: Values): Promise<Row[]> => {
    const { dialect, session } = internalsOf(db);
    let text = compiled.get(dialect);
    if (!text) {
      text = dialect.sqlToQuery(build());
      compiled.set(dialect, text);
    }
    const query = session.prepareQuery(text, undefined, undefined, false);
    const result = (await query.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
