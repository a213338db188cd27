import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from './client.ts';

/**
 * What one node tells the others when something it keeps in memory for a few seconds stops being
 * true: a session ended (`session`), a user's sessions did (`user`: disabled, new password, new
 * roles), or a write may have changed a list's total (`lists`). `all`: notifications may have been
 * missed (the listening connection dropped), so nothing kept can be trusted.
 */
export type ClusterEvent =
  | { kind: 'session'; id: string }
  | { kind: 'user'; id: number }
  | { kind: 'lists' }
  | { kind: 'all' };

type Handler = (db: Database, event: ClusterEvent) => void;

/**
 * The nodes on one PostgreSQL hear each other through LISTEN/NOTIFY on this channel. A node's own
 * notifications come back to it too and are ignored: it acted on them when it sent them.
 */
const CHANNEL = 'usluge_cluster';
const RECONNECT_MAX_MS = 10_000;

/** One per PostgreSQL database handle; the embedded database has one process and needs none. */
export type ClusterBus = {
  /** Tells the other nodes; resolves once PostgreSQL has taken the notification. */
  publish: (event: ClusterEvent) => Promise<void>;
  /**
   * False while the listening connection is down: notifications may be missed, so what is kept
   * in memory cannot be trusted and is not used until it is back (and then forgotten).
   */
  isListening: () => boolean;
  close: () => Promise<void>;
};

const buses = new Map<Database, ClusterBus>();
const handlers = new Set<Handler>();

/** A cache of the process registers what it forgets when another node says so (or when the bus drops). */
export function onClusterEvent(handler: Handler): void {
  handlers.add(handler);
}

const deliver = (db: Database, event: ClusterEvent) => {
  for (const handler of handlers) handler(db, event);
};

/** Tells every other node on this database, when there are others (PostgreSQL). */
export async function tellOtherNodes(db: Database, event: ClusterEvent): Promise<void> {
  await buses.get(db)?.publish(event);
}

/**
 * Tells the other nodes on every database this process uses (a process uses one; tests may use
 * several): for the writes that happen deep in a transaction, where only the transaction is known.
 */
export async function tellAllOtherNodes(event: ClusterEvent): Promise<void> {
  await Promise.all([...buses.values()].map((bus) => bus.publish(event)));
}

/** False when this database has other nodes and the connection that hears them is down. */
export function canTrustKeptState(db: Database): boolean {
  return buses.get(db)?.isListening() ?? true;
}

const isClusterEvent = (value: unknown): value is ClusterEvent => {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, id } = value as { kind?: unknown; id?: unknown };
  return (
    (kind === 'session' && typeof id === 'string') ||
    (kind === 'user' && typeof id === 'number') ||
    kind === 'lists' ||
    kind === 'all'
  );
};

/**
 * Starts listening for the other nodes of this PostgreSQL database. A dropped connection is
 * opened again with growing pauses; meanwhile nothing kept is used (`canTrustKeptState`), and on
 * its return everything kept for this database is forgotten, since notifications sent meanwhile
 * are lost.
 */
export async function startClusterBus(
  db: Database,
  { url, pool, onError }: { url: string; pool: pg.Pool; onError: (message: string) => void },
): Promise<ClusterBus> {
  const nodeId = randomUUID();
  let client: pg.Client | null = null;
  let isListening = false;
  let isClosed = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | null = null;

  const forgetEverything = () => deliver(db, { kind: 'all' });

  const lost = (reason: string) => {
    if (!isListening && client === null) return;
    isListening = false;
    client?.removeAllListeners();
    client?.end().catch(() => {});
    client = null;
    forgetEverything();
    if (isClosed) return;
    onError(`cluster notifications lost (${reason}); listening again in ${retryMs} ms`);
    retryTimer = setTimeout(() => void connect().catch(() => {}), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    retryTimer = null;
    const next = new pg.Client({ connectionString: url });
    next.on('error', (error) => lost(error.message));
    next.on('end', () => lost('connection ended'));
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { from, event } = JSON.parse(message.payload) as { from?: unknown; event?: unknown };
        if (from !== nodeId && isClusterEvent(event)) deliver(db, event);
      } catch {
        // Not ours: someone else wrote on the channel. Nothing to forget.
      }
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      lost(error instanceof Error ? error.message : String(error));
      throw error;
    }
    if (isClosed) {
      await next.end();
      return;
    }
    // What was kept before this connection listened may have missed a notification.
    forgetEverything();
    isListening = true;
    retryMs = 500;
  };

  await connect();
  const bus: ClusterBus = {
    publish: async (event) => {
      await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ from: nodeId, event })]);
    },
    isListening: () => isListening,
    close: async () => {
      isClosed = true;
      buses.delete(db);
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      isListening = false;
      current?.removeAllListeners();
      await current?.end().catch(() => {});
    },
  };
  buses.set(db, bus);
  return bus;
}
