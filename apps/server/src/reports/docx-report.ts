import { type PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import { shareWidth, wantedColumnWidths } from './column-sizes.ts';
import { DOCX_PAGE, documentXml } from './docx-document-xml.ts';
import {
  CONTENT_TYPES_XML,
  coreXml,
  DOCUMENT_RELS_XML,
  FOOTER_REL_ID,
  footerXml,
  PACKAGE_RELS_XML,
  stylesXml,
} from './docx-parts.ts';
import type { ReadAhead } from './read-ahead.ts';
import { cellsFor, cellText, numericColumns } from './report-cells.ts';
import { generatedLine, numberFormatter, REPORT_TEXTS, reportLocale } from './report-texts.ts';
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
  const formatNumber = numberFormatter(input.lang);
  const count = input.columns.length;
  const titles = input.columns.map((column) => column.title);
  const sampleTexts = sample.map((row) => cellsFor(row, count).map((cell) => cellText(cell, formatNumber)));
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
        formatNumber,
      },
      rows,
    ),
  );
  const zip = new yazl.ZipFile();
  const mtime = input.generatedAt;
  const part = (text: string, name: string) => zip.addBuffer(Buffer.from(text, 'utf8'), name, { mtime });
  part(CONTENT_TYPES_XML, '[Content_Types].xml');
  part(PACKAGE_RELS_XML, '_rels/.rels');
  part(coreXml(input.title, locale, input.generatedAt), 'docProps/core.xml');
  part(DOCUMENT_RELS_XML, 'word/_rels/document.xml.rels');
  part(stylesXml(locale), 'word/styles.xml');
  part(footerXml(input.title, texts.page), 'word/footer1.xml');
  zip.addReadStream(documentStream, 'word/document.xml', { mtime });
  zip.end();

  await new Promise<void>((resolve, reject) => {
    documentStream.on('error', reject);
    zip.on('error', reject);
    // The reader went away: stop reading rows, which closes the source. It may have gone already,
    // while the sample was read, and then 'close' was emitted before anyone listened.
    const stop = () => {
      documentStream.destroy();
      resolve();
    };
    if (output.destroyed) return stop();
    output.on('close', stop);
    output.on('finish', resolve);
    zip.outputStream.pipe(output);
  });
}
