import { type PassThrough, Readable } from 'node:stream';
import { cleanText } from './clean-text.ts';
import { wantedColumnWidths } from './column-sizes.ts';
import { OFFICE_TYPE, R_NS, writePackage } from './ooxml-package.ts';
import type { ReadAhead } from './read-ahead.ts';
import { cellsFor, cellTexts } from './report-cells.ts';
import { REPORT_TEXTS } from './report-texts.ts';
import type { ReportCell, ReportFormat, ReportInput } from './report-types.ts';
import { spreadsheetSerial } from './spreadsheet-date.ts';
import { columnLetters, MAIN_NS, STYLE, STYLES_XML, WORKBOOK_RELS_XML, workbookXml } from './xlsx-parts.ts';

const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
/** Excel refuses longer cell texts. */
const MAX_CELL_TEXT = 32_767;
/** Text is handed on in pieces of about this many characters. */
const CHUNK = 64 * 1024;

/** A worksheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ], not quoted. */
export function sheetName(title: string, fallback: string): string {
  const name = Array.from(
    cleanText(title)
      .replace(/[:\\/?*[\]]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  )
    .slice(0, 31)
    .join('')
    .replace(/^'+|'+$/g, '')
    .trim();
  return name || fallback;
}

const XML_TEXT = /[&<>]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** A number cell's style in a column of the format: money with two decimals. */
function numberStyle(format: ReportFormat | undefined): number {
  return format === 'money' ? STYLE.money : STYLE.normal;
}

/** A date cell's style in a column of the format: its day, or its day and minute. */
function dateStyle(format: ReportFormat | undefined): number {
  return format === 'day' ? STYLE.day : STYLE.dateTime;
}

/**
 * One cell: numbers as numbers (money with two decimals), moments as date cells on Montenegro's
 * clock, text inline; nothing for an empty cell. The header row's style is given (bold).
 */
function cellXml(
  cell: ReportCell,
  reference: string,
  format: ReportFormat | undefined,
  headerStyle?: number,
): string {
  if (cell === null) return '';
  if (cell instanceof Date) {
    const serial = spreadsheetSerial(cell);
    return serial === null ? '' : `<c r="${reference}" s="${dateStyle(format)}"><v>${serial}</v></c>`;
  }
  const style = headerStyle ?? (typeof cell === 'number' ? numberStyle(format) : STYLE.normal);
  const styled = style === STYLE.normal ? '' : ` s="${style}"`;
  if (typeof cell === 'number' && Number.isFinite(cell))
    return `<c r="${reference}"${styled}><v>${cell}</v></c>`;
  let text = typeof cell === 'number' ? String(cell) : cleanText(cell);
  if (text === '') return '';
  if (text.length > MAX_CELL_TEXT) text = text.slice(0, MAX_CELL_TEXT);
  const escaped = text.replace(XML_TEXT, (char) => ENTITIES[char] ?? char);
  // Excel would trim the text's outer spaces without it.
  const space = /^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${reference}"${styled} t="inlineStr"><is><t${space}>${escaped}</t></is></c>`;
}

/**
 * xl/worksheets/sheet1.xml, produced row by row: the header row frozen in bold, then a row per
 * record (numbers as numbers, moments as dates, text as inline strings, so no shared table has to
 * be kept).
 */
async function* sheetXml(
  titles: readonly string[],
  formats: readonly (ReportFormat | undefined)[],
  widths: readonly number[],
  rows: AsyncIterable<ReportCell[]>,
): AsyncGenerator<Buffer> {
  const count = titles.length;
  const letters = titles.map((_, index) => columnLetters(index));
  const rowXml = (cells: readonly ReportCell[], row: number, headerStyle?: number) => {
    let xml = `<row r="${row}">`;
    for (let index = 0; index < count; index += 1)
      xml += cellXml(cells[index] ?? null, `${letters[index]}${row}`, formats[index], headerStyle);
    return `${xml}</row>`;
  };
  const columns = widths
    .map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  let pending =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<worksheet xmlns="${MAIN_NS}" xmlns:r="${R_NS}"><sheetViews><sheetView workbookViewId="0">` +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/>${columns === '' ? '' : `<cols>${columns}</cols>`}<sheetData>` +
    rowXml(titles, 1, STYLE.bold);
  let row = 1;
  for await (const cells of rows) {
    row += 1;
    pending += rowXml(cellsFor(cells, count), row);
    if (pending.length >= CHUNK) {
      yield Buffer.from(pending, 'utf8');
      pending = '';
    }
  }
  yield Buffer.from(`${pending}</sheetData></worksheet>`, 'utf8');
}

/**
 * One worksheet: a bold, frozen header row, then a row per record (numbers as numbers, moments as
 * dates). Written by
 * hand like the docx (exceljs's streaming writer spent half its time finding each plain cell's
 * style): a zip (yazl, deflated as it goes) whose sheet is produced row by row while it is read.
 */
export async function writeXlsxReport(
  input: ReportInput,
  { sample, rows }: ReadAhead,
  output: PassThrough,
): Promise<void> {
  const count = input.columns.length;
  const titles = input.columns.map((column) => column.title);
  const formats = input.columns.map((column) => column.format);
  const cellText = cellTexts(input.lang);
  const sampleTexts = sample.map((row) =>
    cellsFor(row, count).map((cell, index) => cellText(cell, formats[index])),
  );
  const wanted = wantedColumnWidths(titles, sampleTexts, (text) => Array.from(text).length);
  const widths = wanted.map((width) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.ceil(width * 1.1) + 2)));

  const sheetStream = Readable.from(sheetXml(titles, formats, widths, rows));
  await writePackage(output, {
    created: input.generatedAt,
    title: input.title,
    about: { creator: 'Usluge' },
    mainPart: 'xl/workbook.xml',
    parts: [
      {
        name: 'xl/workbook.xml',
        contentType: `${OFFICE_TYPE}.spreadsheetml.sheet.main+xml`,
        xml: workbookXml(sheetName(input.title, REPORT_TEXTS[input.lang].sheet)),
      },
      { name: 'xl/_rels/workbook.xml.rels', xml: WORKBOOK_RELS_XML },
      { name: 'xl/styles.xml', contentType: `${OFFICE_TYPE}.spreadsheetml.styles+xml`, xml: STYLES_XML },
    ],
    streamed: {
      name: 'xl/worksheets/sheet1.xml',
      contentType: `${OFFICE_TYPE}.spreadsheetml.worksheet+xml`,
      xml: sheetStream,
    },
  });
}
