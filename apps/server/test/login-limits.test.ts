import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoginLimits } from '../src/auth/login-limiter.ts';
import { createTestApp, createUser, ROLE, TEST_PASSWORD, type TestUser } from './helpers/test-app.ts';

const WRONG = 'pogresna-lozinka';

/** A server whose sign-in limits run on a clock the test moves (their counters in its database). */
async function limitedApp(limits: LoginLimits) {
  const clock = { now: 1_750_000_000_000 };
  const t = await createTestApp({ loginLimits: limits, limitClock: () => clock.now });
  const signIn = (username: string, password: string, ip: string, lang = 'me') =>
    t.request({
      method: 'POST',
      url: '/api/loginWeb',
      payload: { username, password },
      remoteAddress: ip,
      headers: { 'accept-language': lang },
    });
  return { t, clock, signIn };
}

describe('sign-in failures are counted per username and address', () => {
  let app: Awaited<ReturnType<typeof limitedApp>>;
  beforeAll(async () => {
    app = await limitedApp({ perIp: 100, perUsername: 3, perAccount: 50, windowMs: 15 * 60_000 });
    await createUser(app.t.db, { username: 'filler', roleIds: [] });
    await createUser(app.t.db, { username: 'boss', roleIds: [ROLE.administrator] });
  });
  afterAll(() => app.t.close());

  it('wrong guesses from one address do not lock the account for another address', async () => {
    for (let i = 0; i < 3; i++) expect((await app.signIn('boss', WRONG, '203.0.113.7')).statusCode).toBe(401);
    const blocked = await app.signIn('boss', TEST_PASSWORD, '203.0.113.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    expect(blocked.json().error).toBe(
      'Previše pokušaja prijave. Pokušajte ponovo za 15 min. Administrator može i odmah otključati vašu prijavu.',
    );

    // The owner, elsewhere, still gets to try, and in.
    expect((await app.signIn('BOSS', WRONG, '198.51.100.20')).statusCode).toBe(401);
    expect((await app.signIn('boss', TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
    // The guessing address stays locked until the window ends.
    expect((await app.signIn('boss', TEST_PASSWORD, '203.0.113.7')).statusCode).toBe(429);
    app.clock.now += 15 * 60_000;
    expect((await app.signIn('boss', TEST_PASSWORD, '203.0.113.7')).statusCode).toBe(200);
  });

  it('says how long the wait is, rounded up to minutes, in English too', async () => {
    for (let i = 0; i < 3; i++) await app.signIn('filler', WRONG, '203.0.113.8');
    app.clock.now += 13 * 60_000 + 1000;
    const blocked = await app.signIn('filler', WRONG, '203.0.113.8', 'en');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('119');
    expect(blocked.json()).toEqual({
      error:
        'Too many sign-in attempts. Try again in 2 min. An administrator can also unlock your sign-in right away.',
      message:
        'Too many sign-in attempts. Try again in 2 min. An administrator can also unlock your sign-in right away.',
    });
  });
});

describe('the per-address attempt limit', () => {
  it('still holds for every username, and says it is the address', async () => {
    const app = await limitedApp({ perIp: 2, perUsername: 100, windowMs: 60_000 });
    try {
      expect((await app.signIn('a1', WRONG, '192.0.2.1')).statusCode).toBe(401);
      expect((await app.signIn('a2', WRONG, '192.0.2.1')).statusCode).toBe(401);
      const blocked = await app.signIn('a3', WRONG, '192.0.2.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('60');
      expect(blocked.json().error).toBe('Previše pokušaja prijave sa ove adrese. Pokušajte ponovo za 1 min.');
      expect((await app.signIn('a3', WRONG, '192.0.2.2')).statusCode).toBe(401);
    } finally {
      await app.t.close();
    }
  });
});

describe('the per-username ceiling across all addresses', () => {
  let app: Awaited<ReturnType<typeof limitedApp>>;
  afterEach(() => app.t.close());

  it('makes each further attempt wait longer, doubling up to the window', async () => {
    app = await limitedApp({
      perIp: 1000,
      perUsername: 3,
      perAccount: 4,
      firstDelayMs: 1000,
      windowMs: 60_000,
    });
    await createUser(app.t.db, { username: 'target', roleIds: [ROLE.administrator] });
    let address = 0;
    const fromNewAddress = (password: string) => app.signIn('target', password, `10.0.0.${++address}`);

    // Spread over many addresses, the first four failures pass as wrong passwords.
    for (let i = 0; i < 4; i++) expect((await fromNewAddress(WRONG)).statusCode).toBe(401);
    // The fifth is past the ceiling: it is answered, and the next attempt waits 1 s, then 2, 4 …
    const waits: string[] = [];
    for (let i = 0; i < 8; i++) {
      expect((await fromNewAddress(WRONG)).statusCode).toBe(401);
      const held = await fromNewAddress(TEST_PASSWORD);
      expect(held.statusCode).toBe(429);
      waits.push(String(held.headers['retry-after']));
      app.clock.now += Number(held.headers['retry-after']) * 1000;
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '60', '60']);

    // After the wait the right password gets in, from any address.
    expect((await fromNewAddress(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('forgets the failures when a window passes without one after the wait', async () => {
    app = await limitedApp({
      perIp: 1000,
      perUsername: 3,
      perAccount: 2,
      firstDelayMs: 5000,
      windowMs: 60_000,
    });
    await createUser(app.t.db, { username: 'quiet', roleIds: [ROLE.administrator] });
    let address = 0;
    const guess = () => app.signIn('quiet', WRONG, `10.1.0.${++address}`);
    for (let i = 0; i < 3; i++) expect((await guess()).statusCode).toBe(401);
    expect((await guess()).statusCode).toBe(429);
    // The wait and almost a window: still counted, so the next failure waits 10 s.
    app.clock.now += 5000 + 59_999;
    expect((await guess()).statusCode).toBe(401);
    expect((await guess()).statusCode).toBe(429);
    // The wait and a whole window: a fresh start, two failures and one more before any wait.
    app.clock.now += 10_000 + 60_000;
    for (let i = 0; i < 3; i++) expect((await guess()).statusCode).toBe(401);
    expect((await guess()).statusCode).toBe(429);
  });
});

describe('POST /api/users/unlock/{id}', () => {
  let app: Awaited<ReturnType<typeof limitedApp>>;
  let locked: TestUser;
  let admin: string;
  let moderator: string;
  beforeAll(async () => {
    app = await limitedApp({
      perIp: 1000,
      perUsername: 2,
      perAccount: 3,
      firstDelayMs: 60_000,
      windowMs: 600_000,
    });
    // Ids that coincide with nothing else: neither a role nor the signed-in administrator's.
    for (const filler of ['f1', 'f2', 'f3', 'f4'])
      await createUser(app.t.db, { username: filler, roleIds: [] });
    await createUser(app.t.db, { username: 'chief', roleIds: [ROLE.administrator] });
    await createUser(app.t.db, { username: 'mod', roleIds: [ROLE.moderator] });
    locked = await createUser(app.t.db, { username: 'Locked.One', roleIds: [ROLE.moderator] });
    admin = await app.t.signIn('chief');
    moderator = await app.t.signIn('mod');
  });
  afterAll(() => app.t.close());

  const unlock = (id: number, cookie: string | undefined, headers: Record<string, string> = {}) =>
    app.t.request({ method: 'POST', url: `/api/users/unlock/${id}`, cookie, headers });

  it('lifts the lock of every address, so the user signs in at once', async () => {
    for (let i = 0; i < 2; i++) await app.signIn('locked.one', WRONG, '203.0.113.50');
    expect((await app.signIn('locked.one', TEST_PASSWORD, '203.0.113.50')).statusCode).toBe(429);

    const answer = await unlock(locked.id, admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      message: 'Prijava korisnika Locked.One je otključana.',
      was_locked: true,
    });
    expect((await app.signIn('locked.one', TEST_PASSWORD, '203.0.113.50')).statusCode).toBe(200);

    const again = await unlock(locked.id, admin, { 'accept-language': 'en' });
    expect(again.json()).toEqual({ message: 'The sign-in of Locked.One was not locked.', was_locked: false });
  });

  it('lifts the wait that failures from many addresses put on the username', async () => {
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) {
      expect((await app.signIn('locked.one', WRONG, ip)).statusCode).toBe(401);
    }
    expect((await app.signIn('locked.one', TEST_PASSWORD, '198.51.100.5')).statusCode).toBe(429);
    expect((await unlock(locked.id, admin)).json().was_locked).toBe(true);
    expect((await app.signIn('locked.one', TEST_PASSWORD, '198.51.100.5')).statusCode).toBe(200);
  });

  it('answers a repeated Idempotency-Key with the first answer; another request with it is a 422', async () => {
    for (let i = 0; i < 2; i++) await app.signIn('locked.one', WRONG, '203.0.113.60');
    const key = { 'idempotency-key': 'unlock-6f1c2d' };
    const [first, second] = await Promise.all([unlock(locked.id, admin, key), unlock(locked.id, admin, key)]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(first.json().was_locked).toBe(true);
    const other = await unlock(locked.id - 1, admin, key);
    expect(other.statusCode).toBe(422);
  });

  it('is in the API document, with its answer and the Idempotency-Key header', async () => {
    const document = (await app.t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const unlockDoc = document.paths['/api/users/unlock/{id}']?.post as {
      parameters: { name: string; in: string }[];
      responses: Record<string, { content: Record<string, { schema: { properties: object } }> }>;
    };
    expect(unlockDoc.parameters.map((p) => `${p.in} ${p.name}`).sort()).toEqual([
      'header idempotency-key',
      'path id',
    ]);
    expect(
      Object.keys(unlockDoc.responses['200']?.content['application/json']?.schema.properties ?? {}),
    ).toEqual(['message', 'was_locked']);
  });

  it('is for administrators only, and 404 for a user who does not exist', async () => {
    expect((await unlock(locked.id, moderator)).statusCode).toBe(403);
    const anonymous = await unlock(locked.id, undefined);
    expect(anonymous.statusCode).toBe(401);
    expect((await unlock(locked.id + 1000, admin)).statusCode).toBe(404);
  });
});
