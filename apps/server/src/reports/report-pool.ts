import type { Readable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import type { ReportType } from '@usluge/contract';
import { Piscina } from 'piscina';
import { AppError } from '../http/errors.ts';
import type { FromWorker, ReportTask, ToWorker } from './report-messages.ts';
import { createReportOutput } from './report-output.ts';
import type { ReportCell, ReportInput } from './report-types.ts';

/** Rows sent to a worker per request: large enough to amortise a message, small enough to stay lean. */
const ROWS_PER_BATCH = 500;
/** A worker left idle this long ends, giving back the writers' memory. */
const IDLE_MS = 60_000;
/**
 * A worker's heap, bounded: a writer keeps about 20 MB alive (25 MB at 300 000 pdf rows, about
 * 45 MB at the million rows a report may have), but with V8's defaults its heap grew to 95 MB
 * before collecting, which a 100 000-row pdf showed as 110 MB more memory for the server; with
 * these, about 40 MB. A worker that still ran out would end alone, failing its report only.
 */
const WORKER_HEAP = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 } as const;

export type ReportPool = {
  /**
   * The report as a stream, rendered in a worker thread so the event loop stays free for every
   * other request. Refused with a 429 when `concurrency` reports are already being rendered.
   */
  render: (type: ReportType, input: ReportInput) => Readable;
  /** Reports being rendered now. */
  activeCount: () => number;
  close: () => Promise<void>;
};

export function createReportPool(concurrency: number): ReportPool {
  let pool: Piscina | null = null;
  let active = 0;
  // Started on the first report: a server that never exports never loads the writers.
  const started = () => {
    pool ??= new Piscina({
      filename: new URL('./report-worker.ts', import.meta.url).href,
      minThreads: 0,
      maxThreads: concurrency,
      idleTimeout: IDLE_MS,
      resourceLimits: WORKER_HEAP,
    });
    return pool;
  };

  function render(type: ReportType, input: ReportInput): Readable {
    if (active >= concurrency) throw new AppError(429, 'reports_busy');
    active += 1;
    const output = createReportOutput();
    const { port1: port, port2: workerPort } = new MessageChannel();
    const source = input.rows[Symbol.asyncIterator]();
    let isFinished = false;
    const post = (message: ToWorker) => {
      if (!isFinished) port.postMessage(message);
    };
    // The slot is free once the file is written or abandoned, not when the worker's task settles
    // a moment later: someone downloading reports one after another is never refused.
    let isCounted = true;
    const release = () => {
      if (!isCounted) return;
      isCounted = false;
      active -= 1;
    };
    const finish = () => {
      if (isFinished) return;
      isFinished = true;
      port.close();
      void source.return?.();
      release();
    };

    /** The next batch as a message for the worker; a failing source fails the output. */
    const readBatch = async (): Promise<ToWorker> => {
      const rows: ReportCell[][] = [];
      try {
        while (rows.length < ROWS_PER_BATCH) {
          const next = await source.next();
          if (next.done) break;
          rows.push(next.value);
        }
      } catch (error) {
        output.destroy(error instanceof Error ? error : new Error(String(error)));
        return { kind: 'failed', message: 'the rows could not be read' };
      }
      return rows.length > 0 ? { kind: 'rows', rows } : { kind: 'end' };
    };
    // One batch is read ahead while the worker writes the last: reading the database (on this
    // thread) and writing the file (on the worker's) overlap, and at most two batches are held.
    let ahead: Promise<ToWorker> | null = null;
    const sendRows = async () => {
      const batch = ahead ?? readBatch();
      ahead = null;
      const message = await batch;
      post(message);
      if (message.kind === 'rows' && !isFinished) ahead = readBatch();
    };

    port.on('message', (message: FromWorker) => {
      switch (message.kind) {
        case 'more':
          void sendRows();
          break;
        case 'chunk': {
          const isRoomLeft = output.write(
            Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength),
          );
          if (isRoomLeft) post({ kind: 'taken' });
          else output.once('drain', () => post({ kind: 'taken' }));
          break;
        }
        case 'done':
          output.end();
          finish();
          break;
        case 'failed':
          output.destroy(new Error(message.message));
          finish();
          break;
      }
    });
    // The reader left (or the stream failed) before the end: the worker stops, the rows are let go.
    output.on('close', () => {
      post({ kind: 'cancel' });
      finish();
    });

    const task: ReportTask = {
      type,
      title: input.title,
      columns: input.columns,
      lang: input.lang,
      generatedAt: input.generatedAt.toISOString(),
      port: workerPort,
    };
    started()
      .run(task, { transferList: [workerPort] })
      .catch((error: unknown) => {
        if (!output.destroyed) output.destroy(error instanceof Error ? error : new Error(String(error)));
        finish();
      })
      .finally(release);
    return output;
  }

  return {
    render,
    activeCount: () => active,
    close: async () => {
      await pool?.destroy();
      pool = null;
    },
  };
}
