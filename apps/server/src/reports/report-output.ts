import { PassThrough, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Rows written between two turns of the event loop, so compression and the network keep up. */
const ROWS_PER_TURN = 100;

/** Thrown inside a writer when the reader went away: stop quietly. */
export class OutputClosedError extends Error {
  constructor() {
    super('The report output was closed');
  }
}

/** The stream a report is written into and read from. */
export function createReportOutput(): PassThrough {
  return new PassThrough({ highWaterMark: 256 * 1024 });
}

function drainedOrClosed(output: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      output.off('drain', done);
      output.off('close', done);
      resolve();
    };
    output.on('drain', done);
    output.on('close', done);
  });
}

/**
 * Paces a writer by its reader: call after every row. Waits while the output is full, yields to the
 * event loop now and then, and throws OutputClosedError once the output has been destroyed.
 */
export function createPacer(output: Writable): () => Promise<void> {
  let rows = 0;
  return async () => {
    rows += 1;
    if (output.writableNeedDrain) await drainedOrClosed(output);
    else if (rows % ROWS_PER_TURN === 0) await nextTurn();
    if (output.destroyed) throw new OutputClosedError();
  };
}

/** Runs a writer in the background: its failure becomes the output's error. */
export function runWriter(output: PassThrough, write: () => Promise<void>): void {
  write().catch((error: unknown) => {
    if (error instanceof OutputClosedError || output.destroyed) return;
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
}
