import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../src/db/client.ts';
import { seed } from '../src/db/seed/seed.ts';
import { DEMO_PASSWORD } from '../src/db/seed/seed-demo.ts';
import { createTestApp } from './helpers/test-app.ts';
import { createTestDatabase, isOnPostgres } from './helpers/test-database.ts';

const TABLES = [
  'roles',
  'user_types',
  'users',
  'user_roles',
  'os_countries',
  'os_cities',
  'currencies',
  'days',
  'services',
  'service_credit_history',
  'credit_prices',
  'credit_price_history',
  'ad_statuses',
  'ad_status_order',
  'ads',
  'ad_services',
  'ad_places',
  'ad_place_cities',
  'ad_days',
  'ad_day_times',
  'ad_status_history',
  'leads',
  'lead_transactions',
  'transactions',
];

async function counts(db: Database): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    result[table] = rows[0]?.n ?? 0;
  }
  return result;
}

async function rowsOf(db: Database, query: ReturnType<typeof sql>): Promise<unknown[]> {
  return ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
}

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe('seeds', () => {
  it('a second start adds nothing twice', async () => {
    const first = await seed(handle.db, { isDemoSeeded: true, adminPassword: 'Admin-Lozinka-1' });
    expect(first.isDemoCreated).toBe(true);
    expect(first.generatedAdminPassword).toBeUndefined();
    const afterFirst = await counts(handle.db);
    const second = await seed(handle.db, { isDemoSeeded: true, adminPassword: 'Admin-Lozinka-1' });
    expect(second.isDemoCreated).toBe(false);
    expect(await counts(handle.db)).toEqual(afterFirst);
  });

  it("README's demo volumes are the ones the seed creates (the users list counts the first admin too)", async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const stated = /demo data is created as well: (\d+) users \(the first admin among them\), (\d+) ads/.exec(
      readme.replace(/\s+/g, ' '),
    );
    expect(stated, 'README names the demo volumes').not.toBeNull();
    const c = await counts(handle.db);
    expect({ users: Number(stated?.[1]), ads: Number(stated?.[2]) }).toEqual({ users: c.users, ads: c.ads });
  });

  it('seeds the demo volumes the product needs', async () => {
    const c = await counts(handle.db);
    expect(c.users).toBeGreaterThanOrEqual(50);
    expect(c.ads).toBeGreaterThanOrEqual(200);
    expect(c.leads).toBeGreaterThan(0);
    expect(c.lead_transactions).toBeGreaterThan(0);
    const statuses = await rowsOf(handle.db, sql`select distinct ad_status_id from ads order by 1`);
    expect(statuses).toEqual([
      { ad_status_id: 1 },
      { ad_status_id: 2 },
      { ad_status_id: 3 },
      { ad_status_id: 4 },
    ]);
    const roles = await rowsOf(handle.db, sql`select distinct role_id from user_roles order by 1`);
    expect(roles).toEqual([{ role_id: 1 }, { role_id: 2 }, { role_id: 3 }]);
    const types = await rowsOf(
      handle.db,
      sql`select distinct user_type_id from users where user_type_id is not null order by 1`,
    );
    expect(types).toEqual([{ user_type_id: 1 }, { user_type_id: 2 }]);
    const montenegro = await rowsOf(
      handle.db,
      sql`select count(*)::int as n from os_cities c join os_countries k on k.id = c.os_country_id where k.code = 'ME'`,
    );
    expect((montenegro[0] as { n: number }).n).toBeGreaterThanOrEqual(25);
  });

  it('keeps the credits ledger consistent with every balance', async () => {
    const balanceMismatch = await rowsOf(
      handle.db,
      sql`select u.id from users u left join transactions t on t.user_id = u.id
          group by u.id, u.credit having u.credit <> coalesce(sum(t.credit_amount), 0)`,
    );
    expect(balanceMismatch).toEqual([]);
    const brokenChain = await rowsOf(
      handle.db,
      sql`select id from (
            select t.id, t.credit_amount, t.credit_state,
              lag(t.credit_state, 1, 0::numeric) over (partition by t.user_id order by t.id) as previous_state
            from transactions t) entries
          where credit_state <> previous_state + credit_amount or credit_state < 0`,
    );
    expect(brokenChain).toEqual([]);
    const unmatchedTopUps = await rowsOf(
      handle.db,
      sql`select lt.id from lead_transactions lt left join transactions t on t.lead_transaction_id = lt.id
          where t.id is null or t.user_id <> lt.credit_for_user_id or t.credit_amount <> lt.add_credit_amount
             or t.credit_state <> lt.credit_after_adding`,
    );
    expect(unmatchedTopUps).toEqual([]);
  });

  it('demo accounts can sign in with the documented password', async () => {
    const t = await createTestApp();
    try {
      await seed(t.db, { isDemoSeeded: true, adminPassword: 'Admin-Lozinka-1' });
      const moderator = await t.request({
        method: 'POST',
        url: '/api/loginWeb',
        payload: { is_web: true, username: 'moderator', password: DEMO_PASSWORD },
      });
      expect(moderator.statusCode).toBe(200);
      const admin = await t.request({
        method: 'POST',
        url: '/api/loginWeb',
        payload: { is_web: true, username: 'admin', password: 'Admin-Lozinka-1' },
      });
      expect(admin.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('generates an admin password when none is configured, once', async () => {
    const fresh = await createTestDatabase();
    try {
      const first = await seed(fresh.db, { isDemoSeeded: false, adminPassword: undefined });
      expect(first.generatedAdminPassword).toMatch(/^[\w-]{12,}$/);
      const second = await seed(fresh.db, { isDemoSeeded: false, adminPassword: undefined });
      expect(second.generatedAdminPassword).toBeUndefined();
      expect((await counts(fresh.db)).ads).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('migrations', () => {
  it.skipIf(isOnPostgres)('build the whole schema on an empty embedded database', async () => {
    const { openDatabase } = await import('../src/db/client.ts');
    const empty = await openDatabase({ driver: 'pglite' });
    try {
      const tables = await rowsOf(
        empty.db,
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      );
      const names = (tables as { table_name: string }[]).map((row) => row.table_name);
      expect(names).toEqual(
        expect.arrayContaining([...TABLES, 'sessions', 'refresh_tokens', 'account_tokens', 'mail_outbox']),
      );
      const trigram = await rowsOf(empty.db, sql`select 1 from pg_extension where extname = 'pg_trgm'`);
      expect(trigram).toHaveLength(1);
    } finally {
      await empty.close();
    }
  });

  it('refuse a negative balance and a price_to below price_from in the database itself', async () => {
    await expect(
      handle.db.execute(sql`update users set credit = -1 where id = (select min(id) from users)`),
    ).rejects.toThrow();
    await expect(
      handle.db.execute(sql`update ads set price_to = price_from - 1 where id = (select min(id) from ads)`),
    ).rejects.toThrow();
  });
});
