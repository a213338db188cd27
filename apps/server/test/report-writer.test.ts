import type { Readable } from 'node:stream';
import type { ReportType } from '@usluge/contract';
import ExcelJS from 'exceljs';
import { XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { reportContentType } from '../src/reports/report-content-type.ts';
import { reportFileName } from '../src/reports/report-file-name.ts';
import {
  type ReportCell,
  type ReportColumn,
  type ReportInput,
  writeReport,
} from '../src/reports/report-writer.ts';
import { pdftotext, readDocx, readPdf, readXlsx, readXlsxSheet, wallClock } from './helpers/read-report.ts';

const COLUMNS: ReportColumn[] = [
  { key: 'id', title: 'Šifra' },
  { key: 'name', title: 'Ime i prezime' },
  { key: 'city', title: 'Grad – Čačak/Đakovica' },
  { key: 'note', title: 'Napomena (ČĆŠŽĐ)' },
  { key: 'amount', title: 'Iznos' },
  { key: 'date', title: 'Datum' },
];
const TITLE = 'Izvještaj: Šćepan & Žižić <test>';
const ROWS = 300;
const TYPES: ReportType[] = ['pdf', 'xlsx', 'docx'];

const CITIES = ['Čačak', 'Đurđevdan', 'Nikšić', 'Žabljak', 'Pljevlja'];

function row(index: number): ReportCell[] {
  const note =
    index % 7 === 0
      ? `Dugačka napomena za red ${index}: ${'čćšžđ ČĆŠŽĐ '.repeat(40)}kraj`
      : index % 5 === 0
        ? null
        : `Napomena ${index} <b> & "navodnici"`;
  return [
    index,
    `Šćepan Žižić ${index}`,
    CITIES[index % CITIES.length] ?? '',
    note,
    index * 1.25,
    '21.11.2026 07:20',
  ];
}

async function* rows(count: number, failAfter?: number): AsyncGenerator<ReportCell[]> {
  for (let index = 1; index <= count; index += 1) {
    if (index === failAfter) throw new Error('database went away');
    // Arrive in batches, as from the database.
    if (index % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    yield row(index);
  }
}

function input(count: number, overrides: Partial<ReportInput> = {}): ReportInput {
  return {
    title: TITLE,
    columns: COLUMNS,
    rows: rows(count),
    lang: 'me',
    generatedAt: new Date('2026-11-21T06:20:00Z'),
    ...overrides,
  };
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

// --- tests -----------------------------------------------------------------------------------

describe('report file name and type', () => {
  it('gives each format its content type', () => {
    expect(reportContentType('pdf')).toBe('application/pdf');
    expect(reportContentType('xlsx')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(reportContentType('docx')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('keeps Montenegrin letters and adds the extension', () => {
    expect(reportFileName('Korisnici', 'pdf')).toBe('Korisnici.pdf');
    expect(reportFileName('Šćepan Žižić – Čačak, Đurđevdan', 'xlsx')).toBe(
      'Šćepan Žižić – Čačak, Đurđevdan.xlsx',
    );
    expect(reportFileName('izvještaj.docx', 'docx')).toBe('izvještaj.docx');
  });

  it('strips ../, slashes, control and reserved characters', () => {
    expect(reportFileName('../../etc/passwd', 'pdf')).toBe('etc-passwd.pdf');
    expect(reportFileName('..\\..\\windows\\win.ini', 'xlsx')).toBe('windows-win.ini.xlsx');
    expect(reportFileName('a/b\\c', 'docx')).toBe('a-b-c.docx');
    expect(reportFileName('bad\u0000\u0007\r\nname\u202e\u001b', 'pdf')).toBe('badname.pdf');
    expect(reportFileName('  what? "is" <this>: a|b*  ', 'pdf')).toBe('what is this a b.pdf');
    expect(reportFileName('.hidden', 'pdf')).toBe('hidden.pdf');
    expect(reportFileName('con', 'pdf')).toBe('con_.pdf');
  });

  it('falls back to "report" and limits the length', () => {
    expect(reportFileName('', 'pdf')).toBe('report.pdf');
    expect(reportFileName('../..', 'xlsx')).toBe('report.xlsx');
    expect(reportFileName('\u0001\u0002', 'docx')).toBe('report.docx');
    const long = reportFileName('č'.repeat(500), 'pdf');
    expect(long).toBe(`${'č'.repeat(100)}.pdf`);
  });
});

describe('xlsx report', () => {
  it("writes moments as date cells on Montenegro's clock, summer and winter, and money with two decimals", async () => {
    const columns: ReportColumn[] = [
      { key: 'at', title: 'Vrijeme' },
      { key: 'day', title: 'Dan', format: 'day' },
      { key: 'price', title: 'Cijena', format: 'money' },
      { key: 'count', title: 'Broj' },
    ];
    // 12:30 UTC is 14:30 in Podgorica in summer (UTC+2) and 13:30 in winter (UTC+1); the last
    // moment is the hour the clocks go back (03:00 → 02:00 on 25.10.2026).
    const moments = [
      '2026-07-01T12:30:00Z',
      '2026-01-15T12:30:00Z',
      '2026-10-25T00:59:00Z',
      '2026-10-25T01:01:00Z',
    ];
    const file = await collect(
      writeReport(
        'xlsx',
        input(0, {
          columns,
          rows: (async function* () {
            for (const [index, moment] of moments.entries())
              yield [new Date(moment), new Date(moment), 1234.5 + index, index + 0.25];
          })(),
        }),
      ),
    );
    const { values, formats } = await readXlsxSheet(file, columns.length);
    expect(values.slice(1).map((row) => wallClock(row[0] ?? null))).toEqual([
      '01.07.2026 14:30',
      '15.01.2026 13:30',
      '25.10.2026 02:59',
      '25.10.2026 02:01',
    ]);
    expect(values[1]?.[2]).toBe(1234.5);
    expect(values[1]?.[3]).toBe(0.25);
    expect(formats[1]).toEqual(['dd.mm.yyyy hh:mm', 'dd.mm.yyyy', '#,##0.00', 'General']);
    // The header stays text.
    expect(values[0]).toEqual(['Vrijeme', 'Dan', 'Cijena', 'Broj']);
  });

  it('has a bold header and every row, numbers as numbers, letters intact', async () => {
    const file = await collect(writeReport('xlsx', input(ROWS)));
    expect(file.subarray(0, 2).toString()).toBe('PK');
    const values = await readXlsx(file, COLUMNS.length);
    expect(values).toHaveLength(ROWS + 1);
    expect(values[0]).toEqual(COLUMNS.map((column) => column.title));
    for (let index = 1; index <= ROWS; index += 1) expect(values[index]).toEqual(row(index));
    expect(typeof values[1]?.[0]).toBe('number');
    expect(typeof values[1]?.[4]).toBe('number');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Izvještaj Šćepan & Žižić <test>'.slice(0, 31));
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet?.getRow(2).getCell(1).font?.bold).not.toBe(true);
    // Sized to the contents: the name column wider than the id column, none absurdly wide.
    // exceljs leaves out columns of the default width (9).
    const widths = COLUMNS.map((_, index) => sheet?.getColumn(index + 1).width ?? 9);
    expect(widths[1]).toBeGreaterThan(widths[0] ?? 0);
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(8);
    for (const width of widths) expect(width).toBeLessThanOrEqual(60);
  });

  it('is a package of well-formed parts, each one its content type names, with the header frozen', async () => {
    const file = await collect(writeReport('xlsx', input(20)));
    const parts = Object.fromEntries(
      Object.entries(unzipSync(new Uint8Array(file))).map(([name, data]) => [name, strFromU8(data)]),
    );
    expect(Object.keys(parts).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/core.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    for (const xml of Object.values(parts)) expect(XMLValidator.validate(xml)).toBe(true);
    for (const match of (parts['[Content_Types].xml'] ?? '').matchAll(/PartName="\/([^"]+)"/g)) {
      expect(parts).toHaveProperty([match[1] ?? '']);
    }
    expect(parts['xl/worksheets/sheet1.xml']).toContain(
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
    );
    expect(parts['docProps/core.xml']).toContain(
      '<dc:title>Izvještaj: Šćepan &amp; Žižić &lt;test&gt;</dc:title>',
    );
  });

  it('keeps spaces around text and line breaks inside it', async () => {
    const file = await collect(
      writeReport(
        'xlsx',
        input(0, {
          rows: (async function* () {
            yield [1, '  dva razmaka ', 'red\ndrugi red', '', Number.NaN, 'x'];
          })(),
        }),
      ),
    );
    const values = await readXlsx(file, COLUMNS.length);
    expect(values[1]).toEqual([1, '  dva razmaka ', 'red\ndrugi red', null, 'NaN', 'x']);
  });

  it('drops characters XML cannot hold instead of writing a broken file', async () => {
    const file = await collect(
      writeReport(
        'xlsx',
        input(0, {
          rows: (async function* () {
            yield [1, 'a\u0001b\u0000c', 'Đ', null, 2, 'x'];
          })(),
        }),
      ),
    );
    const values = await readXlsx(file, COLUMNS.length);
    expect(values[1]).toEqual([1, 'abc', 'Đ', null, 2, 'x']);
  });
});

describe('pdf report', () => {
  it('has title, date, header on every page, page numbers, first and last rows and the same letters', async () => {
    const file = await collect(writeReport('pdf', input(ROWS)));
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await readPdf(file);
    expect(pages.length).toBeGreaterThan(3);
    const first = pages[0] ?? '';
    expect(first).toContain(TITLE);
    expect(first).toContain('Generisano: 21.11.2026 07:20 (vrijeme u Crnoj Gori)');
    pages.forEach((page, index) => {
      for (const column of COLUMNS) expect(page).toContain(column.title);
      expect(page).toContain(`Strana ${index + 1}`);
    });
    const all = pages.join('\n');
    expect(first).toContain(` 1 Šćepan Žižić 1 ${CITIES[1]} `);
    expect(all).toContain(` 300 Šćepan Žižić 300 ${CITIES[0]} `);
    expect(all).toContain('Đurđevdan');
    expect(all).toContain('Čačak');
    expect(all).toContain('Napomena 299 <b> & "navodnici"');
    // Numbers in the language's style.
    expect(all).toContain('375');
    expect(all).toContain('1,25');
    // Long text wraps onto as many lines as it needs, whole.
    expect(all.replace(/\s+/g, ' ')).toContain(
      `Dugačka napomena za red 7: ${'čćšžđ ČĆŠŽĐ '.repeat(40)}kraj`.replace(/\s+/g, ' '),
    );
    expect(all).not.toContain('…');
    const lastRowPage = pages.findIndex((page) => page.includes(' Šćepan Žižić 300 '));
    expect(lastRowPage).toBe(pages.length - 1);
  });
});

/** A pdf's text items with their place: x and baseline y from the page's top, in points. */
type PlacedText = { page: number; text: string; x: number; y: number; right: number; font: string };

async function placedTexts(file: Buffer): Promise<PlacedText[]> {
  const pdf = await getDocument({ data: new Uint8Array(file), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const items: PlacedText[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const height = page.getViewport({ scale: 1 }).height;
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || item.str === '') continue;
      const [, , , , x = 0, y = 0] = item.transform as number[];
      items.push({
        page: number,
        text: item.str,
        x,
        y: height - y,
        right: x + item.width,
        font: item.fontName,
      });
    }
  }
  await pdf.destroy();
  return items;
}

const MONTENEGRIN = 'č ć š ž đ Č Ć Š Ž Đ';

describe('pdf text', () => {
  it('prints dates, day columns, money and credits as the screens show them, read back by pdftotext', async () => {
    const columns: ReportColumn[] = [
      { key: 'at', title: 'Vrijeme' },
      { key: 'day', title: 'Dan', format: 'day' },
      { key: 'price', title: 'Cijena', format: 'money' },
      { key: 'credit', title: 'Krediti', format: 'credits' },
    ];
    const at = new Date('2026-07-01T12:30:00Z');
    const pdfText = async (lang: 'me' | 'en') => {
      const file = await collect(
        writeReport(
          'pdf',
          input(0, {
            lang,
            columns,
            rows: (async function* () {
              yield [at, at, 1234.5, 1500.25];
              yield [at, at, -0.004, -20];
            })(),
          }),
        ),
      );
      return (await pdftotext(file)).join(' ').replace(/\s+/g, ' ');
    };
    // One format per language, the screens' own: grouped, money with 2 decimals, credits as they are.
    expect(await pdfText('me')).toContain(
      'Vrijeme Dan Cijena Krediti 01.07.2026 14:30 01.07.2026 1.234,50 1.500,25 01.07.2026 14:30 01.07.2026 0,00 -20',
    );
    expect(await pdfText('en')).toContain(
      'Vrijeme Dan Cijena Krediti 01.07.2026 14:30 01.07.2026 1,234.50 1,500.25 01.07.2026 14:30 01.07.2026 0.00 -20',
    );
  });

  it('cuts a cell longer than a page at the page, with an ellipsis, and the row fits on its page', async () => {
    const huge = Array.from({ length: 4000 }, (_, index) => `r${index}`).join(' ');
    const file = await collect(
      writeReport(
        'pdf',
        input(0, {
          columns: [
            { key: 'id', title: 'Šifra' },
            { key: 'note', title: 'Napomena' },
          ],
          rows: (async function* () {
            yield [1, huge];
            yield [2, 'kratko'];
          })(),
        }),
      ),
    );
    const pages = await pdftotext(file);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const all = pages.join(' ');
    expect(all).toContain('…');
    expect(all).toContain('r0 r1 r2');
    expect(all).not.toContain('r3999');
    expect(all).toContain('kratko');
  });

  const cellInput = (cells: ReportCell[][], columns: ReportColumn[] = COLUMNS) =>
    input(0, {
      columns,
      rows: (async function* () {
        yield* cells;
      })(),
    });

  it('every Montenegrin letter is drawn and extractable, also when written decomposed (c + ˇ)', async () => {
    const decomposed = MONTENEGRIN.normalize('NFD');
    expect(decomposed).not.toBe(MONTENEGRIN);
    const file = await collect(
      writeReport('pdf', cellInput([[1, MONTENEGRIN, decomposed, `Ćao ${MONTENEGRIN}`, 2, 'x']])),
    );
    const texts = (await placedTexts(file)).map((item) => item.text);
    expect(texts).toContain(MONTENEGRIN);
    expect(texts.filter((text) => text === MONTENEGRIN)).toHaveLength(2);
    expect(texts).toContain(`Ćao ${MONTENEGRIN}`);
    // The embedded subset maps each letter's glyph back to its one character.
    expect((await readPdf(file)).join(' ')).toContain(MONTENEGRIN);
  });

  it('text beyond Latin, Greek and Cyrillic still goes through the full layout engine', async () => {
    const file = await collect(
      writeReport('pdf', cellInput([[1, 'Ελληνικά Кирилица', 'مرحبا', 'a\u200Db 😀', 3, 'y']])),
    );
    const all = (await readPdf(file)).join(' ');
    expect(all).toContain('Ελληνικά Кирилица');
    expect(all).toContain('مرحبا');
  });

  it('wraps a long cell onto as many lines of its column as it needs, numbers aligned right', async () => {
    const long = Array.from({ length: 60 }, (_, index) => `riječ${index}`).join(' ');
    const file = await collect(
      writeReport(
        'pdf',
        cellInput([
          [1, 'Kratko', 'Čačak', long, 12.5, 'd'],
          [22, 'Drugi', 'Nikšić', 'kratko', 1234.75, 'd'],
        ]),
      ),
    );
    const items = await placedTexts(file);
    const first = items.find((item) => item.text.startsWith('riječ0 '));
    expect(first).toBeDefined();
    const next = items.find((item) => item.text === 'Drugi');
    const lines = items.filter(
      (item) => item.x === first?.x && item.y >= (first?.y ?? 0) && item.y < (next?.y ?? 0),
    );
    expect(lines[0]?.text.split(' ')[0]).toBe('riječ0');
    expect(new Set(lines.map((line) => line.y)).size).toBe(lines.length);
    expect(lines.length).toBeGreaterThan(3);
    // Nothing is lost: every word, in order, and no ellipsis.
    const words = lines.flatMap((line) => line.text.split(' ')).filter(Boolean);
    expect(words).toEqual(long.split(' '));
    // Numbers end at the same right edge.
    const amounts = items.filter((item) => item.text === '12,5' || item.text === '1234,75');
    expect(amounts).toHaveLength(2);
    expect(Math.abs((amounts[0]?.right ?? 0) - (amounts[1]?.right ?? 1))).toBeLessThan(0.05);
  });

  it('breaks pages between rows: each row once, in order, under the header, above the footer', async () => {
    const count = 150;
    const file = await collect(writeReport('pdf', input(count)));
    const items = await placedTexts(file);
    const names = items.filter((item) => /^Šćepan Žižić \d+$/.test(item.text));
    expect(names.map((item) => Number(item.text.split(' ').at(-1)))).toEqual(
      Array.from({ length: count }, (_, index) => index + 1),
    );
    const pages = new Set(names.map((item) => item.page));
    expect(pages.size).toBeGreaterThan(2);
    for (const page of pages) {
      const header = items.find((item) => item.page === page && item.text === 'Ime i prezime');
      const footer = items.find((item) => item.page === page && item.text === `Strana ${page}`);
      const onPage = names.filter((item) => item.page === page);
      expect(Math.min(...onPage.map((item) => item.y))).toBeGreaterThan(
        header?.y ?? Number.POSITIVE_INFINITY,
      );
      expect(Math.max(...onPage.map((item) => item.y))).toBeLessThan(footer?.y ?? 0);
    }
  });
});

describe('docx report', () => {
  it('is a valid package with title, a repeated header row and every row', async () => {
    const file = await collect(writeReport('docx', input(ROWS)));
    const docx = readDocx(file);
    expect(Object.keys(docx.files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/core.xml',
      'word/_rels/document.xml.rels',
      'word/document.xml',
      'word/footer1.xml',
      'word/styles.xml',
    ]);
    expect(docx.paragraphs[0]).toBe(TITLE);
    expect(docx.paragraphs[1]).toBe('Generisano: 21.11.2026 07:20 (vrijeme u Crnoj Gori)');
    expect(docx.header).toEqual(COLUMNS.map((column) => column.title));
    expect(docx.headerRepeats).toBe(true);
    expect(docx.rows).toHaveLength(ROWS);
    for (let index = 1; index <= ROWS; index += 1) {
      const expected = row(index).map((cell) =>
        cell === null ? '' : typeof cell === 'number' ? String(cell).replace('.', ',') : cell,
      );
      expect(docx.rows[index - 1]).toEqual(expected);
    }
    const document = docx.files['word/document.xml'] ?? '';
    expect(document).toContain('w:orient="landscape"');
    expect(document).toContain('&lt;b&gt; &amp; &quot;navodnici&quot;');
    expect(docx.files['word/footer1.xml']).toContain('PAGE');
    expect(docx.files['docProps/core.xml']).toContain('Izvještaj: Šćepan &amp; Žižić &lt;test&gt;');
    // Every part the package names exists.
    for (const match of (docx.files['[Content_Types].xml'] ?? '').matchAll(/PartName="\/([^"]+)"/g)) {
      expect(docx.files).toHaveProperty([match[1] ?? '']);
    }
  });
});

describe('every format', () => {
  it.each(TYPES)('%s: an empty report is a valid file with the header', async (type) => {
    const file = await collect(writeReport(type, input(0)));
    if (type === 'xlsx') {
      expect(await readXlsx(file, COLUMNS.length)).toEqual([COLUMNS.map((column) => column.title)]);
    } else if (type === 'pdf') {
      const pages = await readPdf(file);
      expect(pages).toHaveLength(1);
      for (const column of COLUMNS) expect(pages[0]).toContain(column.title);
      expect(pages[0]).toContain('Nema podataka');
    } else {
      const docx = readDocx(file);
      expect(docx.header).toEqual(COLUMNS.map((column) => column.title));
      expect(docx.rows).toEqual([['Nema podataka']]);
    }
  });

  it.each(TYPES)('%s: uses English fixed texts', async (type) => {
    const file = await collect(writeReport(type, input(3, { lang: 'en' })));
    if (type === 'pdf') {
      const [page] = await readPdf(file);
      expect(page).toContain('Generated on: 21.11.2026 07:20 (Montenegro time)');
      expect(page).toContain('Page 1');
      expect(page).toContain('1.25');
    } else if (type === 'docx') {
      const docx = readDocx(file);
      expect(docx.paragraphs[1]).toBe('Generated on: 21.11.2026 07:20 (Montenegro time)');
      expect(docx.rows[0]?.[4]).toBe('1.25');
    } else {
      expect((await readXlsx(file, COLUMNS.length))[1]).toEqual(row(1));
    }
  });

  it.each(TYPES)('%s: a failing row source errors the stream', async (type) => {
    // After the sample the writers read ahead, and while reading it.
    for (const failAfter of [250, 2]) {
      const stream = writeReport(type, input(0, { rows: rows(ROWS, failAfter) }));
      await expect(collect(stream)).rejects.toThrow('database went away');
    }
  });

  it.each(TYPES)('%s: destroying the stream stops reading and closes the source', async (type) => {
    let produced = 0;
    let closed = false;
    async function* endless(): AsyncGenerator<ReportCell[]> {
      try {
        for (let index = 1; ; index += 1) {
          produced = index;
          if (index % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
          yield row(index);
        }
      } finally {
        closed = true;
      }
    }
    const stream = writeReport(type, input(0, { rows: endless() }));
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    await expect.poll(() => closed, { timeout: 5000 }).toBe(true);
    const stoppedAt = produced;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(produced).toBe(stoppedAt);
  });

  it.each(TYPES)('%s: a reader gone before the first byte still closes the source', async (type) => {
    let closed = false;
    async function* slow(): AsyncGenerator<ReportCell[]> {
      try {
        for (let index = 1; index <= 100_000; index += 1) {
          if (index % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
          yield row(index);
        }
      } finally {
        closed = true;
      }
    }
    // Destroyed while the writer still reads its sample rows (a download cancelled at once).
    writeReport(type, input(0, { rows: slow() })).destroy();
    await expect.poll(() => closed, { timeout: 5000 }).toBe(true);
  });

  it.each(TYPES)('%s: is paced by its reader, not written ahead into memory', async (type) => {
    let produced = 0;
    async function* many(): AsyncGenerator<ReportCell[]> {
      for (let index = 1; index <= 200_000; index += 1) {
        produced = index;
        yield row(index);
      }
    }
    const stream = writeReport(type, input(0, { rows: many() }));
    // Nobody reads: the writer must stall after a bounded amount of work.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(produced).toBeGreaterThan(0);
    expect(produced).toBeLessThan(100_000);
    stream.destroy();
  });
});
