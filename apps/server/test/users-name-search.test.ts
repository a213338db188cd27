import { listRequestSchema } from '@usluge/contract';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { buildWhere } from '../src/list-engine/list-query.ts';
import { userList } from '../src/modules/users/user-list.ts';
import { createTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 18: the users list's name search ('Ime i prezime' contains) finds a user by name, last
 * name, full name, username or e-mail, on the trigram indexes of those columns.
 */

let t: TestApp;
let cookie = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'search-admin', roleIds: [ROLE.administrator] });
  cookie = await t.signIn('search-admin');
  // Each person has one distinctive word in one place only; the ids differ from row to row.
  const people = [
    { key: 'byName', name: 'Radmila', last_name: 'Kovač', username: 'rk.1', email: 'prva@primjer.me' },
    { key: 'byLast', name: 'Goran', last_name: 'Zeljković', username: 'gz.2', email: 'druga@primjer.me' },
    { key: 'byUser', name: 'Milan', last_name: 'Perić', username: 'tesla-fan', email: 'treca@primjer.me' },
    { key: 'byEmail', name: 'Vesna', last_name: null, username: 'vv.4', email: 'plavi.golub@mail.me' },
  ];
  for (const person of people) {
    const { id } = await createUser(t.db, { username: person.username, roleIds: [ROLE.member] });
    await t.db
      .update(users)
      .set({ name: person.name, last_name: person.last_name, email: person.email })
      .where(eq(users.id, id));
    ids[person.key] = id;
  }
});
afterAll(() => t.close());

const found = async (fragment: string) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/users/index',
    cookie,
    payload: { filters: { full_name: fragment }, options: { itemsPerPage: 100 } },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { result: { id: number }[] }).result.map((row) => row.id).sort();
};

describe("the users list's name search", () => {
  it('finds by name, last name, full name, username and e-mail', async () => {
    expect(await found('radmil')).toEqual([ids.byName]);
    expect(await found('ZELJKOV')).toEqual([ids.byLast]);
    expect(await found('goran zelj')).toEqual([ids.byLast]);
    expect(await found('tesla')).toEqual([ids.byUser]);
    expect(await found('plavi.golub')).toEqual([ids.byEmail]);
    // One fragment in several places: each person once.
    expect(await found('primjer.me')).toEqual([ids.byName, ids.byLast, ids.byUser].sort());
  });

  it('reads the users on their trigram indexes (an OR of bitmap index scans, no scan of the table)', async () => {
    const request = listRequestSchema.parse({ filters: { full_name: 'golub' } });
    let plan = '';
    try {
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = (await tx.execute(
          sql`explain select ${users.id} from ${users} where ${buildWhere(userList, request, 'index')}`,
        )) as unknown as { rows: { 'QUERY PLAN': string }[] };
        plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
        tx.rollback();
      });
    } catch (error) {
      if (!(error instanceof TransactionRollbackError)) throw error;
    }
    expect(plan).toContain('BitmapOr');
    expect(plan).not.toContain('Seq Scan');
    // The full name holds every fragment of name and last name; each index is on a stored folded copy.
    for (const index of ['users_full_name_trgm', 'users_username_trgm', 'users_email_trgm']) {
      expect(plan).toContain(index);
    }
  });
});
