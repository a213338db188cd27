import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { selectRows } from '../src/db/select-rows.ts';
import type { LimitStore } from '../src/limits/limit-store.ts';
import { createPostgresLimitStore } from '../src/limits/postgres-limit-store.ts';
import { createRedisLimitStore } from '../src/limits/redis-limit-store.ts';
import { createTestDatabase } from './helpers/test-database.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const WINDOW = 60_000;

type Subject = {
  clock: { now: number };
  store: LimitStore;
  ownClockStore: LimitStore;
  close: () => Promise<void>;
};

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/** Each store once on a clock the test moves, once on its own; Redis keys under a prefix of this run. */
const SUBJECTS: [string, () => Promise<Subject>][] = [
  [
    'the database',
    async () => {
      const clock = { now: 1_750_000_000_000 };
      return {
        clock,
        store: createPostgresLimitStore(handle.db, { now: () => clock.now }),
        ownClockStore: createPostgresLimitStore(handle.db),
        close: async () => {},
      };
    },
  ],
  [
    'Redis',
    async () => {
      const clock = { now: 1_750_000_000_000 };
      const prefix = `usluge-test:${randomBytes(6).toString('hex')}:`;
      const store = createRedisLimitStore({ url: REDIS_URL, prefix, now: () => clock.now });
      const ownClockStore = createRedisLimitStore({ url: REDIS_URL, prefix });
      return {
        clock,
        store,
        ownClockStore,
        close: async () => {
          // Every key this run wrote goes.
          await ownClockStore.clearPrefix('');
          await Promise.all([store.close(), ownClockStore.close()]);
        },
      };
    },
  ],
];

describe.each(SUBJECTS)('the limit store in %s', (_name, open) => {
  let s: Subject;
  let n = 0;
  /** A key of this test's own. */
  const key = (name: string) => `t${++n}:${name}`;
  beforeAll(async () => {
    s = await open();
  });
  afterAll(() => s.close());

  it('counts a fixed window up to its limit, then holds the key to the window end', async () => {
    const k = key('window');
    const rule = { limit: 3, windowMs: WINDOW };
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push(await s.store.take(k, rule));
    expect(counts.map((c) => [c.isTaken, c.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
    ]);
    expect(counts[0]?.resetAt).toBe(s.clock.now + WINDOW);
    s.clock.now += 10_000;
    const refused = await s.store.take(k, rule);
    expect(refused).toMatchObject({
      isTaken: false,
      count: 3,
      resetAt: s.clock.now + 50_000,
      now: s.clock.now,
    });
    // The window's end starts a new one.
    s.clock.now += 50_000;
    expect(await s.store.read(k)).toBeUndefined();
    expect(await s.store.take(k, rule)).toMatchObject({
      isTaken: true,
      count: 1,
      resetAt: s.clock.now + WINDOW,
    });
  });

  it('admits exactly the limit of hits sent at once', async () => {
    const k = key('parallel');
    const takes = await Promise.all(
      Array.from({ length: 30 }, () => s.store.take(k, { limit: 5, windowMs: WINDOW })),
    );
    expect(takes.filter((t) => t.isTaken).length).toBe(5);
    expect((await s.store.read(k))?.count).toBe(5);
  });

  it('gives a hit back within the window, never below zero', async () => {
    const k = key('give-back');
    const rule = { limit: 2, windowMs: WINDOW };
    await s.store.take(k, rule);
    await s.store.take(k, rule);
    expect((await s.store.take(k, rule)).isTaken).toBe(false);
    await s.store.giveBack(k);
    expect((await s.store.take(k, rule)).isTaken).toBe(true);
    const other = key('give-back-once');
    await s.store.take(other, rule);
    await s.store.giveBack(other);
    await s.store.giveBack(other);
    expect((await s.store.read(other))?.count).toBe(0);
    await s.store.giveBack(key('never-taken'));
  });

  it('holds a backoff key past delayAfter, doubling to the window, and forgets it a window after', async () => {
    const k = key('backoff');
    const rule = { delayAfter: 2, firstDelayMs: 1000, windowMs: 5000 };
    expect((await s.store.take(k, rule)).holdUntil).toBe(0);
    expect((await s.store.take(k, rule)).holdUntil).toBe(0);
    const holds: number[] = [];
    for (let i = 0; i < 5; i++) {
      const taken = await s.store.take(k, rule);
      expect(taken.isTaken).toBe(true);
      holds.push(taken.holdUntil - s.clock.now);
      expect(taken.resetAt).toBe(taken.holdUntil + 5000);
      const held = await s.store.take(k, rule);
      expect(held).toMatchObject({ isTaken: false, holdUntil: taken.holdUntil });
      s.clock.now = taken.holdUntil;
    }
    expect(holds).toEqual([1000, 2000, 4000, 5000, 5000]);
    // A window after the last hold the key starts afresh.
    s.clock.now += 5000;
    expect(await s.store.read(k)).toBeUndefined();
    expect(await s.store.take(k, rule)).toMatchObject({ isTaken: true, count: 1, holdUntil: 0 });
  });

  it('clears a key, and every key of a prefix taken literally, answering the current ones', async () => {
    const rule = { limit: 1, windowMs: WINDOW };
    const base = key('clear');
    const [a, b, look, other] = [`${base}:a_b:1`, `${base}:a_b:2`, `${base}:axb:1`, `${base}:c`];
    for (const k of [a, b, look, other]) await s.store.take(k, rule);
    await s.store.clear(other);
    expect(await s.store.read(other)).toBeUndefined();
    const removed = await s.store.clearPrefix(`${base}:a_b:`);
    expect(removed.map((r) => [r.key, r.count]).sort()).toEqual([
      [a, 1],
      [b, 1],
    ]);
    expect(await s.store.read(a)).toBeUndefined();
    expect((await s.store.read(look))?.count).toBe(1);
    // A forgotten counter is removed but not answered.
    s.clock.now += WINDOW;
    expect(await s.store.clearPrefix(`${base}:axb:`)).toEqual([]);
  });

  it("runs on the store's own clock when given none", async () => {
    const k = key('own-clock');
    const taken = await s.ownClockStore.take(k, { limit: 1, windowMs: WINDOW });
    expect(Math.abs(taken.now - Date.now())).toBeLessThan(5000);
    expect(taken.resetAt - taken.now).toBeCloseTo(WINDOW, 0);
    const refused = await s.ownClockStore.take(k, { limit: 1, windowMs: WINDOW });
    expect(refused.isTaken).toBe(false);
    expect(refused.resetAt - refused.now).toBeGreaterThan(WINDOW - 5000);
  });
});

describe('the database store', () => {
  it('deletes forgotten rows as it counts, a bounded batch every hundred takes', async () => {
    const clock = { now: 1_760_000_000_000 };
    const store = createPostgresLimitStore(handle.db, { now: () => clock.now });
    const rule = { limit: 5, windowMs: WINDOW };
    for (let i = 0; i < 99; i++) await store.take(`gc:${i}`, rule);
    const rowsOf = async () =>
      (
        await selectRows<{ key: string }>(
          handle.db,
          sql`select key from rate_limit_counters where key like 'gc:%'`,
        )
      )
        .map((row) => row.key)
        .sort();
    expect((await rowsOf()).length).toBe(99);
    clock.now += WINDOW;
    // The hundredth take cleans: the 99 forgotten rows go, the new one stays.
    await store.take('gc:new', rule);
    expect(await rowsOf()).toEqual(['gc:new']);
  });
});
