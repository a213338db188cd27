import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, users } from '../src/db/schema/index.ts';
import { loadSeedFile } from '../src/db/seed/seed-file.ts';
import { createTestApp, createUser, ROLE, TEST_PASSWORD, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase } from './helpers/test-database.ts';

const SECRET_TABLES = ['sessions', 'refresh_tokens', 'account_tokens', 'mail_outbox', 'idempotency_keys'];
let enabled: TestApp;
let admin = '';
let moderator = '';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-seed-files-'));

beforeAll(async () => {
  enabled = await createTestApp({ env: { SEEDERS_ENABLED: 'true' } });
  await createUser(enabled.db, { username: 'seed-admin', roleIds: [ROLE.administrator] });
  await createUser(enabled.db, { username: 'seed-mod', roleIds: [ROLE.moderator] });
  admin = await enabled.signIn('seed-admin');
  moderator = await enabled.signIn('seed-mod');
});
afterAll(async () => {
  await enabled.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const download = (table: string, cookie = admin) =>
  enabled.request({ method: 'GET', url: `/api/seeder_generator/${table}`, cookie });

describe('the seeder generator', () => {
  it('does not exist unless SEEDERS_ENABLED is on', async () => {
    const off = await createTestApp();
    try {
      await createUser(off.db, { username: 'off-admin', roleIds: [ROLE.administrator] });
      const cookie = await off.signIn('off-admin');
      expect(
        (await off.request({ method: 'POST', url: '/api/all_tables/pgsql', payload: {}, cookie })).statusCode,
      ).toBe(404);
      expect(
        (await off.request({ method: 'GET', url: '/api/seeder_generator/os_countries', cookie })).statusCode,
      ).toBe(404);
      // The web app hides its menu item and route by what the current user is told.
      const user = await off.request({ method: 'GET', url: '/api/user', cookie });
      expect(user.json()).toMatchObject({ username: 'off-admin', seeders_enabled: false });
    } finally {
      await off.close();
    }
  });

  it('tells the signed-in user it is offered, at sign-in and in GET /api/user', async () => {
    const user = await enabled.request({ method: 'GET', url: '/api/user', cookie: admin });
    expect(user.json()).toMatchObject({ username: 'seed-admin', seeders_enabled: true });
    const signIn = await enabled.request({
      method: 'POST',
      url: '/api/loginWeb',
      payload: { username: 'seed-mod', password: TEST_PASSWORD },
    });
    expect(signIn.json().user).toMatchObject({ username: 'seed-mod', seeders_enabled: true });
  });

  it('lists the tables, never the secret ones, to administrators only', async () => {
    const answer = await enabled.request({
      method: 'POST',
      url: '/api/all_tables/pgsql',
      payload: {},
      cookie: admin,
    });
    const names = answer.json().result.map((row: { table_name: string }) => row.table_name);
    expect(names).toContain('os_countries');
    expect(names).toContain('users');
    for (const secret of SECRET_TABLES) expect(names).not.toContain(secret);
    expect(
      (
        await enabled.request({
          method: 'POST',
          url: '/api/all_tables/pgsql',
          payload: {},
          cookie: moderator,
        })
      ).statusCode,
    ).toBe(403);
    expect((await download('os_countries', moderator)).statusCode).toBe(403);
  });

  it('answers 404 for secret and unknown tables', async () => {
    for (const table of [...SECRET_TABLES, 'pg_authid', 'nepostojeca'])
      expect((await download(table)).statusCode, table).toBe(404);
  });

  it('exports users without their password hashes', async () => {
    const answer = await download('users');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="users.seed.ndjson"');
    const [header] = answer.body.split('\n');
    expect(JSON.parse(header ?? '{}').columns).not.toContain('password_hash');
    expect(answer.body).not.toContain('$argon2');
  });

  it('leaves out the names copied for sorting, which the database fills itself', async () => {
    const answer = await download('os_cities');
    expect(answer.statusCode).toBe(200);
    const [header] = answer.body.split('\n');
    const { columns } = JSON.parse(header ?? '{}') as { columns: string[] };
    expect(columns).toContain('os_country_id');
    expect(columns).not.toContain('country_name');
  });

  it('leaves out generated columns, which the database computes and refuses values for', async () => {
    const answer = await download('ads');
    expect(answer.statusCode).toBe(200);
    const [header] = answer.body.split('\n');
    const { columns } = JSON.parse(header ?? '{}') as { columns: string[] };
    expect(columns).toContain('title');
    expect(columns).not.toContain('search_text');
  });

  it('makes files that db:seed loads into another database', async () => {
    await enabled.db.insert(countries).values({ name: 'Albanija', code: 'AL' });
    const countriesFile = path.join(dir, 'os_countries.seed.ndjson');
    fs.writeFileSync(countriesFile, (await download('os_countries')).body);
    const usersFile = path.join(dir, 'users.seed.ndjson');
    fs.writeFileSync(usersFile, (await download('users')).body);
    const target = await createTestDatabase();
    try {
      const loaded = await loadSeedFile(target.db, countriesFile);
      expect(loaded).toEqual({ table: 'os_countries', inserted: 1 });
      const [albania] = await target.db
        .select({ code: countries.code })
        .from(countries)
        .where(eq(countries.name, 'Albanija'));
      expect(albania?.code).toBe('AL');
      const loadedUsers = await loadSeedFile(target.db, usersFile);
      expect(loadedUsers.inserted).toBe(2);
      const [copied] = await target.db
        .select({ hash: users.password_hash })
        .from(users)
        .where(eq(users.username, 'seed-mod'));
      expect(copied?.hash).toBe('!no-password');
      // Loading again adds nothing.
      expect((await loadSeedFile(target.db, countriesFile)).inserted).toBe(0);
    } finally {
      await target.close();
    }
  });
});
