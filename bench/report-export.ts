/**
 * Report export bench: 100 000 synthetic rows (8 columns, text with Montenegrin letters, numbers,
 * money, moments as Dates) from an async generator in batches of 1000, written to a temp file in each format.
 * Prints seconds, file size, rows/s and the peak RSS growth over the start of each run; every format
 * runs in a process of its own so memory left over by one does not hide another's.
 *
 *   node bench/report-export.ts [rows] [formats, e.g. pdf,xlsx,docx]
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { ReportType } from '@usluge/contract';
import { type ReportCell, type ReportColumn, writeReport } from '@usluge/server/src/reports/report-writer.ts';

const ROWS = Number(process.argv[2] ?? 100_000);
const TYPES = (process.argv[3] ?? 'pdf,xlsx,docx').split(',') as ReportType[];
const BATCH = 1000;
const SAMPLE_MS = 50;
const CHILD_FLAG = '--one-format';

const COLUMNS: ReportColumn[] = [
  { key: 'id', title: 'ID' },
  { key: 'name', title: 'Ime i prezime' },
  { key: 'city', title: 'Grad' },
  { key: 'email', title: 'E-pošta' },
  { key: 'description', title: 'Opis usluge' },
  { key: 'credit_amount', title: 'Iznos kredita', format: 'money' },
  { key: 'credit_state', title: 'Stanje' },
  { key: 'updated_at', title: 'Ažurirano' },
];
const FIRST = [
  'Šćepan',
  'Đurđa',
  'Čedomir',
  'Žana',
  'Ćamil',
  'Milica',
  'Nikola',
  'Ljiljana',
  'Dušan',
  'Jelena',
];
const LAST = ['Žižić', 'Đukanović', 'Čolović', 'Šćekić', 'Ćorović', 'Vujačić', 'Radulović', 'Bošković'];
const CITIES = [
  'Čačak',
  'Nikšić',
  'Žabljak',
  'Pljevlja',
  'Podgorica',
  'Bijelo Polje',
  'Šavnik',
  'Herceg Novi',
];
const WORDS = [
  'popravka',
  'čišćenje',
  'održavanje',
  'šišanje',
  'žbukanje',
  'đački',
  'prevoz',
  'časovi',
  'montaža',
];

function row(index: number): ReportCell[] {
  const first = FIRST[index % FIRST.length] ?? '';
  const last = LAST[(index * 7) % LAST.length] ?? '';
  const words = Array.from({ length: 3 + (index % 11) }, (_, at) => WORDS[(index + at * 5) % WORDS.length]);
  return [
    index,
    `${first} ${last}`,
    CITIES[index % CITIES.length] ?? '',
    `${first}.${last}${index}@primjer.me`.toLowerCase(),
    words.join(' '),
    ((index % 400) - 200) / 4,
    index % 5000,
    // A moment, as the list engine hands it over: a date cell in xlsx, Montenegro's time as text elsewhere.
    new Date(Date.UTC(2026, index % 12, (index % 28) + 1, index % 24, index % 60)),
  ];
}

/** Rows as the database hands them over: a batch of 1000 at a time, each after a turn of I/O. */
async function* rows(count: number): AsyncGenerator<ReportCell[]> {
  for (let start = 1; start <= count; start += BATCH) {
    await nextTurn();
    const batch = Array.from({ length: Math.min(BATCH, count - start + 1) }, (_, offset) =>
      row(start + offset),
    );
    yield* batch;
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

type Result = { format: ReportType; seconds: number; bytes: number; peakGrowth: number; startRss: number };

/** One format, in this process: writes the file and measures it. */
async function measure(type: ReportType): Promise<Result> {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  await nextTurn();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'report-bench-'));
  const file = path.join(dir, `report.${type}`);
  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, SAMPLE_MS);
  try {
    const started = performance.now();
    await pipeline(
      writeReport(type, {
        title: 'Transakcije – Šćepan Žižić',
        columns: COLUMNS,
        rows: rows(ROWS),
        lang: 'me',
        generatedAt: new Date(),
      }),
      createWriteStream(file),
    );
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { format: type, seconds, bytes: statSync(file).size, peakGrowth: peak - startRss, startRss };
  } finally {
    clearInterval(sampler);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each format in a fresh process (with the same Node flags): memory figures do not mix. */
function measureApart(type: ReportType): Result {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), String(ROWS), type, CHILD_FLAG],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{'))
    throw new Error(`bench of ${type} failed: ${child.stdout}`);
  return JSON.parse(line) as Result;
}

if (process.argv.includes(CHILD_FLAG)) {
  const [type] = TYPES;
  if (!type) throw new Error('no format');
  console.log(JSON.stringify(await measure(type)));
} else {
  console.log(
    `Writing ${ROWS.toLocaleString('en')} rows × ${COLUMNS.length} columns in ${TYPES.join(', ')} (Node ${process.version}, ${os.cpus().length} CPUs)`,
  );
  const table = TYPES.map((type) => {
    const result = measureApart(type);
    return {
      format: result.format,
      seconds: Number(result.seconds.toFixed(2)),
      'file size': megabytes(result.bytes),
      'rows/s': Math.round(ROWS / result.seconds),
      'peak RSS growth': megabytes(result.peakGrowth),
      'RSS before': megabytes(result.startRss),
    };
  });
  console.table(table);
}
