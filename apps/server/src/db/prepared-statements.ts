import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Named statements one connection may hold; further shapes run unnamed, as before. */
export const PREPARED_PER_CONNECTION = 200;

/** Only single SELECTs (with or without a WITH) are named: no writes, DDL, EXPLAIN or scripts. */
const NAMEABLE = /^\s*(select|with)\s/i;

/**
 * A pattern given as a parameter (`like $3`, or folded as foldedText writes it: a 'contains'
 * filter, the global search): its best plan depends on the value. A rare fragment wants the
 * trigram index, a common one the walk of the page's order; a named statement goes over to one
 * generic plan once that looks no costlier, and the walk it chose read all 1 000 000 ads for a
 * fragment found nowhere (12 s at p99 in the global search's bench; bench/README). Such statements
 * are planned for their values each time, as unnamed ones are.
 */
const VALUE_PLANNED = /\blike\s+(?:lower\(translate\()?\$\d/i;

/** Whether a statement is kept as a named prepared statement on its connection (see above). */
export const isNameable = (text: string) => NAMEABLE.test(text) && !VALUE_PLANNED.test(text);

type QueryConfig = { text: string; name?: string };

const isQueryConfig = (value: unknown): value is QueryConfig =>
  typeof value === 'object' && value !== null && typeof (value as QueryConfig).text === 'string';

/** The same text always gets the same name, so a connection parses it once. */
export const statementName = (text: string) => `s_${createHash('sha1').update(text).digest('base64url')}`;

/** How many statement texts namesByText keeps before it starts again. */
const NAMES_KEPT = 1_000;
/** Each text's name, or null when it runs unnamed: a page's text is hashed and tested once. */
const namesByText = new Map<string, string | null>();

function nameOf(text: string): string | null {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = isNameable(text) && !text.includes(';') ? statementName(text) : null;
    if (namesByText.size >= NAMES_KEPT) namesByText.clear();
    namesByText.set(text, name);
  }
  return name;
}

/**
 * Runs the repeated SELECTs of this connection as named prepared statements: PostgreSQL parses
 * and plans a list page's statement once per connection instead of on every request (planning
 * costs as much as running such a page). The statements' values are bound parameters, so one
 * text is one shape whatever the user typed. Capped per connection, so unusual shapes cannot
 * fill a backend's memory.
 */
export function prepareRepeatedSelects(client: pg.PoolClient): void {
  const named = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // pg's query has a dozen overloads; this wrapper passes every call through unchanged but for the name.
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (isQueryConfig(config) && config.name === undefined) {
      const name = nameOf(config.text);
      if (name !== null && (named.has(name) || named.size < PREPARED_PER_CONNECTION)) {
        named.add(name);
        return query({ ...config, name }, ...rest);
      }
    }
    return query(config, ...rest);
  }) as typeof client.query;
}
