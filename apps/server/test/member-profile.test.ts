import fs from 'node:fs';
import path from 'node:path';
import { USER_TYPE } from '@usluge/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { transactions, users, userTypes } from '../src/db/schema/index.ts';
import { changeBalance } from '../src/ledger/ledger.ts';
import {
  expectMemberRoutesDocumented,
  formOf,
  listenForMembers,
  type MemberApi,
} from './helpers/member-api.ts';
import {
  createTestApp,
  createUser,
  ROLE,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from './helpers/test-app.ts';
import { smallPng } from './helpers/test-images.ts';

/**
 * The member's own account in the app (issue 20, item 2): profile, image, password, ledger and
 * closing the account, over a listening server with bearer tokens, on PGlite and PostgreSQL. There
 * is no id in these paths, so every test checks that the caller's scope really is the caller's:
 * two members with different data.
 */
let t: TestApp;
let api: MemberApi;
let ana: TestUser;
let marko: TestUser;
let anaToken = '';
let markoToken = '';
let moderatorCookie = '';

type Json = Record<string, unknown>;

let keyCount = 0;
const newKey = () => `profile-key-${process.pid}-${++keyCount}`;

/** Signs a member in to the app: the access and refresh tokens. */
const login = async (username: string, password = TEST_PASSWORD) => {
  const { token, refreshToken } = await api.memberToken(username, { password });
  return { access_token: token, refresh_token: refreshToken };
};

const uploadsIn = (folder: string) => {
  const dir = path.join(t.dataDir, 'uploads', folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

async function credit(db: Database, userId: number, amount: number, description: string) {
  await db.transaction((tx) =>
    changeBalance(tx as unknown as Database, { userId, amount, description, actorId: null }),
  );
}

const profileForm = (overrides: Json = {}) => ({
  name: 'Ana',
  last_name: 'Anić',
  username: 'ana.clan',
  phone: '+382 67 111 222',
  details: 'Čistim stanove.',
  address: null,
  pib: null,
  user_type_id: USER_TYPE.individual,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  api = await listenForMembers(t.app);
  // Staff first, so that members' ids are not 1 and 2 by chance.
  await createUser(t.db, { username: 'direktorka', roleIds: [ROLE.administrator] });
  await createUser(t.db, { username: 'urednik', roleIds: [ROLE.moderator] });
  ana = await createUser(t.db, { username: 'ana.clan', roleIds: [ROLE.member] });
  marko = await createUser(t.db, { username: 'marko.clan', roleIds: [ROLE.member] });
  await credit(t.db, ana.id, 50, 'Dopuna kredita');
  await credit(t.db, ana.id, -20, 'Kontakt oglasa');
  await credit(t.db, ana.id, 5, 'Povrat kredita');
  await credit(t.db, marko.id, 7, 'Dopuna za Marka');
  anaToken = (await login('ana.clan')).access_token;
  markoToken = (await login('marko.clan')).access_token;
  moderatorCookie = await t.signIn('urednik');
});
afterAll(() => t.close());

describe('GET /api/me', () => {
  it("answers the caller's own profile with the balance, and nothing secret", async () => {
    const mine = await api.call<Json>('GET', '/api/me', { token: anaToken });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      id: ana.id,
      username: 'ana.clan',
      email: 'ana.clan@example.test',
      credit: 35,
      user_type_id: USER_TYPE.individual,
      user_types: { id: USER_TYPE.individual, name: 'Fizičko lice' },
      roles: [{ id: ROLE.member, name: 'Korisnik' }],
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(Object.keys(mine.body).sort()).toEqual(
      [
        'address',
        'credit',
        'details',
        'email',
        'id',
        'image_url',
        'last_name',
        'name',
        'phone',
        'pib',
        'roles',
        'updated_at',
        'user_type_id',
        'user_types',
        'username',
      ].sort(),
    );
    const his = await api.call<Json>('GET', '/api/me', { token: markoToken });
    expect(his.body).toMatchObject({ id: marko.id, username: 'marko.clan', credit: 7 });
  });

  it('refuses anonymous callers (401) and staff without the member role (403) on every member route', async () => {
    const routes: [string, string, unknown][] = [
      ['GET', '/api/me', undefined],
      ['POST', '/api/me/update', profileForm()],
      ['POST', '/api/me/change-password', { password: TEST_PASSWORD, new_password: 'Nova-Lozinka-1' }],
      ['POST', '/api/me/ledger', {}],
      ['POST', '/api/me/delete', { password: TEST_PASSWORD }],
    ];
    for (const [method, url, body] of routes) {
      expect((await api.call<Json>(method, url, null, body)).status, `${method} ${url}`).toBe(401);
      const staff = await api.call<Json>(method, url, { cookie: moderatorCookie }, body);
      expect(staff.status, `${method} ${url}`).toBe(403);
    }
  });
});

describe('POST /api/me/update', () => {
  it("changes the caller's profile (JSON) and no one else's; the e-mail address stays", async () => {
    const before = await api.call<Json>('GET', '/api/me', { token: markoToken });
    const answer = await api.call<Json>(
      'POST',
      '/api/me/update',
      { token: anaToken },
      { ...profileForm({ details: 'Peglam i čistim.', email: 'otmica@example.test' }) },
      newKey(),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      id: ana.id,
      name: 'Ana',
      last_name: 'Anić',
      details: 'Peglam i čistim.',
      phone: '+382 67 111 222',
      email: 'ana.clan@example.test',
      credit: 35,
    });
    expect((await api.call<Json>('GET', '/api/me', { token: anaToken })).body).toEqual(answer.body);
    // The other member's profile is as it was.
    expect((await api.call<Json>('GET', '/api/me', { token: markoToken })).body).toEqual(before.body);
  });

  it("applies the user form's rules: a company gives address and PIB; a taken username is a 409", async () => {
    const company = await api.call<Json>(
      'POST',
      '/api/me/update',
      { token: anaToken },
      profileForm({ user_type_id: USER_TYPE.company }),
    );
    expect(company.status).toBe(422);
    expect(company.body.errors).toEqual({ address: ['Obavezno polje.'], pib: ['Obavezno polje.'] });
    const taken = await api.call<Json>(
      'POST',
      '/api/me/update',
      { token: anaToken },
      profileForm({ username: 'MARKO.clan' }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ username: ['Korisnik sa ovim korisničkim imenom već postoji.'] });
    const asCompany = await api.call<Json>(
      'POST',
      '/api/me/update',
      { token: anaToken },
      profileForm({
        user_type_id: USER_TYPE.company,
        address: 'Njegoševa 1, Podgorica',
        pib: '02345678',
        username: 'ana.doo',
      }),
    );
    expect(asCompany.status, JSON.stringify(asCompany.body)).toBe(200);
    expect(asCompany.body).toMatchObject({
      username: 'ana.doo',
      address: 'Njegoševa 1, Podgorica',
      pib: '02345678',
      user_types: { id: USER_TYPE.company },
    });
    // The new username signs in.
    expect((await login('ana.doo')).access_token).toMatch(/\S{20,}/);
  });

  it('refuses a move to an inactive user type, and an unknown one', async () => {
    const [inactive] = await t.db
      .insert(userTypes)
      .values({ name: 'Ugašeni tip', is_active: false })
      .returning({ id: userTypes.id });
    for (const user_type_id of [inactive?.id, 987654]) {
      const answer = await api.call<Json>(
        'POST',
        '/api/me/update',
        { token: markoToken },
        { ...profileForm({ username: 'marko.clan', user_type_id }) },
      );
      expect(answer.status, String(user_type_id)).toBe(422);
      expect(Object.keys(answer.body.errors as Json)).toEqual(['user_type_id']);
    }
  });

  it('refuses a stale version with 409 and the current profile, writing nothing', async () => {
    const read = await api.call<Json>('GET', '/api/me', { token: markoToken });
    const first = await api.call<Json>(
      'POST',
      '/api/me/update',
      { token: markoToken },
      { ...profileForm({ username: 'marko.clan', name: 'Marko' }), updated_at: read.body.updated_at },
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const stale = await api.call<Json>(
      'POST',
      '/api/me/update',
      { token: markoToken },
      {
        ...profileForm({ username: 'marko.clan', name: 'Zakasnjeli' }),
        updated_at: read.body.updated_at,
      },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Neko je u međuvremenu izmijenio ovaj zapis/);
    expect(stale.body.current).toEqual(first.body);
    expect((await api.call<Json>('GET', '/api/me', { token: markoToken })).body).toEqual(first.body);
    // A change of the balance is a new version too: a form read before it is stale.
    await credit(t.db, marko.id, 3, 'Dopuna');
    const afterCredit = await api.call<Json>(
      'POST',
      '/api/me/update',
      { token: markoToken },
      formOf({
        ...stringsOf(profileForm({ username: 'marko.clan' })),
        updated_at: String(first.body.updated_at),
      }),
    );
    expect(afterCredit.status).toBe(409);
    expect(afterCredit.body.current).toMatchObject({ credit: 10 });
  });

  it('takes an image (multipart) through the upload mechanism and removes the one it replaces', async () => {
    const fields = stringsOf(profileForm({ username: 'marko.clan', name: 'Marko' }));
    const first = await api.call<Json>(
      'POST',
      '/api/me/update',
      { token: markoToken },
      formOf(fields, { image_file: await smallPng() }),
      newKey(),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstUrl = String(first.body.image_url);
    expect(firstUrl).toMatch(/^\/api\/image\/user_images\/[0-9a-f-]{36}\.png$/);
    expect((await fetch(`${api.base}${firstUrl}`)).status).toBe(200);
    const firstFile = path.basename(firstUrl);
    expect(uploadsIn('user_images')).toContain(firstFile);

    const second = await api.call<Json>(
      'POST',
      '/api/me/update',
      { token: markoToken },
      formOf({ ...fields, updated_at: String(first.body.updated_at) }, { image_file: await smallPng() }),
    );
    expect(second.status).toBe(200);
    const secondFile = path.basename(String(second.body.image_url));
    expect(secondFile).not.toBe(firstFile);
    expect(uploadsIn('user_images')).toContain(secondFile);
    expect(uploadsIn('user_images')).not.toContain(firstFile);
    // A form without an image keeps the one there is.
    const noImage = await api.call<Json>('POST', '/api/me/update', { token: markoToken }, formOf(fields));
    expect(noImage.body.image_url).toBe(second.body.image_url);
    // Ana's profile has no image of Marko's.
    expect((await api.call<Json>('GET', '/api/me', { token: anaToken })).body.image_url).toBeNull();
  });
});

/** Form fields as multipart sends them: text. */
function stringsOf(values: Json): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}

describe('POST /api/me/ledger', () => {
  type Ledger = { result: Json[]; total_rows: number; total_rows_exact: boolean };

  it("pages the caller's own entries newest first, each member's with their own total", async () => {
    const anas = await api.call<Json>('POST', '/api/me/ledger', { token: anaToken }, {});
    expect(anas.status).toBe(200);
    const ledger = anas.body as unknown as Ledger;
    expect(ledger.total_rows).toBe(3);
    expect(ledger.total_rows_exact).toBe(true);
    expect(ledger.result.map((row) => [row.description, row.credit_amount, row.credit_state])).toEqual([
      ['Povrat kredita', 5, 35],
      ['Kontakt oglasa', -20, 30],
      ['Dopuna kredita', 50, 50],
    ]);
    expect(Object.keys(ledger.result[0] ?? {}).sort()).toEqual(
      ['credit_amount', 'credit_state', 'description', 'id', 'lead_id', 'updated_at'].sort(),
    );
    // The same request by another member, at once: not Ana's total kept a moment ago.
    const markos = (await api.call<Json>('POST', '/api/me/ledger', { token: markoToken }, {}))
      .body as unknown as Ledger;
    expect(markos.total_rows).toBe(2);
    expect(markos.result.map((row) => row.description)).toEqual(['Dopuna', 'Dopuna za Marka']);

    const page = (await api.call<Json>(
      'POST',
      '/api/me/ledger',
      { token: anaToken },
      { options: { page: 2, itemsPerPage: 2 } },
    )) as unknown as { body: Ledger };
    expect(page.body.result.map((row) => row.description)).toEqual(['Dopuna kredita']);
    expect(page.body.total_rows).toBe(3);
  });

  it("cannot be widened to another member's entries by a filter", async () => {
    const byUser = await api.call<Json>(
      'POST',
      '/api/me/ledger',
      { token: anaToken },
      { filters: { user_id: marko.id } },
    );
    expect(byUser.status).toBe(422);
    const [markoEntry] = await t.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.user_id, marko.id));
    const byDescription = await api.call<Json>(
      'POST',
      '/api/me/ledger',
      { token: anaToken },
      { filters: { description: 'Marka' } },
    );
    expect((byDescription.body as unknown as Ledger).result).toEqual([]);
    expect(markoEntry).toBeDefined();
  });
});

describe('POST /api/me/change-password', () => {
  it('refuses a wrong current password on the field and changes nothing', async () => {
    const wrong = await api.call<Json>(
      'POST',
      '/api/me/change-password',
      { token: markoToken },
      { password: 'pogresna-lozinka', new_password: 'Nova-Lozinka-1' },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ password: ['Pogrešna lozinka.'] });
    const short = await api.call<Json>(
      'POST',
      '/api/me/change-password',
      { token: markoToken },
      { password: TEST_PASSWORD, new_password: 'kratka' },
    );
    expect(short.status).toBe(422);
    expect(Object.keys(short.body.errors as Json)).toEqual(['new_password']);
    expect((await login('marko.clan')).access_token).toBeTruthy();
  });

  it('ends every other session of the member at once and keeps the current one', async () => {
    const phone = await login('marko.clan');
    const tablet = await login('marko.clan');
    const web = await t.signIn('marko.clan');
    const others = await login('ana.doo');
    const key = newKey();
    const body = { password: TEST_PASSWORD, new_password: 'Nova-Lozinka-1' };
    const changed = await api.call<Json>(
      'POST',
      '/api/me/change-password',
      { token: phone.access_token },
      body,
      key,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.message).toMatch(/^Lozinka je promijenjena\. Ostali ste prijavljeni ovdje/);
    expect((await api.call<Json>('GET', '/api/me', { token: phone.access_token })).status).toBe(200);
    expect((await api.call<Json>('GET', '/api/me', { token: tablet.access_token })).status).toBe(401);
    expect((await api.call<Json>('GET', '/api/me', { token: markoToken })).status).toBe(401);
    expect((await api.call<Json>('GET', '/api/user', { cookie: web })).status).toBe(401);
    const refreshed = await api.call<Json>('POST', '/api/refresh-token', null, {
      refresh_token: tablet.refresh_token,
    });
    expect(refreshed.status).toBe(401);
    // Another member's session is untouched.
    expect((await api.call<Json>('GET', '/api/me', { token: others.access_token })).status).toBe(200);
    // The same request again (a retry) answers the same, though the old password no longer works.
    const replay = await api.call<Json>(
      'POST',
      '/api/me/change-password',
      { token: phone.access_token },
      body,
      key,
    );
    expect(replay).toMatchObject({ status: 200, body: changed.body });
    expect(
      (await api.call<Json>('POST', '/api/login', null, { username: 'marko.clan', password: TEST_PASSWORD }))
        .status,
    ).toBe(401);
    markoToken = (await login('marko.clan', 'Nova-Lozinka-1')).access_token;
  });

  it('counts wrong passwords against the sign-in limits: a 429 with Retry-After', async () => {
    const limited = await createTestApp({
      loginLimits: { perIp: 100, perUsername: 2, windowMs: 60_000 },
    });
    try {
      await createUser(limited.db, { username: 'clan.pogadja', roleIds: [ROLE.member] });
      const signIn = await limited.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'clan.pogadja', password: TEST_PASSWORD },
      });
      const token = signIn.json().access_token as string;
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/me/change-password',
          headers: { authorization: `Bearer ${token}` },
          payload: { password: 'pogadjam-1', new_password: 'Nova-Lozinka-1' },
        });
      const answers = [await attempt(), await attempt(), await attempt()];
      expect(answers.map((answer) => answer.statusCode)).toEqual([422, 422, 429]);
      expect(Number(answers[2]?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/me/delete', () => {
  it("closes only the caller's account: personal data, image and sessions go, the ledger stays", async () => {
    const wrong = await api.call<Json>(
      'POST',
      '/api/me/delete',
      { token: markoToken },
      { password: TEST_PASSWORD },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ password: ['Pogrešna lozinka.'] });
    const image = path.basename(
      String((await api.call<Json>('GET', '/api/me', { token: markoToken })).body.image_url),
    );
    expect(uploadsIn('user_images')).toContain(image);

    const closed = await api.call<Json>(
      'POST',
      '/api/me/delete',
      { token: markoToken },
      { password: 'Nova-Lozinka-1' },
      newKey(),
    );
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.message).toBe('Nalog je obrisan.');
    expect((await api.call<Json>('GET', '/api/me', { token: markoToken })).status).toBe(401);
    expect(
      (
        await api.call<Json>('POST', '/api/login', null, {
          username: 'marko.clan',
          password: 'Nova-Lozinka-1',
        })
      ).status,
    ).toBe(401);
    expect(uploadsIn('user_images')).not.toContain(image);
    const [row] = await t.db
      .select({
        name: users.name,
        email: users.email,
        phone: users.phone,
        isActive: users.is_active,
        credit: users.credit,
      })
      .from(users)
      .where(eq(users.id, marko.id));
    expect(row).toEqual({
      name: 'Obrisan korisnik',
      email: `obrisan-${marko.id}@obrisan.invalid`,
      phone: null,
      isActive: false,
      credit: 10,
    });
    const ledger = await t.db
      .select({ description: transactions.description })
      .from(transactions)
      .where(eq(transactions.user_id, marko.id))
      .orderBy(asc(transactions.id));
    expect(ledger.map((entry) => entry.description)).toEqual(['Dopuna za Marka', 'Dopuna']);
    // Ana is still there.
    expect((await api.call<Json>('GET', '/api/me', { token: anaToken })).body).toMatchObject({
      id: ana.id,
      credit: 35,
    });
  });
});

describe('the API document', () => {
  it('lists each profile route under the member tag with the bearer scheme, a summary and a description', async () => {
    await expectMemberRoutesDocumented(api, [
      ['/api/me', 'get'],
      ['/api/me/update', 'post'],
      ['/api/me/change-password', 'post'],
      ['/api/me/ledger', 'post'],
      ['/api/me/delete', 'post'],
    ]);
  });
});
