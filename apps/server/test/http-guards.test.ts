import { type AddressInfo, connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedViews } from '../src/db/schema/index.ts';
import { AppError } from '../src/http/errors.ts';
import { createTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';

/**
 * What every answer of a listening server owes a client, whatever the route (issue 21, item 3):
 * Strict-Transport-Security when the product is served over https, Retry-After on every 429, and
 * a text that is not well-formed refused instead of stored changed.
 */

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe('Strict-Transport-Security', () => {
  let https: TestApp;
  let plain: TestApp;
  let httpsBase: string;
  let plainBase: string;
  beforeAll(async () => {
    https = await createTestApp({ env: { PUBLIC_URL: 'https://usluge.example' } });
    plain = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    httpsBase = await listen(https);
    plainBase = await listen(plain);
  });
  afterAll(async () => {
    await https.close();
    await plain.close();
  });

  it('is on every answer when PUBLIC_URL is https: data, errors, unknown paths, the web app', async () => {
    for (const path of ['/api/health', '/api/user', '/api/nothing-here', '/', '/login']) {
      const answer = await fetch(`${httpsBase}${path}`);
      expect(answer.headers.get('strict-transport-security'), path).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });

  it('is absent when the product is served over plain http (a browser would ignore it, a mistake would lock it out)', async () => {
    const answer = await fetch(`${plainBase}/api/health`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('Retry-After', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady: (app) => {
        // A limit that does not know when it frees, as the reports pool when every worker is busy.
        app.get('/api/test/busy', { config: { access: 'public' } }, async () => {
          throw new AppError(429, 'reports_busy');
        });
      },
    });
    base = await listen(t);
  });
  afterAll(() => t.close());

  it('is on a 429 whose limit named no wait, in seconds, with the message in the asked language', async () => {
    const answer = await fetch(`${base}/api/test/busy`, { headers: { 'accept-language': 'en' } });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('60');
    expect(await answer.json()).toEqual({
      message: 'Too many reports are being made right now. Try again in a minute.',
    });
  });
});

describe('texts that are not well-formed', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { username: 'tekst.admin', roleIds: [ROLE.administrator] });
    cookie = await t.signIn('tekst.admin');
  });
  afterAll(() => t.close());

  // JSON may carry a lone surrogate ("\ud800"): valid JSON, but no character.
  const loneSurrogate = (text: string) => text.replace('"NAME"', '"Pogled \\ud800"');

  it('refuses a lone surrogate in a field with a 422 on that field, and stores nothing', async () => {
    const answer = await t.request({
      method: 'POST',
      url: '/api/saved_views/store',
      cookie,
      headers: { 'content-type': 'application/json', 'idempotency-key': 'tekst-1' },
      payload: loneSurrogate(
        JSON.stringify({
          list: 'users',
          name: 'NAME',
          state: { filters: {}, sortBy: [], sortDesc: [], itemsPerPage: 10, show_only_active: null },
        }),
      ),
    });
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json()).toEqual({
      message: 'Tekst sadrži neispravan znak.',
      errors: { name: ['Tekst sadrži neispravan znak.'] },
    });
    expect(
      await t.db.select({ id: savedViews.id }).from(savedViews).where(eq(savedViews.list, 'users')),
    ).toEqual([]);
  });

  it('finds it deep in a body and in a key, and lets paired surrogates (an emoji) through', async () => {
    const deep = await t.request({
      method: 'POST',
      url: '/api/users/index',
      cookie,
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"filters":{"full_name":{"operator":"contains","value":"Ana \\udc00"}}}',
    });
    expect(deep.statusCode).toBe(422);
    expect(deep.json().errors).toEqual({
      'filters.full_name.value': ['The text contains an invalid character.'],
    });

    const key = await t.request({
      method: 'POST',
      url: '/api/users/index',
      cookie,
      headers: { 'content-type': 'application/json' },
      payload: '{"filters":{"\\ud800":"x"}}',
    });
    expect(key.statusCode).toBe(422);

    const emoji = await t.request({
      method: 'POST',
      url: '/api/users/index',
      cookie,
      headers: { 'content-type': 'application/json' },
      payload: '{"filters":{"full_name":{"operator":"contains","value":"Ana \\ud83d\\ude00"}}}',
    });
    expect(emoji.statusCode, emoji.body).toBe(200);
  });
});

describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await listen(t);
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** A connection that sends `text` and then nothing: what the server answers, and when it closes. */
  function dribble(text: string): Promise<{ answer: string; closedAfterMs: number }> {
    return new Promise((resolve) => {
      const started = Date.now();
      let answer = '';
      const socket = connect(port, '127.0.0.1', () => socket.write(text));
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        answer += chunk;
      });
      socket.on('error', () => {});
      socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
    });
  }

  it('closes connections whose headers do not arrive within 10 s (a slow-loris holds nothing)', async () => {
    const [partial, silent] = await Promise.all([
      dribble('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: '),
      dribble(''),
    ]);
    for (const connection of [partial, silent]) {
      expect(connection.closedAfterMs).toBeGreaterThanOrEqual(9_000);
      expect(connection.closedAfterMs).toBeLessThan(14_000);
    }
    expect(partial.answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);
});

describe('bodies larger than allowed', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  let bytesRead = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { username: 'velicina.admin', roleIds: [ROLE.administrator] });
    cookie = await t.signIn('velicina.admin');
    t.app.server.on('connection', (socket) => socket.on('close', () => (bytesRead += socket.bytesRead)));
    base = await listen(t);
  });
  afterAll(() => t.close());

  it('answers a 10 MB JSON body with a readable 413, never a reset', async () => {
    const body = JSON.stringify({ username: 'a'.repeat(10 * 1024 * 1024), password: 'x' });
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      try {
        const answer = await fetch(`${base}/api/loginWeb`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'en' },
          body,
        });
        outcomes.push(`${answer.status} ${((await answer.json()) as { message: string }).message}`);
      } catch (error) {
        outcomes.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
      }
    }
    expect(outcomes).toEqual(Array(8).fill('413 The data sent is too large.'));
  });

  it('refuses a signed-in 100 MB upload from its Content-Length, without reading it whole', async () => {
    const form = new FormData();
    form.set('name', 'Velika');
    form.set('image_file', new Blob([new Uint8Array(100 * 1024 * 1024)]), 'velika.png');
    bytesRead = 0;
    const answer = await fetch(`${base}/api/users/store`, {
      method: 'POST',
      body: form,
      headers: { cookie, origin: base, 'idempotency-key': 'velika-1' },
    });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ message: 'Poslati podaci su preveliki.' });
    // The connection is cut once the little that is drained for a clean answer is read.
    await expect.poll(() => bytesRead, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(bytesRead).toBeLessThan(20 * 1024 * 1024);
  });
});
