/**
 * The embedded database's thread (pglite-thread.ts starts it): owns the PGlite instance and answers
 * the server's messages, so that PostgreSQL's work in WASM runs beside the event loop instead of on
 * it. Values go back as PostgreSQL's text with the fields' type OIDs; the server's thread parses them.
 */
import { enableCompileCache } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { Transaction } from '@electric-sql/pglite';
import type {
  PgliteReply,
  PgliteRequest,
  PgliteThreadData,
  RawResults,
  SerializedError,
} from './pglite-thread.ts';

// A worker thread has no compile cache of its own until it asks (main.ts's is the main thread's):
// PGlite's half a MB of JavaScript is then compiled from the cache at each start. Its modules are
// imported after, so that they are read through it.
enableCompileCache();
const [{ PGlite }, { pg_trgm }] = await Promise.all([
  import('@electric-sql/pglite'),
  import('@electric-sql/pglite/contrib/pg_trgm'),
]);

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const data = workerData as PgliteThreadData;

/** Every own field of the error (code, constraint, detail …), without the functions of a query's options. */
function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'queryOptions' || key === 'params' || typeof value === 'function') continue;
    fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

const send = (reply: PgliteReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);
const fail = (id: number, error: unknown) => send({ id, error: serializeError(error) });

// PostgreSQL's WASM runs on V8's baseline compiler only. Its optimizing tier compiled the hot
// functions in the background after every start, holding about 500 MB for a few seconds (the peak
// near 1 GiB) and 90 MB of code after; the price is about 13 % more CPU per statement once warm.
// The flags are the process's, read when a WASM module is compiled; PGlite's is the only one.
for (const flag of ['--liftoff-only', '--no-wasm-tier-up', '--no-wasm-dynamic-tiering'])
  setFlagsFromString(flag);

let pglite: InstanceType<typeof PGlite>;
try {
  pglite = await PGlite.create({
    ...(data.dataDir ? { dataDir: data.dataDir } : {}),
    ...(data.loadDataDir ? { loadDataDir: new Blob([data.loadDataDir]) } : {}),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...data.settings.flatMap((setting) => ['-c', setting])],
  });
} catch (error) {
  send({ id: 0, error: serializeError(error) });
  process.exit(1);
}

/** Every type PGlite would parse (its own parsers and the array types it read) kept as text. */
const asText: Record<number, (value: string) => string> = Object.fromEntries(
  Object.keys(pglite.parsers).map((oid) => [oid, (value: string) => value]),
);
const rawOptions = { rowMode: 'array' as const, parsers: asText };

// The array types PGlite read at start, so that the server's thread parses arrays as PGlite does.
const arrayTypes = await pglite.query<{ oid: number; typarray: number }>(`
  SELECT b.oid, b.typarray FROM pg_catalog.pg_type a
  LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
  WHERE a.typcategory = 'A' GROUP BY b.oid, b.typarray ORDER BY b.oid`);
send({ id: 0, result: arrayTypes.rows.map(({ oid, typarray }) => [oid, typarray]) });

type OpenTransaction = { tx: Transaction; finish: (endId: number, isCommit: boolean) => void };
const transactions = new Map<number, OpenTransaction>();

async function runQuery(request: Extract<PgliteRequest, { kind: 'query' }>): Promise<RawResults> {
  const target = request.txId === undefined ? pglite : transactions.get(request.txId)?.tx;
  if (!target) throw new Error('Transaction is closed');
  const results = await target.query<string[]>(request.text, request.params, rawOptions);
  return {
    rows: results.rows,
    fields: results.fields,
    affectedRows: results.affectedRows,
    rowCount: results.rowCount,
    command: results.command,
  };
}

/**
 * Opens a transaction with PGlite's own `transaction`, which holds its one connection: other
 * queries wait in PGlite until the server's thread says commit or roll back (`end`).
 */
function begin(txId: number): void {
  let endId: number | undefined;
  pglite
    .transaction(async (tx) => {
      const isCommit = await new Promise<boolean>((resolve) => {
        transactions.set(txId, {
          tx,
          finish: (id, commit) => {
            endId = id;
            resolve(commit);
          },
        });
        send({ id: txId, result: txId });
      });
      transactions.delete(txId);
      if (!isCommit) await tx.rollback();
    })
    .then(
      () => send({ id: endId ?? txId, result: null }),
      (error: unknown) => {
        transactions.delete(txId);
        fail(endId ?? txId, error);
      },
    );
}

port.on('message', (request: PgliteRequest) => {
  switch (request.kind) {
    case 'query':
      runQuery(request).then(
        (result) => send({ id: request.id, result }),
        (error: unknown) => fail(request.id, error),
      );
      return;
    case 'begin':
      begin(request.id);
      return;
    case 'end': {
      const open = transactions.get(request.txId);
      if (open) open.finish(request.id, request.isCommit);
      else fail(request.id, new Error('Transaction is closed'));
      return;
    }
    case 'dump':
      pglite
        .dumpDataDir('none')
        .then((dump) => dump.arrayBuffer())
        .then(
          (buffer) => send({ id: request.id, result: buffer }, [buffer]),
          (error: unknown) => fail(request.id, error),
        );
      return;
    case 'close':
      pglite.close().then(
        () => {
          send({ id: request.id, result: null });
          port.close();
        },
        (error: unknown) => fail(request.id, error),
      );
      return;
  }
});
