import type { PassThrough } from 'node:stream';
import PDFDocument from 'pdfkit';
import { shareWidth, wantedColumnWidths } from './column-sizes.ts';
import { fitLines } from './fit-lines.ts';
import type { ReadAhead } from './read-ahead.ts';
import { cellsFor, cellText, numericColumns } from './report-cells.ts';
import { REPORT_FONT } from './report-font.ts';
import { createPacer } from './report-output.ts';
import { generatedLine, numberFormatter, REPORT_TEXTS, reportLocale } from './report-texts.ts';
import type { ReportInput } from './report-types.ts';
import { createTextMeasure } from './text-measure.ts';

// Fonts are selected by path: pdfkit caches them under it (a registered alias of the document's
// default font would be read from disk again on every switch).
const REGULAR = REPORT_FONT.regular;
const BOLD = REPORT_FONT.bold;
const MARGIN = 30;
const FONT_SIZE = 8;
const TITLE_SIZE = 15;
const SMALL_SIZE = 7.5;
const PADDING = 3;
/** Lines a cell shows at most; the rest is cut with an ellipsis. */
const MAX_LINES = 3;
const MIN_COLUMN_WIDTH = 28;
const TEXT_COLOR = '#1a1a1a';
const MUTED_COLOR = '#5f6b7a';
const HEADER_FILL = '#e4e9f0';
const STRIPE_FILL = '#f5f7fa';
const RULE_COLOR = '#b8c2cc';

type PdfDocument = InstanceType<typeof PDFDocument>;
type Measure = (text: string) => number;

/**
 * pdfkit caches the shaped layout of every word it sets, without bound: emptied on every page.
 * (Kept across pages it saves little time, since most words of a report differ, and it makes the
 * heap grow by another 100 MB before the collector catches up.)
 */
type FontLayoutCaches = { _fontFamilies?: Record<string, { layoutCache?: Record<string, unknown> }> };

function forgetWordLayouts(doc: PdfDocument): void {
  const fonts = (doc as unknown as FontLayoutCaches)._fontFamilies ?? {};
  for (const font of Object.values(fonts)) {
    if (font.layoutCache) font.layoutCache = Object.create(null) as Record<string, unknown>;
  }
}

/**
 * A landscape A4 table: title and generation date on top, the header row on every page, cells
 * wrapped to their column (cut after a few lines), numbers aligned right, the report's name and the
 * page number below. Each page goes out as soon as the next one starts.
 */
export async function writePdfReport(
  input: ReportInput,
  { sample, rows }: ReadAhead,
  output: PassThrough,
): Promise<void> {
  const texts = REPORT_TEXTS[input.lang];
  const formatNumber = numberFormatter(input.lang);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    autoFirstPage: false,
    font: REGULAR,
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

  let font: string = REGULAR;
  let size = FONT_SIZE;
  const use = (nextFont: string, nextSize: number, color: string) => {
    font = nextFont;
    size = nextSize;
    doc.font(font).fontSize(size).fillColor(color);
  };
  const measureWith = (measuredFont: string, measuredSize: number): Measure =>
    createTextMeasure((char) => {
      doc.font(measuredFont).fontSize(measuredSize);
      const width = doc.widthOfString(char);
      doc.font(font).fontSize(size);
      return width;
    });
  const measureCell = measureWith(REGULAR, FONT_SIZE);
  const measureHeader = measureWith(BOLD, FONT_SIZE);
  const measureSmall = measureWith(REGULAR, SMALL_SIZE);
  const measureTitle = measureWith(BOLD, TITLE_SIZE);
  doc.font(REGULAR).fontSize(FONT_SIZE);
  const lineHeight = doc.currentLineHeight(true);

  const count = input.columns.length;
  const titles = input.columns.map((column) => column.title);
  const numeric = numericColumns(sample, count);
  const sampleTexts = sample.map((row) => cellsFor(row, count).map((cell) => cellText(cell, formatNumber)));
  const wanted = wantedColumnWidths(titles, sampleTexts, measureCell, measureHeader).map(
    (width) => width + 2 * PADDING + 1,
  );

  let pageNumber = 0;
  let y = 0;
  let left = 0;
  let tableWidth = 0;
  let bottom = 0;
  let widths: number[] = [];

  const fitCells = (cells: readonly string[], measure: Measure) =>
    cells.map((text, index) => fitLines(text, (widths[index] ?? 0) - 2 * PADDING, MAX_LINES, measure));

  const drawRow = (
    lines: string[][],
    alignRight: readonly boolean[],
    measure: Measure,
    fill: string | null,
  ) => {
    const height = Math.max(1, ...lines.map((cell) => cell.length)) * lineHeight + 2 * PADDING;
    if (fill !== null) {
      doc.rect(left, y, tableWidth, height).fill(fill);
      doc.fillColor(TEXT_COLOR);
    }
    let x = left;
    lines.forEach((cellLines, index) => {
      const width = widths[index] ?? 0;
      cellLines.forEach((line, lineIndex) => {
        const lineX = alignRight[index] ? x + width - PADDING - measure(line) : x + PADDING;
        doc.text(line, lineX, y + PADDING + lineIndex * lineHeight, { lineBreak: false });
      });
      x += width;
    });
    y += height;
    doc
      .moveTo(left, y)
      .lineTo(left + tableWidth, y)
      .lineWidth(fill === HEADER_FILL ? 0.8 : 0.3)
      .strokeColor(RULE_COLOR)
      .stroke();
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
    use(REGULAR, SMALL_SIZE, MUTED_COLOR);
    const footerY = bottom + 8;
    const pageLabel = `${texts.page} ${pageNumber}`;
    const name = fitLines(input.title, tableWidth * 0.7, 1, measureSmall)[0] ?? '';
    doc.text(name, left, footerY, { lineBreak: false });
    doc.text(pageLabel, left + tableWidth - measureSmall(pageLabel), footerY, { lineBreak: false });

    if (pageNumber === 1) {
      use(BOLD, TITLE_SIZE, TEXT_COLOR);
      for (const line of fitLines(input.title, tableWidth, 2, measureTitle)) {
        doc.text(line, left, y, { lineBreak: false });
        y += doc.currentLineHeight(true);
      }
      use(REGULAR, SMALL_SIZE + 1, MUTED_COLOR);
      doc.text(generatedLine(input.lang, input.generatedAt), left, y + 2, { lineBreak: false });
      y += 2 + doc.currentLineHeight(true) + 10;
    }
    use(BOLD, FONT_SIZE, TEXT_COLOR);
    drawRow(fitCells(titles, measureHeader), numeric, measureHeader, HEADER_FILL);
    use(REGULAR, FONT_SIZE, TEXT_COLOR);
  };

  const pace = createPacer(output);
  startPage();
  let rowIndex = 0;
  for await (const row of rows) {
    const cells = cellsFor(row, count);
    const lines = fitCells(
      cells.map((cell) => cellText(cell, formatNumber)),
      measureCell,
    );
    const height = Math.max(1, ...lines.map((cell) => cell.length)) * lineHeight + 2 * PADDING;
    if (y + height > bottom) startPage();
    drawRow(
      lines,
      cells.map((cell) => typeof cell === 'number'),
      measureCell,
      rowIndex % 2 === 1 ? STRIPE_FILL : null,
    );
    rowIndex += 1;
    await pace();
  }
  if (rowIndex === 0) {
    use(REGULAR, FONT_SIZE, MUTED_COLOR);
    doc.text(texts.noData, left + PADDING, y + PADDING, { lineBreak: false });
  }
  doc.end();
  await finished;
  output.end();
}
