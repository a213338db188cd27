import { W_NS } from './docx-parts.ts';
import { R_NS } from './ooxml-package.ts';
import { type CellText, cellsFor } from './report-cells.ts';
import type { ReportCell, ReportFormat } from './report-types.ts';
import { xmlEscape } from './xml-escape.ts';

/** Landscape A4 in twentieths of a point, half-inch margins. */
export const DOCX_PAGE = { width: 16838, height: 11906, margin: 720 } as const;

/** Text is handed on in pieces of about this many characters. */
const CHUNK = 64 * 1024;

export type DocumentXmlOptions = {
  title: string;
  subtitle: string;
  titles: readonly string[];
  /** Column widths in twips, summing to at most the text width. */
  widths: readonly number[];
  /** Columns of numbers, aligned right. */
  numeric: readonly boolean[];
  noData: string;
  footerRelId: string;
  cellText: CellText;
  /** Each column's format, in order. */
  formats: readonly (ReportFormat | undefined)[];
};

function paragraphRuns(text: string, bold: boolean): string {
  const runProps = bold ? '<w:rPr><w:b/></w:rPr>' : '';
  const lines = text
    .replace(/\t/g, ' ')
    .split(/\r\n|\r|\n/)
    .map((line) => `<w:t xml:space="preserve">${xmlEscape(line)}</w:t>`)
    .join('<w:br/>');
  return `<w:r>${runProps}${lines}</w:r>`;
}

function dataCell(text: string, alignRight: boolean): string {
  if (text === '') return '<w:tc><w:p/></w:tc>';
  return `<w:tc><w:p>${alignRight ? RIGHT : ''}${paragraphRuns(text, false)}</w:p></w:tc>`;
}

const RIGHT = '<w:pPr><w:jc w:val="right"/></w:pPr>';

function headerRow(
  titles: readonly string[],
  widths: readonly number[],
  numeric: readonly boolean[],
): string {
  const cells = titles.map(
    (title, index) =>
      `<w:tc><w:tcPr><w:tcW w:w="${Math.round(widths[index] ?? 0)}" w:type="dxa"/>` +
      '<w:shd w:val="clear" w:color="auto" w:fill="E4E9F0"/></w:tcPr>' +
      `<w:p>${numeric[index] ? RIGHT : ''}${paragraphRuns(title, true)}</w:p></w:tc>`,
  );
  return `<w:tr><w:trPr><w:cantSplit/><w:tblHeader/></w:trPr>${cells.join('')}</w:tr>`;
}

const BORDER = 'w:val="single" w:sz="4" w:space="0" w:color="B8C2CC"';

function tableStart(widths: readonly number[]): string {
  const total = widths.reduce((sum, width) => sum + Math.round(width), 0);
  const borders = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV']
    .map((side) => `<w:${side} ${BORDER}/>`)
    .join('');
  const grid = widths.map((width) => `<w:gridCol w:w="${Math.round(width)}"/>`).join('');
  return (
    `<w:tbl><w:tblPr><w:tblW w:w="${total}" w:type="dxa"/><w:tblBorders>${borders}</w:tblBorders>` +
    `<w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid>${grid}</w:tblGrid>`
  );
}

/**
 * word/document.xml, produced row by row: a title and a generation line, then one table whose header
 * row repeats on every page, in a landscape section with a footer.
 */
export async function* documentXml(
  options: DocumentXmlOptions,
  rows: AsyncIterable<ReportCell[]>,
): AsyncGenerator<Buffer> {
  const count = options.titles.length;
  let pending =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<w:document xmlns:w="${W_NS}" xmlns:r="${R_NS}"><w:body>` +
    `<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr>${paragraphRuns(options.title, false)}</w:p>` +
    `<w:p><w:pPr><w:pStyle w:val="Subtitle"/></w:pPr>${paragraphRuns(options.subtitle, false)}</w:p>`;
  let rowCount = 0;
  if (count > 0) {
    pending += tableStart(options.widths) + headerRow(options.titles, options.widths, options.numeric);
    for await (const row of rows) {
      const cells = cellsFor(row, count);
      pending += `<w:tr>${cells.map((cell, index) => dataCell(options.cellText(cell, options.formats[index]), typeof cell === 'number')).join('')}</w:tr>`;
      rowCount += 1;
      if (pending.length >= CHUNK) {
        yield Buffer.from(pending, 'utf8');
        pending = '';
      }
    }
    if (rowCount === 0) {
      pending += `<w:tr><w:tc><w:tcPr><w:gridSpan w:val="${count}"/></w:tcPr><w:p>${paragraphRuns(options.noData, false)}</w:p></w:tc></w:tr>`;
    }
    // A table may not end the body: Word wants a paragraph after it.
    pending += '</w:tbl><w:p/>';
  } else {
    for await (const _row of rows) rowCount += 1;
  }
  pending +=
    `<w:sectPr><w:footerReference w:type="default" r:id="${options.footerRelId}"/>` +
    `<w:pgSz w:w="${DOCX_PAGE.width}" w:h="${DOCX_PAGE.height}" w:orient="landscape"/>` +
    `<w:pgMar w:top="${DOCX_PAGE.margin}" w:right="${DOCX_PAGE.margin}" w:bottom="${DOCX_PAGE.margin}" ` +
    `w:left="${DOCX_PAGE.margin}" w:header="360" w:footer="360" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  yield Buffer.from(pending, 'utf8');
}
