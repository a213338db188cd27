import { readdirSync, readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.ts';
import { createReportPool, type ReportPool } from '../src/reports/report-pool.ts';
import type { ReportCell, ReportInput } from '../src/reports/report-types.ts';
import { readPdf, readXlsx } from './helpers/read-report.ts';

const COLUMNS = [
  { key: 'id', title: 'Šifra' },
  { key: 'name', title: 'Ime i prezime' },
];

/** Rows as the database gives them; `onRead` sees which thread asked for each one. */
async function* rows(count: number, onRead?: () => void): AsyncGenerator<ReportCell[]> {
  for (let index = 1; index <= count; index += 1) {
    onRead?.();
    if (index % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    yield [index, `Đurđa Šćekić ${index}`];
  }
}

/** Rows that never end, slowly: a report that is still being written. */
async function* endless(state: { reads: number; isClosed: boolean }): AsyncGenerator<ReportCell[]> {
  try {
    for (let index = 1; ; index += 1) {
      state.reads = index;
      await new Promise((resolve) => setTimeout(resolve, 2));
      yield [index, `Red ${index}`];
    }
  } finally {
    state.isClosed = true;
  }
}

function input(source: AsyncIterable<ReportCell[]>): ReportInput {
  return {
    title: 'Korisnici',
    columns: COLUMNS,
    rows: source,
    lang: 'me',
    generatedAt: new Date('2026-11-23T10:00:00Z'),
  };
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries += 1) {
    if (tries > 500) throw new Error('condition never held');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let pool: ReportPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('report pool', () => {
  it('writes the file in a worker while the rows are read on this thread', async () => {
    pool = createReportPool(2);
    const readers = new Set<number>();
    const file = await collect(pool.render('xlsx', input(rows(1500, () => readers.add(threadId)))));
    expect([...readers]).toEqual([threadId]);
    const sheet = await readXlsx(file, COLUMNS.length);
    expect(sheet.at(-1)).toEqual([1500, 'Đurđa Šćekić 1500']);
    expect(sheet.some((cells) => cells[0] === 1)).toBe(true);
    const pdf = (await readPdf(await collect(pool.render('pdf', input(rows(40)))))).join('\n');
    expect(pdf).toContain('Đurđa Šćekić 40');
    expect(pool.activeCount()).toBe(0);
  });

  it('frees the slot once the file is read, so reports downloaded one after another are never refused', async () => {
    pool = createReportPool(1);
    for (let download = 0; download < 5; download += 1) {
      await collect(pool.render('xlsx', input(rows(30))));
      expect(pool.activeCount(), `after download ${download + 1}`).toBe(0);
    }
  });

  it('refuses one report more than it may render at once with a 429, and frees the slot when the reader leaves', async () => {
    pool = createReportPool(1);
    const first = { reads: 0, isClosed: false };
    const stream = pool.render('pdf', input(endless(first)));
    stream.resume();
    // The worker has started and asks for rows.
    await until(() => first.reads > 0);
    expect(pool.activeCount()).toBe(1);
    let refusal: unknown;
    try {
      pool.render('xlsx', input(rows(10)));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ statusCode: 429, key: 'reports_busy' });

    stream.destroy();
    await until(() => first.isClosed);
    await until(() => pool?.activeCount() === 0);
    const sheet = await readXlsx(await collect(pool.render('xlsx', input(rows(10)))), COLUMNS.length);
    expect(sheet.at(-1)).toEqual([10, 'Đurđa Šćekić 10']);
  });

  it.runIf(process.platform === 'linux')(
    "renders at a lower priority than the event loop's thread",
    async () => {
      /** Niceness of this process's threads by name (field 19 of /proc/<pid>/task/<tid>/stat). */
      const niceness = () =>
        readdirSync('/proc/self/task').map((tid) => {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          return {
            tid: Number(tid),
            name: readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim(),
            nice: Number(fields[16]),
          };
        });
      pool = createReportPool(1);
      const state = { reads: 0, isClosed: false };
      const stream = pool.render('pdf', input(endless(state)));
      stream.resume();
      await until(() => state.reads > 0);
      const threads = niceness();
      expect(threads.find((thread) => thread.name === 'WorkerThread' && thread.nice === 10)).toBeDefined();
      // The process's main thread keeps its own.
      expect(threads.find((thread) => thread.tid === process.pid)?.nice).toBe(0);
      stream.destroy();
      await until(() => state.isClosed);
    },
  );

  it('fails the stream when the rows cannot be read', async () => {
    pool = createReportPool(1);
    async function* failing(): AsyncGenerator<ReportCell[]> {
      yield [1, 'Prvi'];
      throw new Error('database went away');
    }
    await expect(collect(pool.render('pdf', input(failing())))).rejects.toThrow('database went away');
    await until(() => pool?.activeCount() === 0);
  });
});
