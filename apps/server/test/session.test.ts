import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema/index.ts';
import {
  cookieHeader,
  createTestApp,
  createUser,
  ROLE,
  TEST_PASSWORD,
  type TestApp,
} from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'ana', roleIds: [ROLE.administrator] });
  await createUser(t.db, { username: 'mod', roleIds: [ROLE.moderator] });
  await createUser(t.db, { username: 'member', roleIds: [ROLE.member] });
  await createUser(t.db, { username: 'disabled', roleIds: [ROLE.administrator], isActive: false });
});
afterAll(() => t.close());

const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/loginWeb', payload: body, headers });

describe('POST /api/loginWeb', () => {
  it('signs in with the right password and sets HttpOnly SameSite=Strict cookies', async () => {
    const response = await login({ is_web: true, username: 'ana', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      username: 'ana',
      roles: [{ id: 1, name: 'Administrator' }],
    });
    const names = response.cookies.map((c) => c.name).sort();
    expect(names).toEqual(['access_token', 'refresh_token']);
    for (const cookie of response.cookies) {
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Strict');
      expect(cookie.path).toBe('/api');
    }
  });

  it('accepts the username in any letter case', async () => {
    const response = await login({ username: 'ANA', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password with the error text in Montenegrin', async () => {
    const response = await login({ username: 'ana', password: 'pogresna-lozinka' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'Pogrešno korisničko ime ili lozinka.',
      message: 'Pogrešno korisničko ime ili lozinka.',
    });
    expect(response.cookies).toHaveLength(0);
  });

  it('answers an unknown user exactly as a wrong password', async () => {
    const wrongPassword = await login({ username: 'ana', password: 'pogresna-lozinka' });
    const unknownUser = await login({ username: 'nobody-here', password: 'pogresna-lozinka' });
    expect(unknownUser.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownUser.body).toBe(wrongPassword.body);
  });

  it('answers in English when asked', async () => {
    const response = await login({ username: 'ana', password: 'x' }, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(response.json().error).toBe('Wrong username or password.');
  });

  it('refuses a disabled account', async () => {
    const response = await login({ username: 'disabled', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('Nalog je deaktiviran. Kontaktirajte administratora.');
  });

  it('refuses a marketplace member on the web back-office', async () => {
    const response = await login({ is_web: true, username: 'member', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('Nemate pristup administraciji.');
  });

  it('validates the body with field messages', async () => {
    const response = await login({ username: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Podaci nisu ispravni.',
      errors: { username: ['Obavezno polje.'], password: ['Obavezno polje.'] },
    });
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 after too many failures for one username, with Retry-After', async () => {
    const limited = await createTestApp({
      loginLimits: { perIp: 100, perUsername: 3, windowMs: 60_000 },
    });
    try {
      await createUser(limited.db, { username: 'target', roleIds: [ROLE.administrator] });
      for (let i = 0; i < 3; i++) {
        const r = await limited.request({
          method: 'POST',
          url: '/api/loginWeb',
          payload: { username: 'target', password: 'guess' },
        });
        expect(r.statusCode).toBe(401);
      }
      const blocked = await limited.request({
        method: 'POST',
        url: '/api/loginWeb',
        payload: { username: 'target', password: TEST_PASSWORD },
      });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().error).toMatch(/Previše pokušaja prijave/);
      // Another username from the same address is not blocked by that.
      await createUser(limited.db, { username: 'other', roleIds: [ROLE.administrator] });
      const other = await limited.request({
        method: 'POST',
        url: '/api/loginWeb',
        payload: { username: 'other', password: TEST_PASSWORD },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts guesses sent in parallel: a burst cannot get past the per-username limit', async () => {
    const limited = await createTestApp({
      loginLimits: { perIp: 100, perUsername: 3, windowMs: 60_000 },
    });
    try {
      await createUser(limited.db, { username: 'burst', roleIds: [ROLE.administrator] });
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          limited.request({
            method: 'POST',
            url: '/api/loginWeb',
            payload: { username: 'burst', password: `guess-${i}` },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 after too many attempts from one address', async () => {
    const limited = await createTestApp({
      loginLimits: { perIp: 2, perUsername: 100, windowMs: 60_000 },
    });
    try {
      for (const username of ['a1', 'a2']) {
        const r = await limited.request({
          method: 'POST',
          url: '/api/loginWeb',
          payload: { username, password: 'x' },
        });
        expect(r.statusCode).toBe(401);
      }
      const r = await limited.request({
        method: 'POST',
        url: '/api/loginWeb',
        payload: { username: 'a3', password: 'x' },
      });
      expect(r.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('session', () => {
  it('GET /api/user answers the signed-in user and 401 without a session', async () => {
    const cookie = await t.signIn('ana');
    const me = await t.request({ method: 'GET', url: '/api/user', cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'ana', roles: [{ id: 1, name: 'Administrator' }] });
    const anonymous = await t.request({ method: 'GET', url: '/api/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Niste prijavljeni ili je sesija istekla.' });
  });

  it('answers 401 once the access token has expired', async () => {
    const cookie = await t.signIn('ana');
    await t.db.execute(sql`update ${sessions} set access_expires_at = now() - interval '1 second'`);
    const response = await t.request({ method: 'GET', url: '/api/user', cookie });
    expect(response.statusCode).toBe(401);
  });

  it('rotates the refresh token: the new cookies work, the old access token does not', async () => {
    const cookie = await t.signIn('ana');
    const refreshed = await t.request({ method: 'GET', url: '/api/refresh-token-web', cookie });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user.username).toBe('ana');
    const rotated = cookieHeader(refreshed, cookie);
    expect(rotated).not.toBe(cookie);
    expect((await t.request({ method: 'GET', url: '/api/user', cookie: rotated })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user', cookie })).statusCode).toBe(401);
  });

  it('revokes the whole session when an old refresh token is replayed', async () => {
    const original = await t.signIn('ana');
    const first = await t.request({ method: 'GET', url: '/api/refresh-token-web', cookie: original });
    const current = cookieHeader(first, original);
    // An attacker replays the spent token.
    const replay = await t.request({ method: 'GET', url: '/api/refresh-token-web', cookie: original });
    expect(replay.statusCode).toBe(401);
    // The legitimate holder of the newest tokens is signed out too.
    expect((await t.request({ method: 'GET', url: '/api/user', cookie: current })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/refresh-token-web', cookie: current })).statusCode,
    ).toBe(401);
  });

  it('refuses a refresh without a cookie or with a made-up token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/refresh-token-web' })).statusCode).toBe(401);
    const fake = await t.request({
      method: 'GET',
      url: '/api/refresh-token-web',
      cookie: 'refresh_token=made-up',
    });
    expect(fake.statusCode).toBe(401);
  });

  it('logout ends the session at once: the old cookies stop working immediately', async () => {
    const cookie = await t.signIn('ana');
    const out = await t.request({ method: 'GET', url: '/api/logout', cookie });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Uspješno ste se odjavili.' });
    expect(out.cookies.every((c) => c.value === '')).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/user', cookie })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/refresh-token-web', cookie })).statusCode).toBe(401);
  });

  it('a disabled user loses every session', async () => {
    const victim = await createUser(t.db, { username: 'soon-disabled', roleIds: [ROLE.administrator] });
    const cookie = await t.signIn('soon-disabled');
    await t.db.update(users).set({ is_active: false }).where(eq(users.id, victim.id));
    expect((await t.request({ method: 'GET', url: '/api/user', cookie })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/refresh-token-web', cookie })).statusCode).toBe(401);
  });
});

describe('client address', () => {
  it('ignores a forged X-Forwarded-For unless a proxy is trusted', async () => {
    const limited = await createTestApp({
      loginLimits: { perIp: 1, perUsername: 100, windowMs: 60_000 },
    });
    try {
      const attempt = (forwardedFor: string) =>
        limited.request({
          method: 'POST',
          url: '/api/loginWeb',
          payload: { username: 'x', password: 'y' },
          headers: { 'x-forwarded-for': forwardedFor },
        });
      expect((await attempt('10.0.0.1')).statusCode).toBe(401);
      // A new forged address does not buy another attempt.
      expect((await attempt('10.0.0.2')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
