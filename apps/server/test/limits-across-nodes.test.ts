import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginLimits } from '../src/auth/login-limiter.ts';
import type { LimitStore } from '../src/limits/limit-store.ts';
import { createRedisLimitStore } from '../src/limits/redis-limit-store.ts';
import { createTestApp, createUser, ROLE, TEST_PASSWORD, type TestApp } from './helpers/test-app.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const WRONG = 'pogresna-lozinka';
const LIMITS: LoginLimits = { perIp: 5, perUsername: 3, perAccount: 50, windowMs: 600_000 };
const ACCOUNT_ENV = { ACCOUNT_MAX_REQUESTS_PER_ADDRESS: '3', ACCOUNT_MAX_REQUESTS_PER_IP: '1000' };

type Nodes = { a: TestApp; b: TestApp; close: () => Promise<void> };

/**
 * Two app instances on one database, as two nodes behind a balancer: their limits count in the
 * database, or in one Redis (a store per node, keys under a prefix of this run).
 */
const WHERE: [string, () => Promise<Nodes>][] = [
  [
    'the database',
    async () => {
      const a = await createTestApp({ loginLimits: LIMITS, env: ACCOUNT_ENV });
      const b = await createTestApp({ loginLimits: LIMITS, env: ACCOUNT_ENV, handle: a.handle });
      return {
        a,
        b,
        close: async () => {
          await b.close();
          await a.close();
        },
      };
    },
  ],
  [
    'Redis',
    async () => {
      const prefix = `usluge-test:${randomBytes(6).toString('hex')}:`;
      const stores: LimitStore[] = [0, 1].map(() => createRedisLimitStore({ url: REDIS_URL, prefix }));
      const a = await createTestApp({ loginLimits: LIMITS, env: ACCOUNT_ENV, limitStore: stores[0] });
      const b = await createTestApp({
        loginLimits: LIMITS,
        env: ACCOUNT_ENV,
        limitStore: stores[1],
        handle: a.handle,
      });
      return {
        a,
        b,
        close: async () => {
          await b.close();
          await a.close();
          await stores[0]?.clearPrefix('');
          await Promise.all(stores.map((store) => store.close()));
        },
      };
    },
  ],
];

describe.each(WHERE)('limits shared by two nodes, counted in %s', (_where, open) => {
  let nodes: Nodes;
  let admin: string;
  beforeAll(async () => {
    nodes = await open();
    await createUser(nodes.a.db, { username: 'head', roleIds: [ROLE.administrator] });
    await createUser(nodes.a.db, { username: 'one.node', roleIds: [ROLE.administrator] });
    await createUser(nodes.a.db, { username: 'two.nodes', roleIds: [ROLE.administrator] });
    admin = await nodes.a.signIn('head');
  });
  afterAll(() => nodes.close());

  const signIn = (t: TestApp, username: string, password: string, ip: string) =>
    t.request({ method: 'POST', url: '/api/loginWeb', payload: { username, password }, remoteAddress: ip });
  /** Guesses until refused; the statuses of each, on the nodes given in turn. */
  async function guessUntilHeld(on: TestApp[], username: string, ip: string) {
    const statuses: number[] = [];
    for (let i = 0; statuses.at(-1) !== 429 && i < 10; i++)
      statuses.push((await signIn(on[i % on.length] as TestApp, username, WRONG, ip)).statusCode);
    return statuses;
  }

  it('holds a username back after the same failures alternating between nodes as on one', async () => {
    const onOne = await guessUntilHeld([nodes.a], 'one.node', '203.0.113.21');
    const onTwo = await guessUntilHeld([nodes.a, nodes.b], 'two.nodes', '203.0.113.22');
    expect(onOne).toEqual([401, 401, 401, 429]);
    expect(onTwo).toEqual(onOne);
    const held = await signIn(nodes.b, 'two.nodes', TEST_PASSWORD, '203.0.113.22');
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
  });

  it('lifts the hold on every node when one of them unlocks', async () => {
    await guessUntilHeld([nodes.b], 'two.nodes', '203.0.113.23');
    const [user] = await nodes.a.db.query.users.findMany({
      where: (u, { eq }) => eq(u.username, 'two.nodes'),
    });
    const unlock = await nodes.a.request({
      method: 'POST',
      url: `/api/users/unlock/${user?.id}`,
      cookie: admin,
    });
    expect(unlock.json()).toMatchObject({ was_locked: true });
    expect((await signIn(nodes.b, 'two.nodes', TEST_PASSWORD, '203.0.113.23')).statusCode).toBe(200);
    expect((await signIn(nodes.b, 'two.nodes', TEST_PASSWORD, '203.0.113.22')).statusCode).toBe(200);
  });

  it('admits exactly the per-address limit of attempts sent at once to both nodes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signIn(i % 2 ? nodes.a : nodes.b, `nobody${i}`, WRONG, '198.51.100.77'),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBe(LIMITS.perIp);
    expect(statuses.filter((status) => status === 429).length).toBe(30 - LIMITS.perIp);
    expect(answers.every((answer) => answer.statusCode !== 429 || answer.headers['retry-after'])).toBe(true);
  });

  it('counts the account calls of an address on both nodes together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await (i % 2 ? nodes.a : nodes.b).request({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: 'shared.limit@primjer.me' },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('REDIS_URL', () => {
  it('makes an app count its limits in Redis, under usluge:limits:', async () => {
    const username = `redis.${randomBytes(4).toString('hex')}`;
    const ip = `192.0.2.${1 + ((randomBytes(1)[0] ?? 0) % 250)}`;
    const t = await createTestApp({ env: { REDIS_URL } });
    const redis = new Redis(REDIS_URL);
    const keys = [`usluge:limits:login:ip:${ip}`, `usluge:limits:login:user:${username}:all`];
    try {
      const answer = await t.request({
        method: 'POST',
        url: '/api/loginWeb',
        payload: { username, password: WRONG },
        remoteAddress: ip,
      });
      expect(answer.statusCode).toBe(401);
      expect(await redis.hget(keys[1] as string, 'count')).toBe('1');
      expect(Number(await redis.hget(keys[0] as string, 'count'))).toBeGreaterThanOrEqual(1);
    } finally {
      await redis.del(...keys, `usluge:limits:login:user:${username}:ip:${ip}`);
      redis.disconnect();
      await t.close();
    }
  });

  it('answers a sign-in 503 with Retry-After and a message in the language asked for while Redis is out of reach, and signs nobody in', async () => {
    // Nothing listens on port 1: every attempt to reach Redis is refused.
    const t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      await createUser(t.db, { username: 'redis-away', roleIds: [ROLE.administrator] });
      const answer = await t.request({
        method: 'POST',
        url: '/api/loginWeb',
        payload: { username: 'redis-away', password: TEST_PASSWORD },
        headers: { 'accept-language': 'en' },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('60');
      expect(answer.json()).toEqual({
        message: 'The service is unavailable for the moment. Try again in a minute.',
      });
      expect(answer.headers['set-cookie']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
