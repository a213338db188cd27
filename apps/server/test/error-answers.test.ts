import type { Language } from '@usluge/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries } from '../src/db/schema/index.ts';
import { AppError } from '../src/http/errors.ts';
import { type MessageKey, translate } from '../src/http/messages.ts';
import { createHttpClient, type HttpAnswer, listenOnFreePort, sendRaw } from './helpers/http-client.ts';
import { createTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';

const JSON_UTF8 = 'application/json; charset=utf-8';

let t: TestApp;
let port: number;
let send: ReturnType<typeof createHttpClient>;
let adminCookie: string;
let moderatorCookie: string;

beforeAll(async () => {
  t = await createTestApp({
    // One failed sign-in per username, so that the second attempt is a 429.
    loginLimits: { perIp: 1000, perUsername: 1, windowMs: 60_000 },
    beforeReady: (app) => {
      app.get('/api/test/fails', { config: { access: 'public' } }, async () => {
        throw new Error('secret internals: select * from users');
      });
      app.get(
        '/api/test/fails-after-choosing-headers',
        { config: { access: 'public' } },
        async (_, reply) => {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
          reply.header('Content-Disposition', 'attachment; filename="report.pdf"');
          reply.header('Content-Encoding', 'gzip');
          reply.type('application/pdf');
          throw new AppError(404, 'not_found');
        },
      );
      // The database shutting down under a query, as Drizzle reports it (the driver's error its cause).
      app.get('/api/test/database-away', { config: { access: 'public' } }, async () => {
        const driverError = Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        });
        throw new Error('Failed query: select 1', { cause: driverError });
      });
      app.get('/api/test/database-unreachable', { config: { access: 'public' } }, async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      });
      app.get('/api/test/cached', { config: { access: 'public' } }, async (_, reply) =>
        reply.header('Cache-Control', 'public, max-age=60').send({ is_cached: true }),
      );
    },
  });
  await createUser(t.db, { username: 'filler', roleIds: [] });
  await createUser(t.db, { username: 'chief', roleIds: [ROLE.administrator] });
  await createUser(t.db, { username: 'mod', roleIds: [ROLE.moderator] });
  adminCookie = await t.signIn('chief');
  moderatorCookie = await t.signIn('mod');
  await t.db.insert(countries).values({ name: 'Zemlja', code: 'ZZ' });
  port = await listenOnFreePort(t.app);
  send = createHttpClient(port);
});
afterAll(() => t.close());

/** Asserts what every error answer is: JSON in UTF-8, never cached, nothing but the product's texts. */
function expectErrorAnswer(answer: HttpAnswer, status: number, message: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe(JSON_UTF8);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  const body = answer.json() as Record<string, unknown>;
  expect(body.message).toBe(message);
  return body;
}

type ErrorCase = {
  name: string;
  status: number;
  key: MessageKey;
  params?: Record<string, string>;
  /** Keys of the body besides `message`. */
  extraKeys?: string[];
  request: (lang: Language) => Promise<HttpAnswer>;
};

const langHeader = (lang: Language) => ({ 'accept-language': lang === 'en' ? 'en-GB,en;q=0.9' : 'sr-ME' });

const CASES: ErrorCase[] = [
  {
    name: 'body that is not JSON',
    status: 400,
    key: 'invalid_json',
    request: (lang) =>
      send({
        method: 'POST',
        path: '/api/loginWeb',
        body: '{"username": ',
        headers: { 'content-type': 'application/json', ...langHeader(lang) },
      }),
  },
  {
    name: 'empty JSON body',
    status: 400,
    key: 'invalid_json',
    request: (lang) =>
      send({
        method: 'POST',
        path: '/api/loginWeb',
        headers: { 'content-type': 'application/json', 'content-length': '0', ...langHeader(lang) },
      }),
  },
  {
    name: 'malformed URL (refused before routing)',
    status: 400,
    key: 'bad_url',
    request: (lang) => send({ path: '/api/users/%zz', headers: langHeader(lang) }),
  },
  {
    name: 'not signed in',
    status: 401,
    key: 'unauthorized',
    request: (lang) => send({ path: '/api/user', headers: langHeader(lang) }),
  },
  {
    name: 'a role that may not',
    status: 403,
    key: 'forbidden',
    request: (lang) =>
      send({
        method: 'POST',
        path: '/api/users/index',
        body: '{}',
        headers: { 'content-type': 'application/json', cookie: moderatorCookie, ...langHeader(lang) },
      }),
  },
  {
    name: 'a request from another site',
    status: 403,
    key: 'cross_site',
    request: (lang) =>
      send({
        method: 'POST',
        path: '/api/users/index',
        body: '{}',
        headers: {
          'content-type': 'application/json',
          cookie: adminCookie,
          origin: 'https://evil.example',
          ...langHeader(lang),
        },
      }),
  },
  {
    name: 'unknown API path',
    status: 404,
    key: 'route_not_found',
    params: { path: '/api/nowhere' },
    request: (lang) => send({ path: '/api/nowhere', headers: langHeader(lang) }),
  },
  {
    name: 'unknown record',
    status: 404,
    key: 'not_found',
    request: (lang) =>
      send({
        path: '/api/image/users/nothing-here.png',
        headers: { cookie: adminCookie, ...langHeader(lang) },
      }),
  },
  {
    name: 'a duplicate (conflict on a field)',
    status: 409,
    key: 'conflict_country_code',
    extraKeys: ['errors'],
    request: (lang) =>
      send({
        method: 'POST',
        path: '/api/os_countries/store',
        body: JSON.stringify({ name: `Druga ${lang}`, code: 'ZZ' }),
        headers: { 'content-type': 'application/json', cookie: adminCookie, ...langHeader(lang) },
      }),
  },
  {
    name: 'a body over the limit',
    status: 413,
    key: 'payload_too_large',
    request: (lang) =>
      send({
        method: 'POST',
        path: '/api/users/index',
        body: JSON.stringify({ filters: { name: 'a'.repeat(1024 * 1024 + 1) } }),
        headers: { 'content-type': 'application/json', cookie: adminCookie, ...langHeader(lang) },
      }),
  },
  {
    name: 'a path parameter over the length limit',
    status: 414,
    key: 'url_too_long',
    request: (lang) => send({ path: `/api/image/users/${'a'.repeat(300)}`, headers: langHeader(lang) }),
  },
  {
    name: 'an unsupported content type',
    status: 415,
    key: 'unsupported_media_type',
    request: (lang) =>
      send({
        method: 'POST',
        path: '/api/loginWeb',
        body: '<login/>',
        headers: { 'content-type': 'text/xml', ...langHeader(lang) },
      }),
  },
  {
    name: 'invalid data',
    status: 422,
    key: 'validation_failed',
    extraKeys: ['errors'],
    request: (lang) =>
      send({
        method: 'POST',
        path: '/api/users/index',
        body: JSON.stringify({ options: { sortBy: Array.from({ length: 11 }, (_, i) => `c${i}`) } }),
        headers: { 'content-type': 'application/json', cookie: adminCookie, ...langHeader(lang) },
      }),
  },
  {
    name: 'too many sign-in attempts (sign-in failures also carry `error`)',
    status: 429,
    key: 'too_many_attempts',
    params: { minutes: '1' },
    extraKeys: ['error'],
    request: async (lang) => {
      const attempt = () =>
        send({
          method: 'POST',
          path: '/api/loginWeb',
          body: JSON.stringify({ username: `guessed-${lang}`, password: 'wrong-password' }),
          headers: { 'content-type': 'application/json', ...langHeader(lang) },
        });
      expect((await attempt()).status).toBe(401);
      return attempt();
    },
  },
  {
    name: 'a fault on the server',
    status: 500,
    key: 'internal',
    request: (lang) => send({ path: '/api/test/fails', headers: langHeader(lang) }),
  },
];

describe('error answers over HTTP', () => {
  for (const lang of ['me', 'en'] as const) {
    it.each(CASES)(`$status for $name: JSON {message} in ${lang}`, async (errorCase) => {
      const answer = await errorCase.request(lang);
      const body = expectErrorAnswer(
        answer,
        errorCase.status,
        translate(errorCase.key, lang, errorCase.params),
      );
      expect(Object.keys(body).sort()).toEqual(['message', ...(errorCase.extraKeys ?? [])].sort());
    });
  }

  it('words them in Montenegrin unless English is asked for', async () => {
    const answer = await send({ path: '/api/users/%zz' });
    expectErrorAnswer(answer, 400, 'Adresa zahtjeva nije ispravna.');
    const english = await send({ path: '/api/users/%zz', headers: { 'accept-language': 'en' } });
    expectErrorAnswer(english, 400, 'The request address is not valid.');
    const validation = await send({
      method: 'POST',
      path: '/api/users/index',
      body: JSON.stringify({ options: { sortBy: Array.from({ length: 11 }, (_, i) => `c${i}`) } }),
      headers: { 'content-type': 'application/json', cookie: adminCookie, 'accept-language': 'en' },
    });
    expect(validation.json()).toEqual({
      message: 'The data is not valid.',
      errors: { 'options.sortBy': ['A list can be sorted by at most 10 columns.'] },
    });
  });

  it('sends no internals with a 500', async () => {
    const answer = await send({ path: '/api/test/fails' });
    expect(answer.body.toString()).not.toMatch(/secret|select|stack/i);
  });

  it('answers 503 with Retry-After while the database is out of reach, in the language asked for', async () => {
    for (const path of ['/api/test/database-away', '/api/test/database-unreachable']) {
      const answer = await send({ path, headers: { 'accept-language': 'en' } });
      expectErrorAnswer(answer, 503, 'The service is unavailable for the moment. Try again in a minute.');
      expect(answer.headers['retry-after']).toBe('60');
      expect(answer.body.toString()).not.toMatch(/terminating|ECONNREFUSED|5432/);
    }
    const montenegrin = await send({ path: '/api/test/database-away' });
    expectErrorAnswer(montenegrin, 503, 'Usluga je trenutno nedostupna. Pokušajte ponovo za minut.');
  });

  it('answers requests Node cannot parse with JSON too', async () => {
    const malformed = await sendRaw(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(malformed).toContain(`Content-Type: ${JSON_UTF8}`);
    expect(malformed.split('\r\n\r\n')[1]).toBe(JSON.stringify({ message: 'Neispravan zahtjev.' }));

    const hugeHeaders = await sendRaw(
      port,
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(hugeHeaders).toMatch(/^HTTP\/1\.1 431 /);
    expect(hugeHeaders).toContain(`Content-Type: ${JSON_UTF8}`);
    expect(hugeHeaders.split('\r\n\r\n')[1]).toBe(
      JSON.stringify({ message: 'Zaglavlja zahtjeva su prevelika.' }),
    );
  });

  it('drops what the route chose for its own answer: type, file name, encoding, caching', async () => {
    const answer = await send({ path: '/api/test/fails-after-choosing-headers' });
    expectErrorAnswer(answer, 404, 'Traženi resurs ne postoji.');
    expect(answer.headers['content-disposition']).toBeUndefined();
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});

describe('caching of API answers', () => {
  it('keeps signed-in JSON out of caches', async () => {
    const answer = await send({ path: '/api/user', headers: { cookie: adminCookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe(JSON_UTF8);
    expect(answer.headers['cache-control']).toBe('no-store');
    const list = await send({
      method: 'POST',
      path: '/api/os_countries/index',
      body: '{}',
      headers: { 'content-type': 'application/json', cookie: adminCookie },
    });
    expect(list.headers['cache-control']).toBe('no-store');
    expect((await send({ path: '/api/health' })).headers['cache-control']).toBe('no-store');
  });

  it('leaves the caching a route chose itself', async () => {
    const answer = await send({ path: '/api/test/cached' });
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('cross-site check by Referer', () => {
  const post = (headers: Record<string, string>) =>
    send({
      method: 'POST',
      path: '/api/os_countries/index',
      body: '{}',
      headers: {
        'content-type': 'application/json',
        cookie: adminCookie,
        host: 'localhost:3000',
        ...headers,
      },
    });

  it('refuses a request whose only browser header is a Referer from another site', async () => {
    const answer = await post({ referer: 'https://evil.example/page' });
    expectErrorAnswer(answer, 403, 'Zahtjev sa drugog sajta je odbijen.');
    expect((await post({ referer: 'not a url' })).status).toBe(403);
    // Same host, other scheme or port: another origin.
    expect((await post({ referer: 'http://localhost:3001/admin' })).status).toBe(403);
  });

  it('lets through a same-origin Referer, and requests with no browser headers at all', async () => {
    expect((await post({ referer: 'http://localhost:3000/admin/countries' })).status).toBe(200);
    expect((await post({})).status).toBe(200);
  });

  it('goes by Origin or Sec-Fetch-Site when they are there', async () => {
    const sameOrigin = { origin: 'http://localhost:3000', referer: 'https://evil.example/' };
    expect((await post(sameOrigin)).status).toBe(200);
    expect((await post({ 'sec-fetch-site': 'same-origin', referer: 'https://evil.example/' })).status).toBe(
      200,
    );
  });
});
