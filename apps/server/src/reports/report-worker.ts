/**
 * Runs in a report worker thread (report-pool.ts): renders one report with the same writers as
 * ever, its rows arriving from the event loop in batches and its bytes going back in chunks.
 */
import { enableCompileCache } from 'node:module';
import os from 'node:os';
import type { FromWorker, ReportTask, ToWorker } from './report-messages.ts';
import type { ReportCell } from './report-types.ts';

// A worker thread has no compile cache of its own until it asks (main.ts's is the main thread's):
// the writers (pdfkit and its fonts' code, yazl) are then compiled from the cache in each new
// worker. They are imported after, so that they are read through it.
enableCompileCache();
const { writeReport } = await import('./report-writer.ts');

/**
 * Rendering is background work: where a thread has a priority of its own (Linux), this worker's
 * is lowered, so that when the CPUs are short the event loop's thread (every other request) runs
 * first. With CPUs to spare it changes nothing.
 */
const WORKER_NICENESS = 10;
if (process.platform === 'linux') {
  try {
    os.setPriority(WORKER_NICENESS);
  } catch {
    // Not permitted here: the worker keeps the process's priority.
  }
}

type RowsReply = Extract<ToWorker, { kind: 'rows' | 'end' | 'failed' }>;

/** Messages of one kind, taken in order; a taker waits until one arrives. */
function createQueue<T>() {
  const items: T[] = [];
  const takers: ((item: T) => void)[] = [];
  return {
    put(item: T) {
      const taker = takers.shift();
      if (taker) taker(item);
      else items.push(item);
    },
    take(): Promise<T> {
      const item = items.shift();
      return item !== undefined ? Promise.resolve(item) : new Promise((resolve) => takers.push(resolve));
    },
  };
}

export default async function renderReport(task: ReportTask): Promise<void> {
  const { port } = task;
  const post = (message: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
  const replies = createQueue<RowsReply>();
  const takes = createQueue<true>();
  let isCancelled = false;

  async function* rows(): AsyncGenerator<ReportCell[]> {
    for (;;) {
      post({ kind: 'more' });
      const reply = await replies.take();
      if (reply.kind === 'end') return;
      if (reply.kind === 'failed') throw new Error(reply.message);
      yield* reply.rows;
    }
  }

  const output = writeReport(task.type, {
    title: task.title,
    columns: task.columns,
    lang: task.lang,
    generatedAt: new Date(task.generatedAt),
    rows: rows(),
  });
  const cancel = () => {
    if (isCancelled) return;
    isCancelled = true;
    output.destroy();
    replies.put({ kind: 'end' });
    takes.put(true);
  };
  port.on('message', (message: ToWorker) => {
    if (message.kind === 'taken') takes.put(true);
    else if (message.kind === 'cancel') cancel();
    else replies.put(message);
  });
  // The event loop's side closed the channel: nobody reads any more.
  port.on('close', cancel);
  try {
    for await (const chunk of output as AsyncIterable<Buffer>) {
      // A copy of its own: a small Buffer may share memory with others, which must not move.
      const bytes = new Uint8Array(chunk);
      post({ kind: 'chunk', bytes }, [bytes.buffer]);
      await takes.take();
      if (isCancelled) break;
    }
    if (!isCancelled) post({ kind: 'done' });
  } catch (error) {
    if (!isCancelled)
      post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  } finally {
    port.close();
  }
}
