import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'odd', roleIds: [ROLE.administrator] });
  cookie = await t.signIn('odd');
});
afterAll(() => t.close());

const INTERNAL = /select|insert|params|drizzle|postgres|byte sequence/i;

describe('values PostgreSQL cannot store are bad input, not a server error', () => {
  it('a NUL character in a list filter is a 422', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/users/index',
      payload: { filters: { name: 'a\u0000b' } },
      cookie,
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).not.toMatch(INTERNAL);
  });

  it('a NUL character in a username at sign-in is refused without a 500', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/loginWeb',
      payload: { username: 'odd\u0000', password: 'whatever1' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).not.toMatch(INTERNAL);
  });

  it('a NUL character in a form field is a 422', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/os_countries/store',
      payload: { name: 'Zemlja\u0000', code: 'ZZ' },
      cookie,
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).not.toMatch(INTERNAL);
  });

  it.each([
    ['+275760-09-13', null],
    [null, '+010000-01-01'],
  ])('a date filter beyond the years PostgreSQL knows is a 422 (%s, %s)', async (from, to) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/users/index',
      payload: { filters: { updated_at: [from, to] } },
      cookie,
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).not.toMatch(INTERNAL);
  });
});
