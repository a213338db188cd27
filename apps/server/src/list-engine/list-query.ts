import { type FilterOperator, type FilterValue, type ParsedListRequest, TIME_ZONE } from '@usluge/contract';
import { and, asc, desc, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { foldedText, searchedForm, sortCollated } from '../db/schema/columns.ts';
import { selectRows } from '../db/select-rows.ts';
import { AppError, unauthorized } from '../http/errors.ts';
import type {
  ColumnType,
  FilterOperand,
  ListColumn,
  ListDefinition,
  ListViewer,
  RowScope,
} from './list-definition.ts';
import { listTotal, totalKey } from './list-totals.ts';

/** Filter keys with a meaning of their own rather than a column. */
const SHOW_INACTIVE_ITEMS = 'show_inactive_items';

export type ListMode = 'index' | 'index_active';

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

function invalidValue(column: string): AppError {
  return new AppError(422, 'invalid_filter_value', { column });
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function toOperand(type: ColumnType, value: unknown, column: string): FilterOperand {
  switch (type) {
    case 'text':
      if (typeof value === 'string' || typeof value === 'number') return String(value).slice(0, 500);
      throw invalidValue(column);
    case 'number':
    case 'id': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) throw invalidValue(column);
      if (type === 'id' && !Number.isInteger(number)) throw invalidValue(column);
      return number;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 1 || value === '1') return true;
      if (value === 'false' || value === 0 || value === '0') return false;
      throw invalidValue(column);
    case 'date': {
      if (typeof value !== 'string') throw invalidValue(column);
      const date = new Date(value);
      // Years 1 to 9999 only: beyond them the drivers send dates PostgreSQL reads differently or not at all.
      const year = date.getUTCFullYear();
      if (Number.isNaN(date.getTime()) || year < 1 || year > 9999) throw invalidValue(column);
      return date;
    }
  }
}

function isDateOnly(column: ListColumn, raw: unknown): raw is string {
  return column.type === 'date' && typeof raw === 'string' && DATE_ONLY.test(raw);
}

/** A day as the user means it: midnight in Montenegro, not in UTC. */
function startOfDay(day: string): SQL {
  return sql`(${day}::date::timestamp at time zone ${TIME_ZONE})`;
}

/** `%`, `_` and `\` typed by a user match themselves. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * 'contains' as every list means it: the fragment anywhere in the text, case and diacritics
 * ignored ('kosenje' finds 'Košenje trave'). Both sides folded alike (foldedText); a GIN trigram
 * index on the folded expression (columns.ts foldedTrigram), or on the text's stored folded copy
 * where the schema keeps one (columns.ts foldedCopy), serves it. Columns with a condition of
 * their own call this too.
 */
export function foldedContains(expression: SQL | AnyPgColumn, fragment: string): SQL {
  return foldedTextContains(searchedForm(expression), fragment);
}

/** 'contains' on a text that is folded already (a stored folded copy read through a table alias). */
export function foldedTextContains(folded: SQL | AnyPgColumn, fragment: string): SQL {
  return sql`${folded} like ${foldedText(sql`${likePattern(fragment.normalize('NFC'))}`)}`;
}

function comparison(
  column: ListColumn,
  operator: FilterOperator,
  operands: FilterOperand[],
  raw: unknown[],
): SQL {
  const e = column.expression;
  const [first] = operands;
  switch (operator) {
    case 'contains':
      return foldedContains(e, String(first));
    case 'equals':
      return sql`${e} = ${first}`;
    case 'gte':
      if (isDateOnly(column, raw[0])) return sql`${e} >= ${startOfDay(raw[0])}`;
      return sql`${e} >= ${first}`;
    case 'lte':
      // A date-only upper bound includes that whole day.
      if (isDateOnly(column, raw[0])) return sql`${e} < ${startOfDay(raw[0])} + interval '1 day'`;
      return sql`${e} <= ${first}`;
    case 'in':
      return sql`${e} in (${sql.join(
        operands.map((o) => sql`${o}`),
        sql`, `,
      )})`;
    case 'between': {
      const parts: SQL[] = [];
      const [from, to] = raw;
      if (!isBlank(from)) parts.push(comparison(column, 'gte', [operands[0] as FilterOperand], [from]));
      if (!isBlank(to)) parts.push(comparison(column, 'lte', [operands[1] as FilterOperand], [to]));
      return and(...parts) ?? sql`true`;
    }
  }
}

/** One client filter turned into a condition, after checking column, operator and value. */
function filterCondition(
  definition: ListDefinition<{ id: number }>,
  key: string,
  value: FilterValue,
  viewer: ListViewer | undefined,
): SQL | undefined {
  const column = Object.hasOwn(definition.columns, key) ? definition.columns[key] : undefined;
  if (!column?.operators || column.operators.length === 0) {
    throw new AppError(422, 'unknown_filter_column', { column: key });
  }
  const isExplicit = typeof value === 'object' && value !== null && !Array.isArray(value);
  const operator: FilterOperator = isExplicit
    ? value.operator
    : Array.isArray(value)
      ? column.operators.includes('in')
        ? 'in'
        : 'between'
      : (column.operators[0] as FilterOperator);
  if (!column.operators.includes(operator)) {
    throw new AppError(422, 'unknown_filter_operator', { column: key, operator });
  }
  const rawValue = isExplicit ? value.value : value;
  if (isBlank(rawValue)) return undefined;

  const raw: unknown[] = Array.isArray(rawValue) ? rawValue : [rawValue];
  if (operator === 'between') {
    if (!Array.isArray(rawValue) || rawValue.length !== 2)
      throw new AppError(422, 'invalid_filter_value', { column: key });
    if (raw.every(isBlank)) return undefined;
  } else if (operator !== 'in' && raw.length !== 1) {
    throw new AppError(422, 'invalid_filter_value', { column: key });
  }
  if (raw.length > 1000) throw new AppError(422, 'invalid_filter_value', { column: key });
  const operands = raw.map((item) => (isBlank(item) ? '' : toOperand(column.type, item, key)));
  if (column.condition) return column.condition(operator, operands, viewer);
  if (!column.alsoMatches) return comparison(column, operator, operands, raw);
  return or(
    ...[column.expression, ...column.alsoMatches].map((expression) =>
      comparison({ ...column, expression }, operator, operands, raw),
    ),
  );
}

/**
 * The list's WHERE: its own condition, the viewer's scope (a member's list: their rows only; never
 * read without a viewer), the client's filters, the active flag.
 */
export function buildWhere(
  definition: ListDefinition<{ id: number }>,
  request: ParsedListRequest,
  mode: ListMode,
  viewer?: ListViewer,
): SQL {
  const conditions: SQL[] = definition.condition ? [definition.condition] : [];
  if (definition.scopeOf) {
    if (!viewer) throw unauthorized();
    conditions.push(definition.scopeOf(viewer));
  }
  const filters = { ...request.filters };
  const showInactiveItems = filters[SHOW_INACTIVE_ITEMS] === true || filters[SHOW_INACTIVE_ITEMS] === 'true';
  delete filters[SHOW_INACTIVE_ITEMS];

  for (const [key, value] of Object.entries(filters)) {
    const condition = filterCondition(definition, key, value, viewer);
    if (condition) conditions.push(condition);
  }
  const activeColumn = definition.isActiveColumn;
  if (activeColumn) {
    const onlyActive = mode === 'index_active' ? !showInactiveItems : request.show_only_active;
    if (onlyActive === true || (mode === 'index' && onlyActive === false)) {
      conditions.push(sql`${activeColumn} = ${onlyActive}`);
    }
  }
  return and(...conditions) ?? sql`true`;
}

export function buildOrderBy(definition: ListDefinition<{ id: number }>, request: ParsedListRequest): SQL {
  const { sortBy, sortDesc } = request.options;
  const keys = sortBy.length > 0 ? sortBy : [definition.defaultSort.key];
  const parts = keys.map((key, index) => {
    const column = Object.hasOwn(definition.columns, key) ? definition.columns[key] : undefined;
    if (!column?.isSortable) throw new AppError(422, 'unknown_sort_key', { column: key });
    const isDescending = sortBy.length > 0 ? sortDesc[index] === true : definition.defaultSort.isDescending;
    const sortExpression = column.sortExpression ?? column.expression;
    // Text sorts as people read it: Č, Š, Ž beside C, S, Z rather than after Z.
    const expression = column.type === 'text' ? sortCollated(sortExpression) : sortExpression;
    return isDescending ? desc(expression) : asc(expression);
  });
  // The id breaks ties, so that pages neither repeat nor skip rows.
  const lastIsDescending =
    sortBy.length > 0 ? sortDesc[keys.length - 1] === true : definition.defaultSort.isDescending;
  parts.push(lastIsDescending ? desc(definition.id) : asc(definition.id));
  return sql.join(parts, sql`, `);
}

/** The statement that finds one page's ids in list order, on the indexes alone. */
function pageIdsQuery(
  definition: ListDefinition<{ id: number }>,
  where: SQL,
  orderBy: SQL,
  limit: number,
  offset: number,
): SQL {
  return sql`select ${definition.id} from ${definition.from} where ${where} order by ${orderBy} limit ${limit} offset ${offset}`;
}

/**
 * The ids of one page or of a whole report, in list order. They come back as one text value
 * (the ordered subquery's ids joined by commas, in the order it yields them): handing over
 * 100 000 ids as rows cost the embedded database about 150 ms on the event loop, as one value 25.
 */
export async function pageIds(
  db: Database,
  definition: ListDefinition<{ id: number }>,
  where: SQL,
  orderBy: SQL,
  limit: number,
  offset: number,
): Promise<number[]> {
  const [row] = await selectRows<{ ids: string | null }>(
    db,
    sql`select array_to_string(array_agg(page.id), ',') as ids from (${pageIdsQuery(definition, where, orderBy, limit, offset)}) as page(id)`,
  );
  const ids = row?.ids;
  return ids ? ids.split(',').map(Number) : [];
}

/**
 * One page as readList reads it: the list's WHERE (for its total), the scope loadRows reads the
 * page's rows in (the page's ids found first on the indexes, the subquery, then only those rows
 * read with their joins: a deferred join, in list order) and the total's key.
 */
type PagePlan = { where: SQL; scope: RowScope; totalKey: string };

/** How many requests each list keeps its page plans for; the oldest goes first. */
const PLANS_KEPT = 200;

/**
 * Each list's page plans by request (filters, sort, page, active flag, mode, viewer): the very
 * SQL objects a request builds, kept so that the same page asked again (the first page, as every
 * list screen opens on it; a page reloaded) is not built again, and its statement, compiled once
 * for this scope (scoped-select.ts), is not compiled again either. The SQL depends on nothing
 * else (no clock, no database state), so a kept plan is the one the request would build.
 */
const pagePlans = new WeakMap<ListDefinition<{ id: number }>, Map<string, PagePlan>>();

function pagePlan(
  definition: ListDefinition<{ id: number }>,
  request: ParsedListRequest,
  mode: ListMode,
  viewer: ListViewer | undefined,
): PagePlan {
  let plans = pagePlans.get(definition);
  if (!plans) {
    plans = new Map();
    pagePlans.set(definition, plans);
  }
  const key = JSON.stringify([
    mode,
    viewer?.userId ?? null,
    request.show_only_active ?? null,
    request.filters,
    request.options,
  ]);
  const kept = plans.get(key);
  if (kept) return kept;
  const where = buildWhere(definition, request, mode, viewer);
  const orderBy = buildOrderBy(definition, request);
  const { page, itemsPerPage } = request.options;
  const pageIds = pageIdsQuery(definition, where, orderBy, itemsPerPage, (page - 1) * itemsPerPage);
  const plan = {
    where,
    scope: { where: sql`${definition.id} in (${pageIds})`, orderBy, ...(viewer ? { viewer } : {}) },
    totalKey: totalKey(definition, request, mode, viewer),
  };
  if (plans.size >= PLANS_KEPT) {
    const oldest = plans.keys().next();
    if (!oldest.done) plans.delete(oldest.value);
  }
  plans.set(key, plan);
  return plan;
}

/** Rows loaded by id, put back in the order of the ids. */
export async function loadInOrder<Row extends { id: number }>(
  db: Database,
  definition: ListDefinition<Row>,
  ids: number[],
  viewer?: ListViewer,
): Promise<Row[]> {
  if (ids.length === 0) return [];
  const rows = await definition.loadRows(db, {
    where: inArray(definition.id, ids),
    orderBy: sql`${definition.id}`,
    ...(viewer ? { viewer } : {}),
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function readList<Row extends { id: number }>(
  db: Database,
  definition: ListDefinition<Row>,
  request: ParsedListRequest,
  mode: ListMode,
  viewer?: ListViewer,
) {
  const { where, scope, totalKey: key } = pagePlan(definition, request, mode, viewer);
  const [result, count] = await Promise.all([
    definition.loadRows(db, scope),
    listTotal(db, definition, where, key),
  ]);
  return {
    result,
    total_rows: count.total,
    total_rows_exact: count.isExact,
  };
}
