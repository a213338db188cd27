import type { ReportCell } from './report-types.ts';

export type ReadAhead = {
  /** The first rows, read to size the columns before anything is written. */
  sample: ReportCell[][];
  /** Every row, the sample included, in order. */
  rows: AsyncIterable<ReportCell[]>;
  /** Lets the source go (closes its cursor) if it was not read to the end; safe to call twice. */
  close: () => Promise<void>;
};

/** Reads the first `count` rows of the source and gives them back together with the rest. */
export async function readAhead(source: AsyncIterable<ReportCell[]>, count: number): Promise<ReadAhead> {
  const iterator = source[Symbol.asyncIterator]();
  const sample: ReportCell[][] = [];
  let finished = false;
  const close = async () => {
    if (finished) return;
    finished = true;
    await iterator.return?.();
  };
  try {
    while (sample.length < count) {
      const next = await iterator.next();
      if (next.done) {
        finished = true;
        break;
      }
      sample.push(next.value);
    }
  } catch (error) {
    // The source failed: it has closed itself.
    finished = true;
    throw error;
  }
  async function* all(): AsyncGenerator<ReportCell[]> {
    try {
      yield* sample;
      while (!finished) {
        const next = await iterator.next();
        if (next.done) finished = true;
        else yield next.value;
      }
    } catch (error) {
      finished = true;
      throw error;
    } finally {
      await close();
    }
  }
  return { sample, rows: all(), close };
}
