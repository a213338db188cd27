/**
 * The embedded database (PGlite) in a worker thread of its own (pglite-worker.ts), and the client
 * Drizzle's PGlite driver talks to in the server's thread: `query(text, params, options)` and
 * `transaction(fn)` as PGlite has them, answered by messages. PGlite runs one statement at a time on
 * one connection, as before; what changes is that its work no longer blocks HTTP.
 */
import { Worker } from 'node:worker_threads';
import { type QueryOptions, type Results, types } from '@electric-sql/pglite';

/** What the worker starts from. */
export type PgliteThreadData = {
  dataDir?: string;
  loadDataDir?: ArrayBuffer;
  /** PostgreSQL settings given at start, `name=value`. */
  settings: string[];
};

export type PgliteRequest =
  | { id: number; kind: 'query'; text: string; params: unknown[]; txId?: number }
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'end'; txId: number; isCommit: boolean }
  | { id: number; kind: 'dump' }
  | { id: number; kind: 'close' };

/** An error's name, message and own fields (code, constraint, detail …), across the thread boundary. */
export type SerializedError = {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
};

/** A statement's answer before parsing: every value as PostgreSQL's text (or null). */
export type RawResults = Omit<Results<(string | null)[]>, 'blob'>;

/** Reply 0 is the start: the array types PGlite read ([element oid, array oid]) or why it failed. */
export type PgliteReply = { id: number; result: unknown } | { id: number; error: SerializedError };

type Parser = (value: string, typeId?: number) => unknown;

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** What Drizzle's PGlite driver calls inside a transaction. */
export type PgliteThreadTransaction = {
  query: <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
};

export type PgliteThread = PgliteThreadTransaction & {
  transaction: <T>(fn: (tx: PgliteThreadTransaction) => Promise<T>) => Promise<T>;
  /** The data directory as an uncompressed tarball (PGlite's `dumpDataDir('none')`). */
  dumpDataDir: () => Promise<Blob>;
  close: () => Promise<void>;
};

function deserializeError({ name, message, stack, fields }: SerializedError): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  if (stack) error.stack = stack;
  return error;
}

/** The rows as PGlite would have parsed them, with its parsers and the caller's on top. */
function parseResults<T>(
  raw: RawResults,
  baseParsers: Record<number, Parser>,
  options?: QueryOptions,
): Results<T> {
  const parsers: Record<number, Parser> = options?.parsers
    ? { ...baseParsers, ...options.parsers }
    : baseParsers;
  const fieldParsers = raw.fields.map((field) => parsers[field.dataTypeID]);
  const parseRow = (row: (string | null)[]) =>
    row.map((value, index) => {
      const parser = fieldParsers[index];
      return value === null || !parser ? value : parser(value, raw.fields[index]?.dataTypeID);
    });
  const rows =
    options?.rowMode === 'array'
      ? raw.rows.map(parseRow)
      : raw.rows.map((row) =>
          Object.fromEntries(parseRow(row).map((value, index) => [raw.fields[index]?.name, value])),
        );
  return { ...raw, rows: rows as T[] };
}

/** Starts the worker and waits until its PGlite is open. */
export async function startPgliteThread(data: PgliteThreadData): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
    workerData: data,
    transferList: data.loadDataDir ? [data.loadDataDir] : [],
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  let failure: Error | undefined;
  const started = Promise.withResolvers<[number, number][]>();
  pending.set(0, {
    resolve: (result) => started.resolve(result as [number, number][]),
    reject: started.reject,
  });

  worker.on('message', (reply: PgliteReply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if ('error' in reply) waiter.reject(deserializeError(reply.error));
    else waiter.resolve(reply.result);
  });
  const failAll = (error: Error) => {
    failure ??= error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) =>
    failAll(new Error(`The embedded database's thread stopped (exit code ${code}).`)),
  );

  const call = (request: WithoutId<PgliteRequest>): Promise<unknown> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ ...request, id });
      } catch (error) {
        // A parameter that cannot be copied to the thread (a function, a class with private state).
        pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  };

  const arrayTypes = await started.promise;
  const baseParsers: Record<number, Parser> = { ...types.parsers };
  for (const [oid, typarray] of arrayTypes) {
    baseParsers[typarray] = (value) => types.arrayParser(value, baseParsers[oid] as types.Parser, typarray);
  }

  const query =
    (txId?: number) =>
    async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      const raw = (await call({
        kind: 'query',
        text,
        params,
        ...(txId === undefined ? {} : { txId }),
      })) as RawResults;
      return parseResults<T>(raw, baseParsers, options);
    };

  return {
    query: query(),
    transaction: async (fn) => {
      const txId = (await call({ kind: 'begin' })) as number;
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn({ query: query(txId) });
      } catch (error) {
        // The rollback's own failure (a stopped thread) must not hide the reason.
        await call({ kind: 'end', txId, isCommit: false }).catch(() => {});
        throw error;
      }
      await call({ kind: 'end', txId, isCommit: true });
      return result;
    },
    dumpDataDir: async () => new Blob([(await call({ kind: 'dump' })) as ArrayBuffer]),
    close: async () => {
      if (!failure) await call({ kind: 'close' });
      await worker.terminate();
    },
  };
}
