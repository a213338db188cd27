import type { Access, FilterOperator, Language } from '@usluge/contract';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { ReportFormat } from '../reports/report-types.ts';

export type ColumnType = 'text' | 'number' | 'boolean' | 'date' | 'id';

/** A filter value after it was checked against its column's type. */
export type FilterOperand = string | number | boolean | Date;

/** Who reads a list: the signed-in caller, whom a member's list is limited to. */
export type ListViewer = { userId: number };

export type ListColumn = {
  /** What the column filters and sorts on. */
  expression: SQL | AnyPgColumn;
  type: ColumnType;
  /** Operators a client may filter with; the first is used for a bare value. Absent: not filterable. */
  operators?: readonly FilterOperator[];
  isSortable?: boolean;
  /**
   * What the column sorts on when that is not `expression`: a copy on the list's own table of a
   * joined column (os_cities.country_name for the country's name), so that an index of that table
   * serves the sort. Filters keep using `expression` / `condition`.
   */
  sortExpression?: SQL | AnyPgColumn;
  /**
   * Other expressions a filter on this column matches too: an OR of the very same comparison on
   * each (the users list's name search also looks in name, last name, username and e-mail).
   */
  alsoMatches?: readonly (SQL | AnyPgColumn)[];
  /**
   * For columns that are not a plain expression (e.g. "has this role"): builds the condition. It
   * learns the viewer too, for filters whose meaning is relative to the caller ("sent by me").
   */
  condition?: (operator: FilterOperator, operands: FilterOperand[], viewer: ListViewer | undefined) => SQL;
  /**
   * The column's report cell when the row field of its key is not what the screen shows (an ad's
   * currency_id prints the currency, is_offer 'Ponuda' or 'Potražnja').
   */
  reportCell?: (row: Record<string, unknown>, lang: Language) => string | number | null;
  /** The row fields `reportCell` reads, for a definition that loads only those (`pickFields`). */
  reportFields?: readonly string[];
  /** How its values print in a report beyond their type: 'money', 'credits', 'day' (ReportFormat). */
  format?: ReportFormat;
};

/**
 * Which rows `loadRows` reads (a page's ids, or ids given), in what order, and which of their
 * fields the caller reads (a report's columns; absent: all). A definition whose row has costly
 * fields (subqueries, JSON) leaves out the others with `pickFields`; any other may ignore it.
 */
export type RowScope = {
  where: SQL;
  orderBy: SQL;
  fields?: ReadonlySet<string>;
  /** Who reads them, for rows that read differently to each side (a contact: sent or received). */
  viewer?: ListViewer;
};

/**
 * The selection without the fields the scope does not ask for; the id always stays. The type is
 * the whole selection's: a caller that names `fields` reads only those.
 */
export function pickFields<Selection extends Record<string, unknown>>(
  selection: Selection,
  scope: RowScope,
): Selection {
  const { fields } = scope;
  if (!fields) return selection;
  return Object.fromEntries(
    Object.entries(selection).filter(([key]) => key === 'id' || fields.has(key)),
  ) as Selection;
}

/** A resource's list: everything the engine needs to filter, sort, page and load it. */
export type ListDefinition<Row extends { id: number }> = {
  /** Path segment: `/api/<resource>/index`. */
  resource: string;
  /** The FROM clause with its joins. */
  from: SQL;
  /** Rows outside it are never part of this list, whatever the filters (e.g. services, not folders). */
  condition?: SQL;
  /**
   * A member's list: only the caller's own rows, whatever the filters (e.g. the ledger entries whose
   * user_id is the viewer's). Applied like `condition` to every page, total and report; such a list
   * is never read without a viewer, and its totals are kept per viewer.
   */
  scopeOf?: (viewer: ListViewer) => SQL;
  /** The base table's primary key. */
  id: AnyPgColumn;
  columns: Record<string, ListColumn>;
  defaultSort: { key: string; isDescending: boolean };
  /** Enables `show_only_active` and `index_active`. */
  isActiveColumn?: AnyPgColumn;
  /**
   * Which of the two routes this declaration serves (default: both, index_active only with an
   * is_active column). A resource whose picker shows less than its list declares them apart.
   */
  routes?: readonly ('index' | 'index_active')[];
  /** The index route's path when it is not `<resource>/index` (e.g. `credit_prices/credit-price-history`). */
  indexPath?: string;
  /**
   * Loads the rows the scope selects, in its order; explicit columns only, from the base table
   * under its own name (the scope's conditions and sort keys name it).
   */
  loadRows: (db: Database, scope: RowScope) => Promise<Row[]>;
  /** The row as the API returns it: the response schema (fields it does not name are dropped). */
  rowSchema: z.ZodType;
  access: { index: Access; indexActive?: Access };
  /**
   * Figures the index route answers beside the page, for the viewer (the inbox's unread count):
   * `schema` names them in the answer, `load` reads them.
   */
  extras?: {
    schema: z.ZodObject;
    load: (db: Database, viewer: ListViewer | undefined) => Promise<Record<string, unknown>>;
  };
  /**
   * The columns of a report that names none (`show_columns`): the columns its list screen offers,
   * in their order (a member may show fewer there, and the web app then sends those). Absent: every
   * column that is a row field or prints a cell of its own.
   */
  reportColumns?: readonly string[];
  /**
   * Row fields whose value is an object, and which of its properties a report prints (an ad's
   * currency: its short_name); any other object prints its name.
   */
  reportObjectText?: Readonly<Record<string, string>>;
  /** What the API document says of the index route, where the generic summary is not enough. */
  docs?: { summary: string; description: string };
};

export function defineList<Row extends { id: number }>(definition: ListDefinition<Row>): ListDefinition<Row> {
  const { key } = definition.defaultSort;
  if (!definition.columns[key]?.isSortable) {
    throw new Error(`${definition.resource}: default sort key ${key} is not a sortable column`);
  }
  return definition;
}
