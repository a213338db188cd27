import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { creditPrices } from '../../src/db/schema/index.ts';
import { TEST_PASSWORD } from './test-app.ts';

export type Answer<T> = { status: number; body: T & { message?: string; errors?: Record<string, string[]> } };

/** Who sends a request: a member by bearer token, staff by session cookie, or nobody. */
export type Caller = { token: string } | { cookie: string } | null;

/**
 * A multipart form as the apps send one: lists and objects as JSON text; files as a list of an
 * ad's photos (photos[0], photos[1], …) or by field name (an image_file).
 */
export function formOf(
  fields: Record<string, unknown>,
  files: Buffer[] | Record<string, Buffer> = [],
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    form.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  if (Array.isArray(files)) {
    for (const [index, bytes] of files.entries()) {
      form.set(`photos[${index}]`, new Blob([new Uint8Array(bytes)]), `${index}.png`);
    }
  } else {
    for (const [name, bytes] of Object.entries(files))
      form.set(name, new Blob([new Uint8Array(bytes)]), 'a.png');
  }
  return form;
}

let keyCount = 0;

/**
 * The API over a listening app as the mobile app (bearer tokens from POST /api/login) and the
 * back-office (cookies, with the Origin a browser sends) call it. Every write gets an
 * Idempotency-Key of its own unless one is given.
 */
export async function listenForMembers(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  async function call<T>(
    method: string,
    path: string,
    caller: Caller,
    body?: unknown,
    key = `member-api-${process.pid}-${++keyCount}`,
  ): Promise<Answer<T>> {
    const isForm = body instanceof FormData;
    const headers: Record<string, string> = { 'idempotency-key': key };
    if (caller && 'token' in caller) headers.authorization = `Bearer ${caller.token}`;
    if (caller && 'cookie' in caller) Object.assign(headers, { cookie: caller.cookie, origin: base });
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
    const answer = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
    });
    // Some answers have no body (a 204, an error without one): they read as an empty object.
    const text = await answer.text();
    return { status: answer.status, body: (text ? JSON.parse(text) : {}) as Answer<T>['body'] };
  }

  /**
   * Signs a member in to the app (in the language given, which becomes theirs): their bearer
   * token, and the refresh token that goes with it.
   */
  async function memberToken(
    username: string,
    { lang, password = TEST_PASSWORD }: { lang?: string; password?: string } = {},
  ): Promise<{ token: string; refreshToken: string }> {
    const answer = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(lang ? { 'accept-language': lang } : {}) },
      body: JSON.stringify({ username, password }),
    });
    if (answer.status !== 200) throw new Error(`app sign-in of ${username}: ${answer.status}`);
    const tokens = (await answer.json()) as { access_token: string; refresh_token: string };
    return { token: tokens.access_token, refreshToken: tokens.refresh_token };
  }

  /** Signs staff in to the back-office: their session cookie. */
  async function staffCookie(username: string): Promise<{ cookie: string }> {
    const answer = await fetch(`${base}/api/loginWeb`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: TEST_PASSWORD }),
    });
    if (answer.status !== 200) throw new Error(`sign-in of ${username}: ${answer.status}`);
    const cookie = answer.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    return { cookie };
  }

  return { base, call, memberToken, staffCookie };
}

export type MemberApi = Awaited<ReturnType<typeof listenForMembers>>;

/** Staff top a member up with credits at an active price, as the back-office's desk does. */
export async function topUp(
  api: MemberApi,
  db: Database,
  staff: Caller,
  userId: number,
  amount: number,
): Promise<void> {
  const [price] = await db
    .select({ id: creditPrices.id })
    .from(creditPrices)
    .where(eq(creditPrices.is_active, true))
    .limit(1);
  const answer = await api.call('POST', '/api/lead_transactions/store', staff, {
    credit_amount: amount,
    credit_price_id: price?.id,
    credit_for_user_id: userId,
  });
  expect(answer.status).toBe(201);
}

/** Each route is in the API document under the member tag with the bearer scheme, summary and description. */
export async function expectMemberRoutesDocumented(
  api: MemberApi,
  routes: [string, string][],
): Promise<void> {
  const document = (await (await fetch(`${api.base}/api/docs/json`)).json()) as {
    paths: Record<
      string,
      Record<string, { tags: string[]; security: unknown; summary: string; description: string }>
    >;
  };
  for (const [route, method] of routes) {
    const operation = document.paths[route]?.[method];
    expect(operation?.tags, route).toEqual(['member']);
    expect(operation?.security, route).toEqual([{ bearer: [] }]);
    expect(operation?.summary, route).toBeTruthy();
    expect(operation?.description?.length, route).toBeGreaterThan(40);
  }
}
