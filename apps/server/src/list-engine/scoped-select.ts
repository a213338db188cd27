import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { internalsOf, type PreparedQuery } from '../db/compiled-statement.ts';
import { perDatabase } from '../db/per-database.ts';
import type { RowScope } from './list-definition.ts';

/** A select Drizzle builds and runs: its rows when awaited, its text and parameters by toSQL. */
type SelectQuery<Row> = PromiseLike<Row[]> & { toSQL(): { sql: string; params: unknown[] } };

/** How a list's rows are read for a scope: the select with the scope's WHERE and ORDER BY. */
export type ScopedSelect<Row> = (db: Database, scope: RowScope) => SelectQuery<Row>;

/**
 * A select built once with marks where the scope goes: the text before, between and after the
 * WHERE and ORDER BY, its own parameters (all before the WHERE) and how Drizzle maps its rows.
 */
type Template = {
  head: string;
  middle: string;
  tail: string;
  params: unknown[];
  fields: unknown[];
  joinsNotNullableMap: Record<string, boolean> | undefined;
};

const WHERE_MARK = '/*scope where*/';
const ORDER_MARK = '/*scope order by*/';
const SPLIT = '/*scope split*/';

// Drizzle's builder compiles the text and gives the rows' mapping (fields, joins) to the session's
// prepareQuery, which selectInScope does with text compiled once.
type BuilderInternals = { _prepare(): PreparedQuery };

function templateOf<Row>(db: Database, select: ScopedSelect<Row>): Template | null {
  const builder = select(db, { where: sql.raw(WHERE_MARK), orderBy: sql.raw(ORDER_MARK) });
  const { sql: text, params } = builder.toSQL();
  const [head, rest, ...more] = text.split(WHERE_MARK);
  const [middle, tail, ...moreOrders] = rest?.split(ORDER_MARK) ?? [];
  // Each mark once, and no parameter of the select's own after the WHERE: else built each time.
  if (head === undefined || middle === undefined || tail === undefined) return null;
  if (more.length > 0 || moreOrders.length > 0 || /\$\d/.test(middle + tail)) return null;
  const { fields, joinsNotNullableMap } = (builder as unknown as BuilderInternals)._prepare();
  if (!fields) return null;
  return { head, middle, tail, params, fields, joinsNotNullableMap };
}

/** Per database, each list's select template (null: the select is built on every request). */
const templates = perDatabase(() => new WeakMap<ScopedSelect<unknown>, Template | null>());

/**
 * The rows of a list's select for one scope (a page's ids, ids given), without building and
 * compiling the whole select on every request: the select is built once per list and database
 * with marks for the WHERE and ORDER BY, and each request compiles only the scope's conditions
 * into it (its parameters numbered after the select's own). The rows are mapped by Drizzle as
 * the select would map them. A scope that picks fields (a report's batches) builds the select.
 */
export async function selectInScope<Row>(
  db: Database,
  scope: RowScope,
  select: ScopedSelect<Row>,
): Promise<Row[]> {
  if (scope.fields) return select(db, scope);
  const byList = templates.of(db);
  let template = byList.get(select as ScopedSelect<unknown>);
  if (template === undefined) {
    template = templateOf(db, select);
    byList.set(select as ScopedSelect<unknown>, template);
  }
  if (template === null) return select(db, scope);
  const { dialect, session } = internalsOf(db);
  // The select's own parameters first, so that the scope's are numbered after them.
  const compiled = dialect.sqlToQuery(
    sql.join([
      ...template.params.map((param) => sql.param(param)),
      sql.raw(SPLIT),
      scope.where,
      sql.raw(SPLIT),
      scope.orderBy,
    ]),
  );
  const [, where, orderBy] = compiled.sql.split(SPLIT);
  const query = session.prepareQuery(
    { sql: `${template.head}${where}${template.middle}${orderBy}${template.tail}`, params: compiled.params },
    template.fields,
    undefined,
    true,
  );
  query.joinsNotNullableMap = template.joinsNotNullableMap;
  return (await query.execute()) as Row[];
}
