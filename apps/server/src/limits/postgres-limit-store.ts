import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/select-rows.ts';
import { type Counter, type LimitClock, type LimitStore, ruleParams } from './limit-store.ts';

type CounterRow = { count: number; reset_at: number; hold_until: number; now: number };

/** Every this many takes a node deletes a bounded batch of forgotten rows. */
const CLEAN_EVERY = 100;
const CLEAN_BATCH = 500;

const ms = (value: SQL) => sql`(extract(epoch from ${value}) * 1000)::float8`;
const millis = (value: SQL | number) => sql`(${value}::float8 * interval '1 millisecond')`;
const counterOf = (row: CounterRow): Counter => ({
  count: row.count,
  resetAt: row.reset_at,
  holdUntil: row.hold_until,
  now: row.now,
});

/**
 * Counters in the table rate_limit_counters of the product's database (PGlite or a server), on
 * the database's clock: every node sees the same counts and the same time.
 */
export function createPostgresLimitStore(
  db: Database,
  { now: clock }: { now?: LimitClock } = {},
): LimitStore {
  const now = (): SQL => (clock ? sql`to_timestamp(${clock()}::float8 / 1000)` : sql`now()`);
  const columns = (at: SQL) =>
    sql`count, ${ms(sql`reset_at`)} as reset_at, ${ms(sql`hold_until`)} as hold_until, ${ms(at)} as now`;
  let takes = 0;

  async function cleanForgotten() {
    const at = now();
    await db.execute(sql`
      delete from rate_limit_counters where key in (
        select key from rate_limit_counters where reset_at <= ${at} limit ${CLEAN_BATCH})`);
  }

  const read: LimitStore['read'] = async (key) => {
    const at = now();
    const [row] = await selectRows<CounterRow>(
      db,
      sql`select ${columns(at)} from rate_limit_counters where key = ${key} and reset_at > ${at}`,
    );
    return row && counterOf(row);
  };

  return {
    take: async (key, rule) => {
      const { limit, windowMs, delayAfter, firstDelayMs, isSliding } = ruleParams(rule);
      const at = now();
      // The hold a hit puts on the key once its count is past delayAfter, doubling up to the window.
      const holdAfter = (count: SQL, hold: SQL) => sql`case when ${count} > ${delayAfter}
        then ${at} + ${millis(sql`least(${firstDelayMs}::float8 * power(2, least(${count} - ${delayAfter} - 1, 30)), ${windowMs}::float8)`)}
        else ${hold} end`;
      const resetAfter = (hold: SQL, reset: SQL) =>
        isSliding ? sql`greatest(${at}, ${hold}) + ${millis(windowMs)}` : reset;
      const freshHold = holdAfter(sql`1`, sql`to_timestamp(0)`);
      const heldHold = holdAfter(sql`c.count + 1`, sql`c.hold_until`);
      // One statement: the check (the update's where) and the count cannot be split by another node.
      const [row] = await selectRows<CounterRow>(
        db,
        sql`insert into rate_limit_counters as c (key, count, reset_at, hold_until)
          values (${key}, 1, ${resetAfter(freshHold, sql`${at} + ${millis(windowMs)}`)}, ${freshHold})
          on conflict (key) do update set
            count = case when c.reset_at <= ${at} then 1 else c.count + 1 end,
            hold_until = case when c.reset_at <= ${at} then excluded.hold_until else ${heldHold} end,
            reset_at = case when c.reset_at <= ${at} then excluded.reset_at
              else ${resetAfter(heldHold, sql`c.reset_at`)} end
          where c.reset_at <= ${at} or (c.count < ${limit} and c.hold_until <= ${at})
          returning ${columns(at)}`,
      );
      if (++takes % CLEAN_EVERY === 0) await cleanForgotten();
      if (row) return { ...counterOf(row), isTaken: true };
      const current = await read(key);
      return { ...(current ?? { count: 0, resetAt: 0, holdUntil: 0, now: 0 }), isTaken: false };
    },
    giveBack: async (key) => {
      const at = now();
      await db.execute(sql`update rate_limit_counters set count = greatest(count - 1, 0)
        where key = ${key} and reset_at > ${at}`);
    },
    read,
    clear: async (key) => {
      await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
    },
    clearPrefix: async (prefix, tx = db) => {
      const at = now();
      const pattern = `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      const rows = await selectRows<CounterRow & { key: string; is_current: boolean }>(
        tx,
        sql`delete from rate_limit_counters where key like ${pattern}
          returning key, ${columns(at)}, reset_at > ${at} as is_current`,
      );
      return rows.filter((row) => row.is_current).map((row) => ({ key: row.key, ...counterOf(row) }));
    },
    close: async () => {},
  };
}
