import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { transactions, users } from '../../src/db/schema/index.ts';
import { selectRows } from '../../src/db/select-rows.ts';

/** For every user: the balance is the sum of the ledger, each entry chains on the one before. */
export async function expectBalancesEqualLedgers(db: Database): Promise<void> {
  const broken = await selectRows<{ id: number }>(
    db,
    sql`select u.id from ${users} u
        where u.credit <> coalesce((select sum(x.credit_amount) from ${transactions} x where x.user_id = u.id), 0)
           or exists (
             select 1 from ${transactions} x
             where x.user_id = u.id and x.credit_state <> coalesce((
               select p.credit_state from ${transactions} p where p.user_id = u.id and p.id < x.id
               order by p.id desc limit 1), 0) + x.credit_amount)`,
  );
  expect(broken).toEqual([]);
}

/** A user's balance as stored on their row (0 for nobody). */
export async function balanceOf(db: Database, userId: number): Promise<number> {
  return (await db.select({ credit: users.credit }).from(users).where(eq(users.id, userId)))[0]?.credit ?? 0;
}
