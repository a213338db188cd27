import type { PassThrough } from 'node:stream';
import PDFDocument from 'pdfkit';
import { shareWidth, wantedColumnWidths } from './column-sizes.ts';
import { fitLines } from './fit-lines.ts';
import { composedText, PdfFont } from './pdf-font.ts';
import { PdfPainter } from './pdf-painter.ts';
import type { ReadAhead } from './read-ahead.ts';
import { type CellText, cellsFor, cellTexts, numericColumns } from './report-cells.ts';
import { REPORT_FONT } from './report-font.ts';
import { createPacer } from './report-output.ts';
import { generatedLine, REPORT_TEXTS, reportLocale } from './report-texts.ts';
import type { ReportCell, ReportFormat, ReportInput } from './report-types.ts';

const MARGIN = 30;
const FONT_SIZE = 8;
const TITLE_SIZE = 15;
const SMALL_SIZE = 7.5;
const PADDING = 3;
/** Lines a header cell shows at most; a data cell shows all of its text, as long as a page allows. */
const MAX_HEADER_LINES = 6;
const MIN_COLUMN_WIDTH = 28;
const TEXT_COLOR = '#1a1a1a';
const MUTED_COLOR = '#5f6b7a';
const HEADER_FILL = '#e4e9f0';
const STRIPE_FILL = '#f5f7fa';
const RULE_COLOR = '#b8c2cc';

type Measure = (text: string) => number;

/**
 * pdfkit caches the shaped layout of every word it sets, without bound: emptied on every page.
 * Only text that is not simple (see pdf-font.ts) is shaped by pdfkit at all.
 */
type FontLayoutCaches = { _fontFamilies?: Record<string, { layoutCache?: Record<string, unknown> }> };

function forgetWordLayouts(doc: InstanceType<typeof PDFDocument>): void {
  const fonts = (doc as unknown as FontLayoutCaches)._fontFamilies ?? {};
  for (const font of Object.values(fonts)) {
    if (font.layoutCache) font.layoutCache = Object.create(null) as Record<string, unknown>;
  }
}

/** A cell's text as the page shows it: formatted, cleaned, composed (c + ˇ → č). */
function pageText(cell: ReportCell, format: ReportFormat | undefined, cellText: CellText): string {
  return composedText(cellText(cell, format));
}

/**
 * A landscape A4 table: title and generation date on top, the header row on every page, cells
 * wrapped to their column (whole, unless longer than a page), numbers aligned right, the report's name and the
 * page number below. Each page goes out as soon as the next one starts. pdfkit builds the document
 * (pages, fonts and their subsets, compression); the text and the table's lines are written by
 * PdfPainter with PdfFont's glyph table (pdf-painter.ts, pdf-font.ts).
 */
export async function writePdfReport(
  input: ReportInput,
  { sample, rows }: ReadAhead,
  output: PassThrough,
): Promise<void> {
  const texts = REPORT_TEXTS[input.lang];
  const cellText = cellTexts(input.lang);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    autoFirstPage: false,
    font: REPORT_FONT.regular,
    lang: reportLocale(input.lang),
    displayTitle: true,
    info: { Title: input.title, CreationDate: input.generatedAt, Producer: 'Usluge' },
  });
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.on('data', (chunk: Buffer) => {
    if (!output.destroyed) output.write(chunk);
  });

  const regular = new PdfFont(doc, REPORT_FONT.regular);
  const bold = new PdfFont(doc, REPORT_FONT.bold);
  const painter = new PdfPainter(doc);
  const measureWith =
    (font: PdfFont, size: number): Measure =>
    (text) =>
      font.width(text, size);
  const measureCell = measureWith(regular, FONT_SIZE);
  const measureHeader = measureWith(bold, FONT_SIZE);
  const measureSmall = measureWith(regular, SMALL_SIZE);
  const measureTitle = measureWith(bold, TITLE_SIZE);
  const lineHeightOf = (font: PdfFont, size: number) => {
    doc.font(font.path).fontSize(size);
    return doc.currentLineHeight(true);
  };
  const lineHeight = lineHeightOf(regular, FONT_SIZE);
  const titleLineHeight = lineHeightOf(bold, TITLE_SIZE);
  const generatedLineHeight = lineHeightOf(regular, SMALL_SIZE + 1);

  const count = input.columns.length;
  const titles = input.columns.map((column) => composedText(column.title));
  const title = composedText(input.title);
  const numeric = numericColumns(sample, count);
  const formats = input.columns.map((column) => column.format);
  const sampleTexts = sample.map((row) =>
    cellsFor(row, count).map((cell, index) => pageText(cell, formats[index], cellText)),
  );
  const wanted = wantedColumnWidths(titles, sampleTexts, measureCell, measureHeader).map(
    (width) => width + 2 * PADDING + 1,
  );

  let pageNumber = 0;
  let y = 0;
  let left = 0;
  let tableWidth = 0;
  let bottom = 0;
  let widths: number[] = [];
  /** The lines a data row may have: as many as fill a page below the header row (set on page 1). */
  let maxLines = 1;

  const fitCells = (cells: readonly string[], measure: Measure, lineCount: number) =>
    cells.map((text, index) => fitLines(text, (widths[index] ?? 0) - 2 * PADDING, lineCount, measure));

  const rowHeight = (lines: readonly string[][]) => {
    let most = 1;
    for (const cell of lines) if (cell.length > most) most = cell.length;
    return most * lineHeight + 2 * PADDING;
  };

  const drawRow = (
    lines: readonly string[][],
    alignRight: readonly boolean[],
    font: PdfFont,
    fill: string | null,
  ) => {
    const height = rowHeight(lines);
    if (fill !== null) painter.fillRect(left, y, tableWidth, height, fill);
    let x = left;
    for (let index = 0; index < lines.length; index += 1) {
      const width = widths[index] ?? 0;
      const cellLines = lines[index] ?? [];
      for (let lineIndex = 0; lineIndex < cellLines.length; lineIndex += 1) {
        const line = cellLines[lineIndex] ?? '';
        const lineX = alignRight[index] ? x + width - PADDING - font.width(line, FONT_SIZE) : x + PADDING;
        painter.text(font, FONT_SIZE, TEXT_COLOR, lineX, y + PADDING + lineIndex * lineHeight, line);
      }
      x += width;
    }
    y += height;
    painter.rule(left, left + tableWidth, y, fill === HEADER_FILL ? 0.8 : 0.3, RULE_COLOR);
    painter.flush();
  };

  const startPage = () => {
    doc.addPage();
    forgetWordLayouts(doc);
    pageNumber += 1;
    const { page } = doc;
    left = page.margins.left;
    tableWidth = page.width - page.margins.left - page.margins.right;
    bottom = page.height - page.margins.bottom;
    widths = shareWidth(wanted, tableWidth, MIN_COLUMN_WIDTH);
    y = page.margins.top;

    // Footer, inside the bottom margin: the report's name and the page number.
    const footerY = bottom + 8;
    const pageLabel = `${texts.page} ${pageNumber}`;
    const name = fitLines(title, tableWidth * 0.7, 1, measureSmall)[0] ?? '';
    painter.text(regular, SMALL_SIZE, MUTED_COLOR, left, footerY, name);
    painter.text(
      regular,
      SMALL_SIZE,
      MUTED_COLOR,
      left + tableWidth - measureSmall(pageLabel),
      footerY,
      pageLabel,
    );

    if (pageNumber === 1) {
      for (const line of fitLines(title, tableWidth, 2, measureTitle)) {
        painter.text(bold, TITLE_SIZE, TEXT_COLOR, left, y, line);
        y += titleLineHeight;
      }
      painter.text(
        regular,
        SMALL_SIZE + 1,
        MUTED_COLOR,
        left,
        y + 2,
        generatedLine(input.lang, input.generatedAt),
      );
      y += 2 + generatedLineHeight + 10;
    }
    const tableTop = y;
    drawRow(fitCells(titles, measureHeader, MAX_HEADER_LINES), numeric, bold, HEADER_FILL);
    if (pageNumber === 1) {
      const room = bottom - page.margins.top - (y - tableTop) - 2 * PADDING;
      maxLines = Math.max(1, Math.floor(room / lineHeight));
    }
  };

  const pace = createPacer(output);
  startPage();
  let rowIndex = 0;
  for await (const row of rows) {
    const cells = cellsFor(row, count);
    const lines = fitCells(
      cells.map((cell, index) => pageText(cell, formats[index], cellText)),
      measureCell,
      maxLines,
    );
    if (y + rowHeight(lines) > bottom) startPage();
    drawRow(
      lines,
      cells.map((cell) => typeof cell === 'number'),
      regular,
      rowIndex % 2 === 1 ? STRIPE_FILL : null,
    );
    rowIndex += 1;
    await pace();
  }
  if (rowIndex === 0) {
    painter.text(regular, FONT_SIZE, MUTED_COLOR, left + PADDING, y + PADDING, texts.noData);
    painter.flush();
  }
  doc.end();
  await finished;
  output.end();
}
