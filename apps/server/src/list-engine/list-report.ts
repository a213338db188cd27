import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  formatDateTime,
  type Language,
  type ParsedListRequest,
  type ReportType,
  type ReportColumn as RequestedColumn,
} from '@usluge/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { appendAudit, recordTypeOf } from '../audit/append-audit.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { reportContentType } from '../reports/report-content-type.ts';
import { reportFileName } from '../reports/report-file-name.ts';
import type { ReportPool } from '../reports/report-pool.ts';
import { activeStatusText } from '../reports/report-texts.ts';
import type { ReportCell, ReportColumn } from '../reports/report-types.ts';
import { columnTitle } from './column-titles.ts';
import type { ListDefinition, ListViewer } from './list-definition.ts';
import { buildOrderBy, buildWhere, type ListMode, pageIds } from './list-query.ts';

/** Rows of one report at most; ids are gathered first, then rows are loaded and written in batches. */
export const MAX_REPORT_ROWS = 1_000_000;
/**
 * Rows loaded per query: as many as take about BATCH_MS, between the bounds. The embedded database
 * runs each query on the event loop from start to end (about 0.1 ms a row for the users list),
 * so its batches stay small enough for every other request to get through in between (a health
 * check's p99 went from about 70 to 40 ms with 10 ms instead of 20, in the same time); PostgreSQL's
 * run elsewhere, and grow to the largest.
 */
const BATCH_MS = 10;
const MIN_BATCH = 50;
const MAX_BATCH = 1000;
const FIRST_BATCH = 100;
const YES_NO: Record<Language, [string, string]> = { me: ['Da', 'Ne'], en: ['Yes', 'No'] };

/**
 * A value as a report cell: numbers and moments as they are (the writer makes them number and date
 * cells), yes/no, an object by its `objectText` property (default its name), a list's items
 * joined.
 */
export function formatCell(value: unknown, lang: Language, objectText = 'name'): ReportCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || value instanceof Date) return value;
  if (typeof value === 'boolean') return YES_NO[lang][value ? 0 : 1];
  if (Array.isArray(value))
    return value
      .map((item) => {
        const cell = formatCell(item, lang, objectText);
        return cell instanceof Date ? formatDateTime(cell) : (cell ?? '');
      })
      .join(', ');
  if (typeof value === 'object' && Object.hasOwn(value, objectText)) {
    const text = (value as Record<string, unknown>)[objectText];
    return text === null || text === undefined ? null : String(text);
  }
  return JSON.stringify(value);
}

/** A column's cell: is_active in the words the list screens use ('Aktivan'), the rest by formatCell. */
function columnCell(value: unknown, key: string, lang: Language, objectText: string | undefined): ReportCell {
  if (key === 'is_active' && typeof value === 'boolean') return activeStatusText(lang, value);
  return formatCell(value, lang, objectText);
}

function valueAt(row: object, key: string): unknown {
  if (Object.hasOwn(row, key)) return (row as Record<string, unknown>)[key];
  return key.split('.').reduce<unknown>((value, part) => {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    return (value as Record<string, unknown>)[part];
  }, row);
}

/** Keys a report may show: the row's fields and the list's columns; never anything else. */
function reportableKeys(definition: ListDefinition<{ id: number }>): Set<string> {
  const keys = new Set(Object.keys(definition.columns));
  if (definition.rowSchema instanceof z.ZodObject)
    for (const key of Object.keys(definition.rowSchema.shape)) keys.add(key);
  return keys;
}

/**
 * The columns of a report that names none: the definition's `reportColumns`, or else its columns
 * that are row fields or print a cell of their own (not the filter-only ones, such as an ad's
 * services).
 */
export function defaultReportColumns(definition: ListDefinition<{ id: number }>): readonly string[] {
  if (definition.reportColumns) return definition.reportColumns;
  const fields =
    definition.rowSchema instanceof z.ZodObject
      ? new Set(Object.keys(definition.rowSchema.shape))
      : undefined;
  return Object.entries(definition.columns)
    .filter(([key, column]) => column.reportCell || !fields || fields.has(key))
    .map(([key]) => key);
}

function reportColumns(
  definition: ListDefinition<{ id: number }>,
  requested: RequestedColumn[] | undefined,
  lang: Language,
): ReportColumn[] {
  const allowed = reportableKeys(definition);
  const entries = requested && requested.length > 0 ? requested : defaultReportColumns(definition);
  return entries.map((entry) => {
    const key = typeof entry === 'string' ? entry : entry.key;
    if (!allowed.has(key)) throw new AppError(422, 'unknown_report_column', { column: key });
    const title = typeof entry === 'string' ? undefined : entry.title?.trim();
    const format = Object.hasOwn(definition.columns, key) ? definition.columns[key]?.format : undefined;
    return { key, title: title || columnTitle(key, lang), ...(format ? { format } : {}) };
  });
}

/**
 * The row fields a report's columns read: a key's field ('countries.name' reads countries), or
 * what a column's own cell declares it reads; every field when a cell declares nothing.
 */
function fieldsRead(
  definition: ListDefinition<{ id: number }>,
  columns: ReportColumn[],
): ReadonlySet<string> | undefined {
  const fields = new Set<string>();
  for (const { key } of columns) {
    const column = Object.hasOwn(definition.columns, key) ? definition.columns[key] : undefined;
    if (column?.reportCell) {
      if (!column.reportFields) return undefined;
      for (const field of column.reportFields) fields.add(field);
    } else {
      fields.add(key);
      fields.add(key.split('.')[0] ?? key);
    }
  }
  return fields;
}

/**
 * The rows of a batch of ids, in the ids' order, with the fields the report reads. The ids go as
 * one array parameter (`= any`): the embedded database reads the users list's rows about a
 * quarter faster so than with a parameter per id (loadInOrder's `in`), and the statement is the
 * same for every batch.
 */
async function loadBatch<Row extends { id: number }>(
  db: Database,
  definition: ListDefinition<Row>,
  ids: readonly number[],
  fields: ReadonlySet<string> | undefined,
  viewer: ListViewer | undefined,
): Promise<Row[]> {
  const rows = await definition.loadRows(db, {
    where: sql`${definition.id} = any(${`{${ids.join(',')}}`}::bigint[])`,
    orderBy: sql`${definition.id}`,
    fields,
    ...(viewer ? { viewer } : {}),
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The next batch's size: what should take about BATCH_MS, judging by the last one. */
function nextBatchSize(size: number, elapsedMs: number): number {
  const fitting = elapsedMs > 0 ? Math.round((size * BATCH_MS) / elapsedMs) : MAX_BATCH;
  return Math.min(MAX_BATCH, Math.max(MIN_BATCH, fitting, Math.round(size / 2)), size * 2);
}

async function* rowsOfIds<Row extends { id: number }>(
  db: Database,
  definition: ListDefinition<Row>,
  ids: number[],
  columns: ReportColumn[],
  lang: Language,
  viewer: ListViewer | undefined,
): AsyncGenerator<ReportCell[]> {
  const cells = columns.map((column) => {
    const ownCell = Object.hasOwn(definition.columns, column.key)
      ? definition.columns[column.key]?.reportCell
      : undefined;
    const objectText = definition.reportObjectText?.[column.key];
    return { key: column.key, ownCell, objectText };
  });
  const fields = fieldsRead(definition, columns);
  let size = FIRST_BATCH;
  for (let start = 0; start < ids.length; ) {
    // Whatever else waits for the event loop (other requests) goes first.
    await nextTurn();
    const asked = performance.now();
    const batch = ids.slice(start, start + size);
    start += batch.length;
    const rows = await loadBatch(db, definition, batch, fields, viewer);
    const elapsed = performance.now() - asked;
    for (const row of rows)
      yield cells.map(({ key, ownCell, objectText }) =>
        ownCell
          ? ownCell(row as Record<string, unknown>, lang)
          : columnCell(valueAt(row, key), key, lang, objectText),
      );
    size = nextBatchSize(size, elapsed);
  }
}

/** Letters that no decomposition turns into ASCII, as they are spelled without diacritics. */
const ASCII_SPELLING: Record<string, string> = { đ: 'dj', Đ: 'Dj', '–': '-', '—': '-' };

/**
 * RFC 6266: the name as it is in filename* (UTF-8, percent-encoded as RFC 5987 wants, so also
 * ' ( ) *), and an ASCII spelling in filename for clients that read only that ('Đurđevdan' →
 * 'Djurdjevdan').
 */
export function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .replace(/[đĐ–—]/g, (char) => ASCII_SPELLING[char] ?? '')
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '')
      .replace(/\s+/g, ' ')
      .trim() || 'report';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Answers a list read with `is_report` as a file: the same filters and sort, the chosen columns,
 * one page or (report_ignore_pagination) every matching row, streamed as a worker thread writes it
 * (a 429 when the server is already rendering as many as it may).
 */
export async function sendListReport<Row extends { id: number }>(
  db: Database,
  definition: ListDefinition<Row>,
  request: ParsedListRequest,
  mode: ListMode,
  lang: Language,
  reply: FastifyReply,
  reports: ReportPool,
  viewer?: ListViewer,
): Promise<FastifyReply> {
  const type: ReportType = request.report_type ?? 'pdf';
  const name = request.report_name?.trim() || 'report';
  const columns = reportColumns(definition, request.show_columns, lang);
  const where = buildWhere(definition, request, mode, viewer);
  const orderBy = buildOrderBy(definition, request);
  const { page, itemsPerPage } = request.options;
  const ids = request.report_ignore_pagination
    ? await pageIds(db, definition, where, orderBy, MAX_REPORT_ROWS + 1, 0)
    : await pageIds(db, definition, where, orderBy, itemsPerPage, (page - 1) * itemsPerPage);
  if (ids.length > MAX_REPORT_ROWS) {
    throw new AppError(422, 'report_too_large', { max: MAX_REPORT_ROWS.toLocaleString('de-DE') });
  }
  const stream = reports.render(type, {
    title: name,
    columns,
    rows: rowsOfIds(db, definition, ids, columns, lang, viewer),
    lang,
    generatedAt: new Date(),
  });
  // Who exported which list with which filters: written once the file is under way (not for a 429).
  await appendAudit(db, {
    action: 'export',
    recordType: recordTypeOf(definition.resource),
    recordId: null,
    changes: {
      filters: {
        before: null,
        after: {
          filters: request.filters,
          sort: { sortBy: request.options.sortBy, sortDesc: request.options.sortDesc },
          columns: columns.map((column) => column.key),
          format: type,
          all_pages: request.report_ignore_pagination === true,
          rows: ids.length,
        },
      },
    },
  });
  return reply
    .header('Content-Type', reportContentType(type))
    .header('Content-Disposition', contentDisposition(reportFileName(name, type)))
    .header('Cache-Control', 'no-store')
    .send(stream);
}
