import type { MessagePort } from 'node:worker_threads';
import type { Language, ReportType } from '@usluge/contract';
import type { ReportCell, ReportColumn } from './report-types.ts';

/**
 * What the event loop and a report worker tell each other over the task's MessagePort. The worker
 * asks for rows a batch at a time and waits for each file chunk to be taken before writing on, so
 * the database, the worker and the network all move at the pace of the slowest.
 */
export type ToWorker =
  | { kind: 'rows'; rows: ReportCell[][] }
  | { kind: 'end' }
  | { kind: 'failed'; message: string }
  /** The last chunk was taken: write on. */
  | { kind: 'taken' }
  /** The reader went away: stop writing. */
  | { kind: 'cancel' };

export type FromWorker =
  | { kind: 'more' }
  | { kind: 'chunk'; bytes: Uint8Array }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/** A report task as the pool receives it; the port is transferred to the worker. */
export type ReportTask = {
  type: ReportType;
  title: string;
  columns: ReportColumn[];
  lang: Language;
  /** ISO time: a Date does not keep its type across threads in every case. */
  generatedAt: string;
  port: MessagePort;
};
