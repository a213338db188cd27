import type { Database } from '../db/client.ts';
import { canTrustKeptState, onClusterEvent, tellAllOtherNodes } from '../db/cluster-events.ts';

/**
 * Live sessions by the hash of their access token, kept for a few seconds so that the requests
 * of a busy screen do not each ask the database who is calling.
 *
 * Revocation still takes effect at once: logout, a rotated or replayed refresh token, a disabled
 * user, a new password or new roles forget the session here when the database is told. Those
 * writes may run inside a transaction that has not committed yet, and a request reading the old
 * state meanwhile must not put it back: a forgotten user or session stays uncached for a while
 * (QUIET_MS, far longer than any transaction), so until then every request asks the database.
 *
 * Several nodes on one PostgreSQL: each forgetting is told to the other nodes (LISTEN/NOTIFY,
 * db/cluster-events.ts) before the revoking request answers, and they forget it too; while a
 * node cannot hear the others it keeps nothing and asks the database every time.
 */
export type CachedSession = { sessionId: string; userId: number; roleIds: number[] };

const SESSION_TTL_MS = 10_000;
const QUIET_MS = 30_000;
const SESSIONS_KEPT = 10_000;

type Entry = CachedSession & { db: Database; expiresAt: number };

const entries = new Map<string, Entry>();
/** `user:<id>` and `session:<id>` → until when they are not cached. */
const quietUntil = new Map<string, number>();

const userKey = (userId: number) => `user:${userId}`;
const sessionKey = (sessionId: string) => `session:${sessionId}`;

function isQuiet(key: string, now: number): boolean {
  const until = quietUntil.get(key);
  if (until === undefined) return false;
  if (until > now) return true;
  quietUntil.delete(key);
  return false;
}

/** The session behind this token hash on this database, if it was looked up moments ago. */
export function cachedSession(db: Database, tokenHash: string): CachedSession | null {
  if (!canTrustKeptState(db)) return null;
  const entry = entries.get(tokenHash);
  if (!entry || entry.db !== db) return null;
  if (entry.expiresAt <= Date.now()) {
    entries.delete(tokenHash);
    return null;
  }
  return entry;
}

/** Keeps what the database answered, until `accessExpiresAt` at the latest. */
export function keepSession(
  db: Database,
  tokenHash: string,
  session: CachedSession,
  accessExpiresAt: Date,
): void {
  const now = Date.now();
  if (!canTrustKeptState(db)) return;
  if (isQuiet(userKey(session.userId), now) || isQuiet(sessionKey(session.sessionId), now)) return;
  if (entries.size >= SESSIONS_KEPT) {
    const oldest = entries.keys().next();
    if (!oldest.done) entries.delete(oldest.value);
  }
  const { sessionId, userId, roleIds } = session;
  entries.set(tokenHash, {
    db,
    sessionId,
    userId,
    roleIds,
    expiresAt: Math.min(now + SESSION_TTL_MS, accessExpiresAt.getTime()),
  });
}

function forget(key: string, matches: (entry: Entry) => boolean): void {
  const now = Date.now();
  for (const [quietKey, until] of quietUntil) if (until <= now) quietUntil.delete(quietKey);
  quietUntil.set(key, now + QUIET_MS);
  for (const [hash, entry] of entries) if (matches(entry)) entries.delete(hash);
}

const forgetSessionHere = (sessionId: string) =>
  forget(sessionKey(sessionId), (entry) => entry.sessionId === sessionId);
const forgetUserHere = (userId: number) => forget(userKey(userId), (entry) => entry.userId === userId);

/** One session ended or changed its access token; resolves once the other nodes are told. */
export function forgetSession(sessionId: string): Promise<void> {
  forgetSessionHere(sessionId);
  return tellAllOtherNodes({ kind: 'session', id: sessionId });
}

/** A user was disabled, got a new password or new roles; resolves once the other nodes are told. */
export function forgetUserSessions(userId: number): Promise<void> {
  forgetUserHere(userId);
  return tellAllOtherNodes({ kind: 'user', id: userId });
}

onClusterEvent((_db, event) => {
  if (event.kind === 'session') forgetSessionHere(event.id);
  else if (event.kind === 'user') forgetUserHere(event.id);
  else if (event.kind === 'all') entries.clear();
});
