import { ROLE } from '@usluge/contract';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { seed } from '../src/db/seed/seed.ts';
import { DEMO_PASSWORD } from '../src/db/seed/seed-demo.ts';
import { roleIdsOf, rolesJson } from '../src/modules/users/current-user-query.ts';
import {
  cookieHeader,
  createTestApp,
  createUser,
  DEMO_ADMIN_PASSWORD,
  TEST_PASSWORD,
  type TestApp,
} from './helpers/test-app.ts';

type RoleAnswer = { id: number; name: string };
type UserAnswer = { id: number; username: string; roles: RoleAnswer[] };

const ADMINISTRATOR = { id: ROLE.administrator, name: 'Administrator' };
const MEMBER = { id: ROLE.member, name: 'Korisnik' };
const MODERATOR = { id: ROLE.moderator, name: 'Moderator' };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Users without roles first, so that no user's id equals a role id: a query that compared a
  // user id with a role id by mistake would otherwise still find the right rows.
  for (let i = 1; i <= 5; i++) await createUser(t.db, { username: `filler-${i}`, roleIds: [] });
  await seed(t.db, { isDemoSeeded: true, adminPassword: DEMO_ADMIN_PASSWORD });
  await createUser(t.db, { username: 'member-moderator', roleIds: [ROLE.member, ROLE.moderator] });
});
afterAll(() => t.close());

async function idOf(username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

async function signInWeb(username: string, password: string) {
  const response = await t.request({
    method: 'POST',
    url: '/api/loginWeb',
    payload: { username, password, is_web: true },
  });
  return { response, cookie: cookieHeader(response) };
}

const cases = [
  { username: 'admin', password: DEMO_ADMIN_PASSWORD, roles: [ADMINISTRATOR] },
  { username: 'moderator', password: DEMO_PASSWORD, roles: [MODERATOR] },
  { username: 'member-moderator', password: TEST_PASSWORD, roles: [MEMBER, MODERATOR] },
];

describe('the current user’s roles', () => {
  it('has no user whose id equals one of the role ids', async () => {
    for (const { username } of cases) {
      expect(Object.values(ROLE)).not.toContain(await idOf(username));
    }
  });

  it.each(cases)(
    'are $username’s own roles at web sign-in and in GET /api/user',
    async ({ username, password, roles }) => {
      const { response, cookie } = await signInWeb(username, password);
      expect(response.statusCode).toBe(200);
      const signedIn = (response.json() as { user: UserAnswer }).user;
      expect(signedIn.id).toBe(await idOf(username));
      expect(signedIn.roles).toEqual(roles);

      const current = await t.request({ method: 'GET', url: '/api/user', cookie });
      expect(current.statusCode).toBe(200);
      expect((current.json() as UserAnswer).roles).toEqual(roles);
    },
  );

  it('refuses the member at web sign-in and gives the app its own role', async () => {
    const web = await signInWeb('korisnik', DEMO_PASSWORD);
    expect(web.response.statusCode).toBe(403);
    expect(web.response.cookies).toHaveLength(0);

    const app = await t.request({
      method: 'POST',
      url: '/api/loginWeb',
      payload: { username: 'korisnik', password: DEMO_PASSWORD },
    });
    expect(app.statusCode).toBe(200);
    expect((app.json() as { user: UserAnswer }).user.roles).toEqual([MEMBER]);
    const current = await t.request({ method: 'GET', url: '/api/user', cookie: cookieHeader(app) });
    expect((current.json() as UserAnswer).roles).toEqual([MEMBER]);
  });
});

describe('what the roles open', () => {
  const listBody = { options: { itemsPerPage: 10 } };

  it.each(['moderator', 'member-moderator'])(
    '%s opens staff lists but not administrator ones',
    async (username) => {
      const { cookie } = await signInWeb(username, username === 'moderator' ? DEMO_PASSWORD : TEST_PASSWORD);
      const post = (url: string) => t.request({ method: 'POST', url, payload: listBody, cookie });
      expect((await post('/api/jobs/index')).statusCode).toBe(200);
      expect((await post('/api/users/index_active')).statusCode).toBe(200);
      expect((await post('/api/users/index')).statusCode).toBe(403);
      expect((await post('/api/transactions/index')).statusCode).toBe(403);
    },
  );

  it('the administrator opens administrator lists', async () => {
    const { cookie } = await signInWeb('admin', DEMO_ADMIN_PASSWORD);
    const answer = await t.request({
      method: 'POST',
      url: '/api/users/index',
      payload: { filters: { username: { operator: 'equals', value: 'member-moderator' } } },
      cookie,
    });
    expect(answer.statusCode).toBe(200);
    expect((answer.json() as { result: UserAnswer[] }).result.map((row) => row.roles)).toEqual([
      [MEMBER, MODERATOR],
    ]);
  });
});

describe('outer columns in subqueries', () => {
  it('are written with their table even in a one-table select', () => {
    const query = t.db
      .select({ roles: rolesJson(users.id) })
      .from(users)
      .toSQL().sql;
    expect(query).toContain('= "users"."id"');
    const actor = alias(users, 'actor');
    expect(
      t.db
        .select({ roles: roleIdsOf(actor.id) })
        .from(actor)
        .toSQL().sql,
    ).toContain('= "actor"."id"');
  });
});
