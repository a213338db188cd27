import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import {
  createTestApp,
  createUser,
  ROLE,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from './helpers/test-app.ts';

/**
 * The mobile app's sessions (issue 20, item 1): bearer tokens on the same session rows as the
 * web's cookies, over a listening server.
 */
let t: TestApp;
let base = '';
let member: TestUser;
let staffMember: TestUser;

type Tokens = { access_token: string; refresh_token: string; expires_in: number };
type LoginAnswer = Tokens & { user: { id: number; username: string }; error?: string; message?: string };

async function post<T>(path: string, body: unknown, headers: Record<string, string> = {}) {
  const answer = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: answer.status, headers: answer.headers, body: (await answer.json()) as T };
}

const login = (username: string, password = TEST_PASSWORD, headers: Record<string, string> = {}) =>
  post<LoginAnswer>('/api/login', { username, password }, headers);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const currentUser = async (token: string) =>
  (await fetch(`${base}/api/user`, { headers: bearer(token) })).status;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // Staff first, so that member ids are not 1 or 2 by chance.
  await createUser(t.db, { username: 'urednica', roleIds: [ROLE.moderator] });
  await createUser(t.db, { username: 'direktor', roleIds: [ROLE.administrator] });
  member = await createUser(t.db, { username: 'clan.ana', roleIds: [ROLE.member] });
  staffMember = await createUser(t.db, { username: 'mod.clan', roleIds: [ROLE.moderator, ROLE.member] });
});
afterAll(() => t.close());

describe('app sign-in with bearer tokens', () => {
  it('signs a member in by username or e-mail, with tokens, their lifetime and the profile; no cookies', async () => {
    const byName = await login('Clan.Ana');
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ expires_in: 900, user: { id: member.id, username: 'clan.ana' } });
    expect(byName.body.access_token).toMatch(/^\S{20,}$/);
    expect(byName.body.refresh_token).not.toBe(byName.body.access_token);
    expect(byName.headers.getSetCookie()).toEqual([]);
    expect(await currentUser(byName.body.access_token)).toBe(200);

    const byEmail = await login('CLAN.ANA@example.test');
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.user.id).toBe(member.id);
  });

  it('refuses a wrong password, and staff who are not members; a staff member who is one signs in', async () => {
    const wrong = await login('clan.ana', 'pogresna-lozinka');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('Pogrešno korisničko ime ili lozinka.');
    const moderator = await login('urednica');
    expect(moderator.status).toBe(403);
    expect(moderator.body.message).toMatch(/nije nalog člana/);
    expect((await login('mod.clan')).body.user.id).toBe(staffMember.id);
  });

  it('tells only a member who registered in the app and has not verified to verify first', async () => {
    const registered = await createUser(t.db, { username: 'nova.clanica', roleIds: [ROLE.member] });
    await t.db.update(users).set({ registered_at: sql`now()` }).where(eq(users.id, registered.id));
    const unverified = await login('nova.clanica', TEST_PASSWORD, { 'accept-language': 'en' });
    expect(unverified.status).toBe(403);
    expect(unverified.body.error).toMatch(/^Confirm your e-mail address/);
    await t.db.update(users).set({ email_verified_at: sql`now()` }).where(eq(users.id, registered.id));
    expect((await login('nova.clanica')).status).toBe(200);
    // A member staff made (no registration of their own) signs in although never verified.
    expect((await login('clan.ana')).status).toBe(200);
  });

  it('needs no cross-site check with a bearer token; a cookie session still gets one', async () => {
    const { body } = await login('clan.ana');
    const withBearer = await post(
      '/api/logout',
      {},
      { ...bearer(body.access_token), origin: 'https://zlo.example' },
    );
    expect(withBearer.status).toBe(200);
    expect(await currentUser(body.access_token)).toBe(401);

    const web = await post<LoginAnswer>('/api/loginWeb', { username: 'clan.ana', password: TEST_PASSWORD });
    const cookie = web.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const crossSite = await post('/api/logout', {}, { cookie, origin: 'https://zlo.example' });
    expect(crossSite.status).toBe(403);
  });

  it('keeps a member out of staff routes with a bearer token as with a cookie', async () => {
    const { body } = await login('clan.ana');
    const answer = await post('/api/users/index', {}, bearer(body.access_token));
    expect(answer.status).toBe(403);
    const nobody = await post('/api/users/index', {}, bearer('nepostojeci-token-0123456789'));
    expect(nobody.status).toBe(401);
  });

  it('rotates the refresh token; a replayed one ends the whole session', async () => {
    const first = (await login('clan.ana')).body;
    const rotated = await post<Tokens>('/api/refresh-token', { refresh_token: first.refresh_token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.expires_in).toBe(900);
    expect(rotated.body.refresh_token).not.toBe(first.refresh_token);
    expect(await currentUser(rotated.body.access_token)).toBe(200);
    // The old access token is no longer the session's.
    expect(await currentUser(first.access_token)).toBe(401);

    const replay = await post<{ message: string }>('/api/refresh-token', {
      refresh_token: first.refresh_token,
    });
    expect(replay.status).toBe(401);
    expect(await currentUser(rotated.body.access_token)).toBe(401);
    const next = await post('/api/refresh-token', { refresh_token: rotated.body.refresh_token });
    expect(next.status).toBe(401);
  });

  it('logs out with the refresh token once the access token has expired', async () => {
    const tokens = (await login('clan.ana')).body;
    expect((await post('/api/logout', { refresh_token: tokens.refresh_token })).status).toBe(200);
    expect(await currentUser(tokens.access_token)).toBe(401);
    expect((await post('/api/refresh-token', { refresh_token: tokens.refresh_token })).status).toBe(401);
  });

  it('ends app sessions at once when staff disable the member or set a new password', async () => {
    const admin = await t.signIn('direktor');
    const phone = (await login('clan.ana')).body;
    expect(await currentUser(phone.access_token)).toBe(200);
    const answer = await fetch(`${base}/api/users/destroy/${member.id}`, {
      method: 'DELETE',
      headers: { cookie: admin, origin: base },
    });
    expect(answer.status).toBe(200);
    expect(await currentUser(phone.access_token)).toBe(401);
    expect((await post('/api/refresh-token', { refresh_token: phone.refresh_token })).status).toBe(401);
    expect((await login('clan.ana')).status).toBe(403);
    await fetch(`${base}/api/users/destroy/${member.id}`, {
      method: 'DELETE',
      headers: { cookie: admin, origin: base },
    });
    expect((await login('clan.ana')).status).toBe(200);
  });

  it('counts app sign-ins in the same limits: a 429 with Retry-After', async () => {
    const limited = await createTestApp({
      loginLimits: { perIp: 100, perUsername: 2, windowMs: 60_000 },
    });
    try {
      await createUser(limited.db, { username: 'clan.bojan', roleIds: [ROLE.member] });
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'clan.bojan', password: 'pogresno!' },
        });
      const answers = [await attempt(), await attempt(), await attempt()];
      expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 429]);
      expect(Number(answers[2]?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('lists the app routes under the member tag with the bearer scheme declared', async () => {
    const document = (await (await fetch(`${base}/api/docs/json`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { tags: string[] }>>;
    };
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const path of ['/api/login', '/api/refresh-token', '/api/logout']) {
      expect(document.paths[path]?.post?.tags).toEqual(['member']);
    }
  });
});
