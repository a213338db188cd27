import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, ROLE, TEST_PASSWORD, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'sec', roleIds: [ROLE.administrator] });
  cookie = await t.signIn('sec');
});
afterAll(() => t.close());

describe('cross-site requests', () => {
  it('refuses a POST whose Origin is another site', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/users/index',
      payload: {},
      cookie,
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Zahtjev sa drugog sajta je odbijen.');
  });

  it('refuses a sign-in posted from another site', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/loginWeb',
      payload: { username: 'sec', password: TEST_PASSWORD },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies).toHaveLength(0);
  });

  it('refuses the state-changing GET logout from another site and keeps the session', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/logout',
      cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/user', cookie })).statusCode).toBe(200);
  });

  it('refuses a multipart upload from another site', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/users/index',
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      cookie,
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'sec-fetch-site': 'same-site' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts same-origin requests and clients that send no browser headers', async () => {
    const sameOrigin = await t.request({
      method: 'POST',
      url: '/api/users/index',
      payload: {},
      cookie,
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    const noHeaders = await t.request({ method: 'POST', url: '/api/users/index', payload: {}, cookie });
    expect(noHeaders.statusCode).toBe(200);
  });
});

describe('answers', () => {
  it('sends security headers on API answers', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers unknown API paths with 404 JSON in the asked language', async () => {
    const me = await t.request({ method: 'GET', url: '/api/does-not-exist' });
    expect(me.statusCode).toBe(404);
    expect(me.json()).toEqual({ message: 'Putanja /api/does-not-exist ne postoji.' });
    const en = await t.request({ method: 'POST', url: '/api/nope', headers: { 'accept-language': 'en' } });
    expect(en.json()).toEqual({ message: 'Path /api/nope does not exist.' });
  });

  it('answers malformed JSON with a clear 400 and no internals', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/users/index',
      payload: '{"filters": ',
      cookie,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Tijelo zahtjeva nije ispravan JSON.' });
  });

  it('reports health once the database answers', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: t.handle.driver });
  });

  it('publishes an OpenAPI document generated from the route schemas, and its page', async () => {
    const doc = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = doc.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/loginWeb', '/api/users/index', '/api/user']),
    );
    expect(paths['/api/users/index']?.post).toHaveProperty('requestBody');
    const page = await t.request({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
