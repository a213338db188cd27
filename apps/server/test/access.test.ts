import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
let moderator: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'admin1', roleIds: [ROLE.administrator] });
  await createUser(t.db, { username: 'mod1', roleIds: [ROLE.moderator] });
  await createUser(t.db, { username: 'member1', roleIds: [ROLE.member] });
  admin = await t.signIn('admin1');
  moderator = await t.signIn('mod1');
  // Members sign in through the mobile app (no is_web) and get a real session.
  member = await t.signIn('member1');
});
afterAll(() => t.close());

const list = (url: string, cookie?: string) => t.request({ method: 'POST', url, payload: {}, cookie });

describe('access by role', () => {
  it('answers 401 to anonymous callers of the back-office API', async () => {
    const response = await list('/api/users/index');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Niste prijavljeni ili je sesija istekla.');
  });

  it('answers 403 to a marketplace member', async () => {
    for (const url of ['/api/users/index', '/api/os_countries/index', '/api/roles/index_active']) {
      const response = await list(url, member);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe('Nemate pravo pristupa ovoj akciji.');
    }
  });

  it('lets an administrator read the users list', async () => {
    expect((await list('/api/users/index', admin)).statusCode).toBe(200);
  });

  it('lets a moderator use the pickers but not the administrators-only lists', async () => {
    expect((await list('/api/roles/index_active', moderator)).statusCode).toBe(200);
    expect((await list('/api/os_countries/index_active', moderator)).statusCode).toBe(200);
    expect((await list('/api/users/index', moderator)).statusCode).toBe(403);
    expect((await list('/api/os_countries/index', moderator)).statusCode).toBe(403);
  });

  it('gives a moderator the users picker without contact details or credit', async () => {
    const response = await list('/api/users/index_active', moderator);
    expect(response.statusCode).toBe(200);
    const [row] = response.json().result;
    expect(Object.keys(row).sort()).toEqual(
      ['full_name', 'id', 'is_active', 'last_name', 'name', 'updated_at', 'user_type_id', 'username'].sort(),
    );
    const byEmail = await t.request({
      method: 'POST',
      url: '/api/users/index_active',
      payload: { filters: { email: 'example' } },
      cookie: moderator,
    });
    expect(byEmail.statusCode).toBe(422);
    const report = await t.request({
      method: 'POST',
      url: '/api/users/index_active',
      payload: { is_report: true, show_columns: ['username', 'email'] },
      cookie: moderator,
    });
    expect(report.statusCode).toBe(422);
  });

  it('lets any signed-in user read their own profile', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user', cookie: member })).statusCode).toBe(200);
  });
});

describe('declared access', () => {
  it('every registered route declares who may call it', () => {
    expect(t.app.routeRecords.length).toBeGreaterThan(10);
    const undeclared = t.app.routeRecords.filter((route) => route.access === undefined);
    expect(undeclared).toEqual([]);
  });

  it('a route without declared access is refused to everyone, even administrators', async () => {
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }),
      db: t.db,
      driver: t.handle.driver,
    });
    app.get('/api/forgotten', async () => ({ secret: true }));
    await app.ready();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/forgotten', headers: { cookie: admin } });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('secret');
    } finally {
      await app.close();
    }
  });
});
