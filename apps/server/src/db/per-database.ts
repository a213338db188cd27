import type { Database } from './client.ts';

/**
 * A value made once per database handle on first use (a prepared statement, a cache), and gone
 * with the handle. `forget` drops it, so that the next use makes it anew.
 */
export function perDatabase<Value>(make: (db: Database) => Value) {
  const values = new WeakMap<Database, Value>();
  return {
    of(db: Database): Value {
      let value = values.get(db);
      if (value === undefined) {
        value = make(db);
        values.set(db, value);
      }
      return value;
    },
    forget(db: Database): void {
      values.delete(db);
    },
  };
}
