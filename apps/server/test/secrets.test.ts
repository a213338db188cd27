import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER_USERNAME } from '../src/db/seed/demo-plan.ts';
import { DEMO_PASSWORD } from '../src/db/seed/seed-demo.ts';
import { createDemoTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let cookie: string;
/** The demo member, for the app's own lists (a member reads only theirs). */
let memberCookie: string;
beforeAll(async () => {
  ({ t, adminCookie: cookie } = await createDemoTestApp());
  memberCookie = await t.signIn(DEMO_MEMBER_USERNAME, DEMO_PASSWORD);
});
afterAll(() => t.close());

const SECRET_MARKERS = ['password', '$argon2', 'token_hash', 'access_token_hash'];

describe('no secret field in any answer', () => {
  it('no list or session route answers a password hash or token', async () => {
    const listRoutes = t.app.routeRecords.filter(
      (r) => r.method === 'POST' && /\/index(_active)?$/.test(r.url),
    );
    expect(listRoutes.length).toBeGreaterThanOrEqual(7);
    for (const route of listRoutes) {
      const response = await t.request({
        method: 'POST',
        url: route.url,
        payload: { options: { page: 1, itemsPerPage: 1000 } },
        cookie: route.access === 'member' ? memberCookie : cookie,
      });
      expect(response.statusCode, route.url).toBe(200);
      for (const marker of SECRET_MARKERS)
        expect(response.body, `${route.url} ${marker}`).not.toContain(marker);
    }
    for (const url of ['/api/user', '/api/refresh-token-web']) {
      const response = await t.request({ method: 'GET', url, cookie });
      for (const marker of SECRET_MARKERS) expect(response.body, `${url} ${marker}`).not.toContain(marker);
    }
  });

  it('the OpenAPI document describes no secret field', async () => {
    const doc = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(doc.body).not.toContain('password_hash');
    expect(doc.body).not.toContain('token_hash');
  });
});
