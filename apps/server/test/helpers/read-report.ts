import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect } from 'vitest';

/** Readers that open produced report files the way a user's program would. */

/** A spreadsheet cell's value: a date cell is a Date whose UTC fields are the cell's wall clock. */
export type SheetValue = string | number | Date | null;

/** Each row's values and each cell's number format ('General' when it has none). */
export async function readXlsxSheet(
  file: Buffer,
  columnCount: number,
): Promise<{ values: SheetValue[][]; formats: string[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const values: SheetValue[][] = [];
  const formats: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (sheetRow) => {
    const cells = Array.from({ length: columnCount }, (_, index) => sheetRow.getCell(index + 1));
    values.push(
      cells.map(({ value }) =>
        typeof value === 'string' || typeof value === 'number' || value instanceof Date ? value : null,
      ),
    );
    formats.push(cells.map((cell) => cell.numFmt || 'General'));
  });
  return { values, formats };
}

export async function readXlsx(file: Buffer, columnCount: number): Promise<SheetValue[][]> {
  return (await readXlsxSheet(file, columnCount)).values;
}

/** A date cell's wall clock as 'dd.mm.yyyy HH:mm' (spreadsheet dates have no zone). */
export function wallClock(value: SheetValue): string {
  if (!(value instanceof Date)) return `not a date: ${String(value)}`;
  const two = (part: number) => String(part).padStart(2, '0');
  return `${two(value.getUTCDate())}.${two(value.getUTCMonth() + 1)}.${value.getUTCFullYear()} ${two(value.getUTCHours())}:${two(value.getUTCMinutes())}`;
}

const run = promisify(execFile);

/**
 * The pdf's text as poppler's pdftotext reads it, in the order it is drawn (-raw): a table's cells
 * row by row, each cell's lines in turn. Pages are split at form feeds.
 */
export async function pdftotext(file: Buffer): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'pdftotext-'));
  try {
    const path = join(dir, 'report.pdf');
    await writeFile(path, file);
    const { stdout } = await run('pdftotext', ['-raw', '-enc', 'UTF-8', path, '-'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout.split('\f').filter((page) => page.trim() !== '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every page's text, items joined by single spaces (so wrapped cell lines read as one text). */
export async function readPdf(file: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(file), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push(` ${text.replace(/\s+/g, ' ').trim()} `);
  }
  await pdf.destroy();
  return pages;
}

type XmlNode = string | number | boolean | null | XmlNode[] | { [key: string]: XmlNode };

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: false });

function parseXml(xml: string): Record<string, XmlNode> {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml) as Record<string, XmlNode>;
}

function asList(node: XmlNode | undefined): XmlNode[] {
  if (node === undefined) return [];
  return Array.isArray(node) ? node : [node];
}

function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node !== null && typeof node === 'object' && !Array.isArray(node) ? node[name] : undefined;
}

/** The text of every w:t below the node, in order, with w:br as a new line. */
function wordText(node: XmlNode | undefined): string {
  if (node === undefined || node === null || typeof node !== 'object') return '';
  if (Array.isArray(node)) return node.map(wordText).join('');
  let text = '';
  for (const [key, value] of Object.entries(node)) {
    if (key === 'w:t')
      text += asList(value)
        .map((t) => (typeof t === 'object' && t !== null ? String(child(t, '#text') ?? '') : String(t)))
        .join('\n');
    else if (key === 'w:br') text += '\n';
    else if (!key.startsWith('@_')) text += wordText(value);
  }
  return text;
}

export type Docx = {
  files: Record<string, string>;
  paragraphs: string[];
  header: string[];
  rows: string[][];
  headerRepeats: boolean;
};

export function readDocx(file: Buffer): Docx {
  const files = Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(file))).map(([name, data]) => [name, strFromU8(data)]),
  );
  for (const [name, xml] of Object.entries(files)) {
    if (name.endsWith('.xml') || name.endsWith('.rels')) parseXml(xml);
  }
  const document = parseXml(files['word/document.xml'] ?? '');
  const body = child(document['w:document'], 'w:body');
  const paragraphs = asList(child(body, 'w:p')).map(wordText);
  const table = child(body, 'w:tbl');
  const tableRows = asList(child(table, 'w:tr'));
  const [first, ...rest] = tableRows;
  const cellsOf = (tableRow: XmlNode | undefined) => asList(child(tableRow, 'w:tc')).map(wordText);
  return {
    files,
    paragraphs,
    header: cellsOf(first),
    rows: rest.map(cellsOf),
    headerRepeats: child(child(first, 'w:trPr'), 'w:tblHeader') !== undefined,
  };
}
