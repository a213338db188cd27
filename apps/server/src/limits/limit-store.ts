import type { Database } from '../db/client.ts';

/**
 * How a key is counted. A fixed window (`limit`): up to `limit` hits, then the key waits for the
 * window's end. A backoff (`delayAfter`): past that many hits each further hit holds the key back
 * `firstDelayMs`, doubled by every hit, up to the window; the key is forgotten a window after its
 * last hit's hold.
 */
export type LimitRule =
  | { limit: number; windowMs: number }
  | { delayAfter: number; firstDelayMs: number; windowMs: number };

/** A key's counter as the store holds it; times in epoch milliseconds of the store's clock. */
export type Counter = {
  count: number;
  /** When the counter is forgotten. */
  resetAt: number;
  /** Until when a backoff holds further hits back (0: not held). */
  holdUntil: number;
  /** The store's clock when it answered: waits are measured against it. */
  now: number;
};

export type Take = Counter & { isTaken: boolean };

/**
 * Counters shared by every node (PostgreSQL, or Redis when REDIS_URL is set): what the sign-in and
 * account limits count with. Each operation is one atomic step in the store.
 */
export type LimitStore = {
  /**
   * Counts a hit on the key unless the rule holds it back, checked and counted in one step, so
   * that hits sent in parallel from any node cannot all pass.
   */
  take: (key: string, rule: LimitRule) => Promise<Take>;
  /** Uncounts one hit in the key's current window (a hit refused elsewhere, a success). */
  giveBack: (key: string) => Promise<void>;
  /** The key's current counter; undefined when it has none or it is forgotten. */
  read: (key: string) => Promise<Counter | undefined>;
  /** Forgets the key. */
  clear: (key: string) => Promise<void>;
  /**
   * Forgets every key starting with the prefix; answers the current counters it removed. `tx`: the
   * caller's open transaction, which a database store deletes in (PGlite has one connection).
   */
  clearPrefix: (prefix: string, tx?: Database) => Promise<(Counter & { key: string })[]>;
  close: () => Promise<void>;
};

/** A store's clock for tests that move time; by default the store's own (the database's, Redis's). */
export type LimitClock = () => number;

/** A rule as the stores compute it: one formula for both kinds (the biggest int: no limit). */
export function ruleParams(rule: LimitRule) {
  const NONE = 2_147_483_647;
  return 'limit' in rule
    ? { limit: rule.limit, windowMs: rule.windowMs, delayAfter: NONE, firstDelayMs: 0, isSliding: false }
    : {
        limit: NONE,
        windowMs: rule.windowMs,
        delayAfter: rule.delayAfter,
        firstDelayMs: rule.firstDelayMs,
        isSliding: true,
      };
}

/** How long a hit on this counter waits under the rule (milliseconds, 0: it may go). */
export function waitOf(counter: Counter | undefined, rule: LimitRule): number {
  if (!counter) return 0;
  const held = counter.holdUntil - counter.now;
  const full = 'limit' in rule && counter.count >= rule.limit ? counter.resetAt - counter.now : 0;
  return Math.max(0, held, full);
}

export type TakeAllVerdict = { isTaken: true } | { isTaken: false; waitMs: number; heldBy: number };

/**
 * Takes a hit on every key, in order, or on none: when one refuses, the hits already taken are
 * given back and the wait is the longest of the refusing key and the ones after it. Each take is
 * atomic, so N parallel hits never pass a key's limit; a hit given back can at most make a
 * parallel one wait that would have passed.
 */
export async function takeAll(
  store: LimitStore,
  counts: { key: string; rule: LimitRule }[],
): Promise<TakeAllVerdict> {
  for (const [index, { key, rule }] of counts.entries()) {
    const taken = await store.take(key, rule);
    if (taken.isTaken) continue;
    const earlier = counts.slice(0, index);
    const later = counts.slice(index + 1);
    const [, waits] = await Promise.all([
      Promise.all(earlier.map((count) => store.giveBack(count.key))),
      Promise.all(later.map(async (count) => waitOf(await store.read(count.key), count.rule))),
    ]);
    // A refused take always has a wait; at least a millisecond if its window ended meanwhile.
    return { isTaken: false, waitMs: Math.max(1, waitOf(taken, rule), ...waits), heldBy: index };
  }
  return { isTaken: true };
}
