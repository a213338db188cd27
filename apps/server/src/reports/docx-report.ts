import { type PassThrough, Readable } from 'node:stream';
import { shareWidth, wantedColumnWidths } from './column-sizes.ts';
import { DOCX_PAGE, documentXml } from './docx-document-xml.ts';
import { DOCUMENT_RELS_XML, FOOTER_REL_ID, footerXml, stylesXml } from './docx-parts.ts';
import { OFFICE_TYPE, writePackage } from './ooxml-package.ts';
import type { ReadAhead } from './read-ahead.ts';
import { cellsFor, cellTexts, numericColumns } from './report-cells.ts';
import { generatedLine, REPORT_TEXTS, reportLocale } from './report-texts.ts';
import type { ReportInput } from './report-types.ts';

/** A generous average character of 8 pt Arial, and a cell's side margins, in twips. */
const CHAR_WIDTH = 100;
const CELL_MARGINS = 140;
const MIN_COLUMN_WIDTH = 560;

/**
 * A .docx written by hand, because the `docx` library builds the whole document in memory: a zip
 * (yazl, deflated as it goes) whose word/document.xml is produced row by row while it is read.
 */
export async function writeDocxReport(
  input: ReportInput,
  { sample, rows }: ReadAhead,
  output: PassThrough,
): Promise<void> {
  const texts = REPORT_TEXTS[input.lang];
  const locale = reportLocale(input.lang);
  const cellText = cellTexts(input.lang);
  const count = input.columns.length;
  const titles = input.columns.map((column) => column.title);
  const formats = input.columns.map((column) => column.format);
  const sampleTexts = sample.map((row) =>
    cellsFor(row, count).map((cell, index) => cellText(cell, formats[index])),
  );
  const wanted = wantedColumnWidths(titles, sampleTexts, (text) => Array.from(text).length).map(
    (chars) => (Math.min(chars, 60) + 1) * CHAR_WIDTH + CELL_MARGINS,
  );
  const textWidth = DOCX_PAGE.width - 2 * DOCX_PAGE.margin;
  const widths = shareWidth(wanted, textWidth, MIN_COLUMN_WIDTH).map((width) => Math.floor(width));

  const documentStream = Readable.from(
    documentXml(
      {
        title: input.title,
        subtitle: generatedLine(input.lang, input.generatedAt),
        titles,
        widths,
        numeric: numericColumns(sample, count),
        noData: texts.noData,
        footerRelId: FOOTER_REL_ID,
        cellText,
        formats,
      },
      rows,
    ),
  );
  await writePackage(output, {
    created: input.generatedAt,
    title: input.title,
    about: { language: locale },
    mainPart: 'word/document.xml',
    parts: [
      { name: 'word/_rels/document.xml.rels', xml: DOCUMENT_RELS_XML },
      {
        name: 'word/styles.xml',
        contentType: `${OFFICE_TYPE}.wordprocessingml.styles+xml`,
        xml: stylesXml(locale),
      },
      {
        name: 'word/footer1.xml',
        contentType: `${OFFICE_TYPE}.wordprocessingml.footer+xml`,
        xml: footerXml(input.title, texts.page),
      },
    ],
    streamed: {
      name: 'word/document.xml',
      contentType: `${OFFICE_TYPE}.wordprocessingml.document.main+xml`,
      xml: documentStream,
    },
  });
}
