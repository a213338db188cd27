import { Column, is, noopDecoder, SQL, sql } from 'drizzle-orm';
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
 * WHERE and ORDER BY, its own parameters (all before the WHERE) and how its rows are mapped: by
 * rowsOf where every field is a top-level key, else by Drizzle (fields, joins).
 */
type Template = {
  head: string;
  middle: string;
  tail: string;
  params: unknown[];
  fields: unknown[];
  joinsNotNullableMap: Record<string, boolean> | undefined;
  rowsOf: RowMapper | undefined;
};

/** Rows as the driver gives them in array mode, mapped to objects. */
type RowMapper = (rows: unknown[][]) => unknown[];

type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** SQL's decoder (mapWith), which Drizzle's types keep to itself. */
type Decoded = { decoder: Decoder };
/** A field of Drizzle's prepared select: where in the row it goes, and what it decodes with. */
type SelectedField = {
  path: string[];
  field: Column | SQL | { sql: Decoded } | { _: { sql: Decoded } };
};

/** A field's decoder, found as Drizzle's mapResultRow finds it. */
function decoderOf(field: SelectedField['field']): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if ('_' in field) return field._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

const passesThrough = (decoder: Decoder) =>
  decoder.mapFromDriverValue === noopDecoder.mapFromDriverValue ||
  decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue;

/**
 * The rows' mapping, decided once per select: each key with its decoder (none for the many that
 * pass the value through). The very objects Drizzle's mapResultRow makes (same keys in the same
 * order, null kept null), which re-finds every field's decoder through `is` for each value of each
 * row: a tenth of the server's time on the users list's first page (bench/README.md). Undefined
 * for a select with nested fields (a joined table's object): Drizzle maps those.
 */
function rowMapperOf(fields: SelectedField[]): RowMapper | undefined {
  // `__proto__` in an object literal would set the prototype rather than a key.
  if (fields.some(({ path }) => path.length !== 1 || path[0] === '__proto__')) return undefined;
  const keys = fields.map(({ path }) => path[0] as string);
  const decoders = fields.map(({ field }) => {
    const decoder = decoderOf(field);
    return passesThrough(decoder) ? undefined : decoder;
  });
  // One object literal per row, its keys written out (JSON-quoted): V8 makes each row with one
  // shape at once, where assigning the keys one by one through a loop took a property transition
  // per key and left the ads rows slow to copy (withCurrency, withStatus).
  const values = keys.map((key, index) => {
    const value = `row[${index}]`;
    const mapped = decoders[index] ? `decoders[${index}].mapFromDriverValue(${value})` : value;
    return `${JSON.stringify(key)}: ${value} === null ? null : ${mapped}`;
  });
  const mapRow = new Function('decoders', `return (row) => ({ ${values.join(', ')} });`)(decoders) as (
    row: unknown[],
  ) => unknown;
  return (rows) => rows.map(mapRow);
}

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
  const rowsOf = rowMapperOf(fields as SelectedField[]);
  return { head, middle, tail, params, fields, joinsNotNullableMap, rowsOf };
}

/** Per database, each list's select template (null: the select is built on every request). */
const templates = perDatabase(() => new WeakMap<ScopedSelect<unknown>, Template | null>());

/**
 * Per database, the statement compiled for a scope object, while that object lives: a page plan
 * the list engine keeps (list-query.ts) runs its compiled statement again, with the same values.
 */
const compiledScopes = perDatabase(
  () => new WeakMap<RowScope, { select: ScopedSelect<unknown>; query: PreparedQuery }>(),
);

/**
 * The rows of a list's select for one scope (a page's ids, ids given), without building and
 * compiling the whole select on every request: the select is built once per list and database
 * with marks for the WHERE and ORDER BY, and each request compiles only the scope's conditions
 * into it (its parameters numbered after the select's own), once per scope object. The rows are
 * mapped as Drizzle would map the select's. A scope that picks fields (a report's batches) builds
 * the select.
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
  const byScope = compiledScopes.of(db);
  const compiledScope = byScope.get(scope);
  if (compiledScope?.select === select) return (await compiledScope.query.execute()) as Row[];
  const query = compileInScope(db, scope, template);
  byScope.set(scope, { select: select as ScopedSelect<unknown>, query });
  return (await query.execute()) as Row[];
}

/** The select's text with the scope's WHERE and ORDER BY compiled into it, ready to run. */
function compileInScope(db: Database, scope: RowScope, template: Template): PreparedQuery {
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
  const text = `${template.head}${where}${template.middle}${orderBy}${template.tail}`;
  const { rowsOf } = template;
  // With a mapper of our own Drizzle hands over the rows as the driver read them (arrays).
  const query = rowsOf
    ? session.prepareQuery({ sql: text, params: compiled.params }, undefined, undefined, true, rowsOf)
    : session.prepareQuery({ sql: text, params: compiled.params }, template.fields, undefined, true);
  query.joinsNotNullableMap = template.joinsNotNullableMap;
  return query;
}
