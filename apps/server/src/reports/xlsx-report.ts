import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { cleanText } from './clean-text.ts';
import { wantedColumnWidths } from './column-sizes.ts';
import type { ReadAhead } from './read-ahead.ts';
import { cellsFor, cellText } from './report-cells.ts';
import { createPacer } from './report-output.ts';
import { REPORT_TEXTS } from './report-texts.ts';
import type { ReportCell, ReportInput } from './report-types.ts';

const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
/** Excel refuses longer cell texts. */
const MAX_CELL_TEXT = 32_767;

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

function xlsxValue(cell: ReportCell): string | number | null {
  if (cell === null || typeof cell === 'number') return cell;
  const text = cleanText(cell);
  return text.length > MAX_CELL_TEXT ? text.slice(0, MAX_CELL_TEXT) : text;
}

/**
 * One worksheet: a bold, frozen header row, then a row per record (numbers as numbers), written with
 * exceljs's streaming writer and committed row by row.
 */
export async function writeXlsxReport(
  input: ReportInput,
  { sample, rows }: ReadAhead,
  output: PassThrough,
): Promise<void> {
  const count = input.columns.length;
  const titles = input.columns.map((column) => column.title);
  const sampleTexts = sample.map((row) => cellsFor(row, count).map((cell) => cellText(cell, String)));
  const wanted = wantedColumnWidths(titles, sampleTexts, (text) => Array.from(text).length);

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Usluge';
  workbook.title = input.title;
  workbook.created = input.generatedAt;
  workbook.modified = input.generatedAt;
  const sheet = workbook.addWorksheet(sheetName(input.title, REPORT_TEXTS[input.lang].sheet), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = input.columns.map((column, index) => ({
    key: column.key,
    width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.ceil((wanted[index] ?? 0) * 1.1) + 2)),
  }));
  const header = sheet.addRow(titles.map(cleanText));
  header.font = { bold: true };
  header.commit();

  const pace = createPacer(output);
  for await (const row of rows) {
    sheet.addRow(cellsFor(row, count).map(xlsxValue)).commit();
    await pace();
  }
  sheet.commit();
  await workbook.commit();
}
