import { AD_STATUS, USER_TYPE } from '@usluge/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencies, services, users } from '../src/db/schema/index.ts';
import { type Caller, formOf, listenForMembers, type MemberApi } from './helpers/member-api.ts';
import { createTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * The member's inbox in the app (issue 20, item 7): every notification that reaches a member
 * (staff's, resolved to recipients when sent, and the notice of a status decision on their ad),
 * paged with the unread count, and marking read. Over a listening server with bearer tokens, on
 * PGlite and PostgreSQL; two members with different inboxes, so the caller's scope is checked.
 */
let t: TestApp;
let api: MemberApi;
let ana: TestUser;
let marko: TestUser;
let anaToken: Caller;
let markoToken: Caller;
let adminCookie: Caller;
let moderatorCookie: Caller;

type Json = Record<string, unknown>;
type Item = {
  id: number;
  notification_id: number;
  subject: string;
  notification_text: string;
  is_read: boolean;
};
type Inbox = { result: Item[]; total_rows: number; total_rows_exact: boolean; unread_count: number };

const inbox = async (token: Caller, body: Json = {}) => {
  const answer = await api.call<Json>('POST', '/api/me/notifications/index', token, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as Inbox;
};

const markRead = (token: Caller, body: unknown, key?: string) =>
  api.call<Json>('PUT', '/api/me/notifications/read', token, body, key);

/** Staff send a notification through the back-office, as the notifications screen does. */
async function sendNotification(subject: string, targets: { types?: number[]; users?: number[] }) {
  const answer = await api.call('POST', '/api/notifications/store', adminCookie, {
    subject,
    notification_text: `${subject}: tekst poruke.`,
    notification_user_types: targets.types ?? [],
    notification_for_users: targets.users ?? [],
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/** An ad of the member's, made by an administrator (the member's own ads are another route's). */
async function adOf(ownerId: number, title: string): Promise<{ id: number; updated_at: string }> {
  const [service] = await t.db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.is_service, true))
    .limit(1);
  const [euro] = await t.db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.short_name, 'EUR'));
  const fields: Record<string, string> = {
    title,
    description: 'Uredno i brzo.',
    is_offer: 'true',
    services: JSON.stringify([service?.id]),
    posted_by_user_id: String(ownerId),
    currency_id: String(euro?.id),
    price_from: '15',
    price_to: '40',
    allCountries: 'true',
    allWorkingDays: 'true',
    places: '[]',
    ad_days: '[]',
  };
  const created = await api.call<{ id: number; updated_at: string }>(
    'POST',
    '/api/jobs/store',
    adminCookie,
    formOf(fields),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

beforeAll(async () => {
  t = await createTestApp();
  api = await listenForMembers(t.app);
  // Staff first, so that members' ids are not 1 and 2 by chance.
  await createUser(t.db, { username: 'direktor', roleIds: [ROLE.administrator] });
  await createUser(t.db, { username: 'urednica', roleIds: [ROLE.moderator] });
  marko = await createUser(t.db, { username: 'marko.firma', roleIds: [ROLE.member] });
  ana = await createUser(t.db, { username: 'ana.clanica', roleIds: [ROLE.member] });
  await t.db
    .update(users)
    .set({ user_type_id: USER_TYPE.company, address: 'Bulevar 1', pib: '02999999' })
    .where(eq(users.id, marko.id));
  adminCookie = { cookie: await t.signIn('direktor') };
  moderatorCookie = { cookie: await t.signIn('urednica') };
  anaToken = await api.memberToken('ana.clanica');
  markoToken = await api.memberToken('marko.firma');
});
afterAll(() => t.close());

describe('the inbox', () => {
  it("shows the caller's notifications newest first, with the unread count; another member's stay out", async () => {
    await sendNotification('Za fizička lica', { types: [USER_TYPE.individual] });
    await sendNotification('Samo za Marka', { users: [marko.id] });
    const ad = await adOf(ana.id, 'Pranje prozora');
    const approved = await api.call('PUT', `/api/jobs/changeStatus/${ad.id}`, moderatorCookie, {
      ad_status_id: AD_STATUS.approved,
      status_comment: null,
      updated_at: ad.updated_at,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const anas = await inbox(anaToken);
    expect(anas.result.map((item) => item.subject)).toEqual(['Odluka o vašem oglasu', 'Za fizička lica']);
    expect(anas.result[0]?.notification_text).toMatch(/„Pranje prozora“.*Odobren/);
    expect(anas.result.map((item) => item.is_read)).toEqual([false, false]);
    expect(anas).toMatchObject({ total_rows: 2, total_rows_exact: true, unread_count: 2 });
    expect(Object.keys(anas.result[0] ?? {}).sort()).toEqual(
      ['created_at', 'id', 'is_read', 'notification_id', 'notification_text', 'subject'].sort(),
    );

    // Marko is a company: the notice to individuals is not his; the one by name is.
    const markos = await inbox(markoToken);
    expect(markos.result.map((item) => item.subject)).toEqual(['Samo za Marka']);
    expect(markos).toMatchObject({ total_rows: 1, unread_count: 1 });
  });

  it('pages, and filters by is_read', async () => {
    const page = await inbox(anaToken, { options: { page: 2, itemsPerPage: 1 } });
    expect(page.result.map((item) => item.subject)).toEqual(['Za fizička lica']);
    expect(page).toMatchObject({ total_rows: 2, unread_count: 2 });
    expect((await inbox(anaToken, { filters: { is_read: true } })).result).toEqual([]);
  });

  it("marks chosen items read: the unread count drops, again changes nothing, never another member's", async () => {
    const [notice] = (await inbox(anaToken)).result;
    if (!notice) throw new Error('no notice');
    const key = `inbox-key-${process.pid}-replayed`;
    const marked = await markRead(anaToken, { ids: [notice.id] }, key);
    expect(marked).toEqual({ status: 200, body: { marked: 1, unread_count: 1 } });
    // The same request again (a retry with its key) answers the same; a new one marks nothing.
    expect(await markRead(anaToken, { ids: [notice.id] }, key)).toEqual(marked);
    expect((await markRead(anaToken, { ids: [notice.id] })).body).toEqual({ marked: 0, unread_count: 1 });

    const anas = await inbox(anaToken);
    expect(anas.result.map((item) => [item.subject, item.is_read])).toEqual([
      ['Odluka o vašem oglasu', true],
      ['Za fizička lica', false],
    ]);
    expect(anas.unread_count).toBe(1);
    expect(
      (await inbox(anaToken, { filters: { is_read: false } })).result.map((item) => item.subject),
    ).toEqual(['Za fizička lica']);

    // Marko's item id, sent by Ana: not hers, so nothing happens to it.
    const [his] = (await inbox(markoToken)).result;
    if (!his) throw new Error('no item of Marko');
    expect((await markRead(anaToken, { ids: [his.id] })).body).toEqual({ marked: 0, unread_count: 1 });
    expect((await inbox(markoToken)).unread_count).toBe(1);
  });

  it("marks all of the caller's items read with {all: true}", async () => {
    expect((await markRead(anaToken, { all: true })).body).toEqual({ marked: 1, unread_count: 0 });
    expect((await inbox(anaToken)).result.every((item) => item.is_read)).toBe(true);
    expect((await inbox(markoToken)).unread_count).toBe(1);
    // A new notification is unread again.
    await sendNotification('Nova poruka', { users: [ana.id] });
    expect(await inbox(anaToken)).toMatchObject({ unread_count: 1, total_rows: 3 });
  });

  it('refuses a request that names nothing, both, too many ids or wrong values', async () => {
    const tooMany = Array.from({ length: 201 }, (_, i) => i + 1);
    for (const body of [
      {},
      { ids: [] },
      { ids: [1], all: true },
      { ids: tooMany },
      { all: false },
      { ids: ['x'] },
    ]) {
      expect((await markRead(anaToken, body)).status, JSON.stringify(body).slice(0, 40)).toBe(422);
    }
    expect((await markRead(anaToken, { ids: Array.from({ length: 200 }, (_, i) => i + 1) })).status).toBe(
      200,
    );
  });

  it('refuses anonymous callers (401) and staff without the member role (403)', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/me/notifications/index', {}],
      ['PUT', '/api/me/notifications/read', { all: true }],
    ] as const) {
      expect((await api.call(method, url, null, body)).status).toBe(401);
      expect((await api.call(method, url, moderatorCookie, body)).status).toBe(403);
    }
  });

  it('is in the API document under the member tag with the bearer scheme', async () => {
    const document = (await (await fetch(`${api.base}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { tags: string[]; security: unknown; description: string }>>;
    };
    for (const [route, method] of [
      ['/api/me/notifications/index', 'post'],
      ['/api/me/notifications/read', 'put'],
    ] as const) {
      const operation = document.paths[route]?.[method];
      expect(operation?.tags, route).toEqual(['member']);
      expect(operation?.security, route).toEqual([{ bearer: [] }]);
      expect(operation?.description?.length, route).toBeGreaterThan(40);
    }
  });
});
