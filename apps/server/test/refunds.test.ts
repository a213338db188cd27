import { AD_STATUS, type MemberRefundRequest, type RefundRequestRow } from '@usluge/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ads,
  currencies,
  leads,
  mailOutbox,
  notificationRecipients,
  notifications,
  refundRequests,
  services,
  transactions,
} from '../src/db/schema/index.ts';
import { balanceOf, expectBalancesEqualLedgers } from './helpers/ledger-checks.ts';
import { listenForMembers, type MemberApi, topUp as topUpBy } from './helpers/member-api.ts';
import { createDemoTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Refund requests and the refund desk (issue 20, item 6): a member asks within the window, staff
 * approve (one ledger entry, however often approved) or decline (the member is told), a rejected
 * or deactivated ad refunds its open paid contacts when asked; balances equal ledgers throughout.
 */
let t: TestApp;
let api: MemberApi;
let admin = '';
let moderator = '';
let poster: TestUser;
let buyer: TestUser;
let stranger: TestUser;
const tokens = new Map<number, string>();
let mowing = 0;
let hedge = 0;
let keyCount = 0;

type Json = Record<string, unknown> & { message?: string };
const json = <T = Json>(response: LightMyRequestResponse) => response.json<T & { message?: string }>();

/** A member's call through the app: bearer token and an Idempotency-Key of its own. */
const asMember = (
  member: TestUser,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  key?: string,
) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${tokens.get(member.id)}`,
      'idempotency-key': key ?? `refund-test-${++keyCount}`,
    },
    ...(payload ? { payload } : {}),
  });

/** A staff call from the back-office: its cookie, and a key of its own unless given. */
const asStaff = (
  cookie: string,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  key?: string,
) =>
  t.request({
    method,
    url,
    cookie,
    headers: { 'idempotency-key': key ?? `refund-staff-${++keyCount}` },
    ...(payload ? { payload } : {}),
  });

async function serviceId(name: string) {
  const [row] = await t.db
    .select({ id: services.id, credit: services.credit })
    .from(services)
    .where(eq(services.name, name));
  if (!row) throw new Error(`service ${name} missing`);
  return row.id;
}

const topUp = (user: TestUser, amount: number) => topUpBy(api, t.db, { cookie: admin }, user.id, amount);

/** An approved ad of the poster's offering both services. */
async function approvedAd(title: string): Promise<number> {
  const [euro] = await t.db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.short_name, 'EUR'));
  const created = await asStaff(admin, 'POST', '/api/jobs/store', {
    title,
    is_offer: true,
    services: [mowing, hedge],
    posted_by_user_id: poster.id,
    currency_id: euro?.id,
    price_from: 20,
    allCountries: true,
    allWorkingDays: true,
  });
  expect(created.statusCode).toBe(201);
  const adId = json<{ id: number }>(created).id;
  const approved = await asStaff(admin, 'PUT', `/api/jobs/changeStatus/${adId}`, {
    ad_status_id: AD_STATUS.approved,
    status_comment: null,
  });
  expect(approved.statusCode).toBe(200);
  return adId;
}

async function contact(member: TestUser, adId: number, serviceId: number): Promise<number> {
  const answer = await asMember(member, 'POST', '/api/leads/contact', { ad_id: adId, service_id: serviceId });
  expect(answer.statusCode).toBe(201);
  return json<{ lead: { id: number } }>(answer).lead.id;
}

const askRefund = (
  member: TestUser,
  leadId: number,
  reason = 'invalid_contact',
  text: string | null = null,
  key?: string,
) => asMember(member, 'POST', '/api/refund_requests/store', { lead_id: leadId, reason, text }, key);

const ledgerOfLead = (leadId: number) =>
  t.db
    .select({ amount: transactions.credit_amount })
    .from(transactions)
    .where(eq(transactions.lead_id, leadId))
    .orderBy(transactions.id);

const inboxSubjects = async (userId: number) =>
  (
    await t.db
      .select({ subject: notifications.subject, text: notifications.notification_text })
      .from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notification_id))
      .where(eq(notificationRecipients.user_id, userId))
  ).map((row) => `${row.subject}: ${row.text}`);

// The member's language is the one they sign in with: the stranger reads English.
async function signInApp(user: TestUser) {
  tokens.set(
    user.id,
    (await api.memberToken(user.username, { lang: user === stranger ? 'en' : 'me' })).token,
  );
}

let adId = 0;

beforeAll(async () => {
  const demo = await createDemoTestApp();
  t = demo.t;
  admin = demo.adminCookie;
  // Signing in and topping up go over HTTP through the shared member API; the rest is injected.
  api = await listenForMembers(t.app);
  // Ids vary: a few users first, so no member's id matches a role's or another fixture's by chance.
  await createUser(t.db, { username: 'popuna.jedan', roleIds: [] });
  poster = await createUser(t.db, { username: 'povrat.oglasivac', roleIds: [ROLE.member] });
  buyer = await createUser(t.db, { username: 'povrat.kupac', roleIds: [ROLE.member] });
  stranger = await createUser(t.db, { username: 'povrat.stranac', roleIds: [ROLE.member] });
  const mod = await createUser(t.db, { username: 'povrat.moderator', roleIds: [ROLE.moderator] });
  moderator = await t.signIn(mod.username);
  for (const member of [poster, buyer, stranger]) await signInApp(member);
  mowing = await serviceId('Košenje trave');
  hedge = await serviceId('Orezivanje voćki i živice');
  await t.db.update(services).set({ credit: 5 }).where(eq(services.id, mowing));
  await t.db.update(services).set({ credit: 7 }).where(eq(services.id, hedge));
  await topUp(buyer, 100);
  await topUp(stranger, 100);
  adId = await approvedAd('Košenje dvorišta — povrat');
});
afterAll(() => t.close());

describe('a member asks for a refund', () => {
  it('answers 201 with the request for their own sent contact within the window, once per Idempotency-Key', async () => {
    const leadId = await contact(buyer, adId, mowing);
    const key = 'zahtjev-jednom';
    const [first, again] = await Promise.all([
      askRefund(buyer, leadId, 'no_answer', null, key),
      askRefund(buyer, leadId, 'no_answer', null, key),
    ]);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(json(again)).toEqual(json(first));
    expect(json<MemberRefundRequest>(first)).toMatchObject({
      lead_id: leadId,
      ad: { id: adId, title: 'Košenje dvorišta — povrat' },
      credit: 5,
      reason: 'no_answer',
      status: 'waiting',
      decided_at: null,
    });
    expect(await t.db.select().from(refundRequests).where(eq(refundRequests.lead_id, leadId))).toHaveLength(
      1,
    );

    const mine = await asMember(buyer, 'POST', '/api/me/refund_requests/index', { filters: {}, options: {} });
    expect(mine.statusCode).toBe(200);
    expect(json<{ result: MemberRefundRequest[] }>(mine).result.map((row) => row.lead_id)).toEqual([leadId]);
    const theirs = await asMember(stranger, 'POST', '/api/me/refund_requests/index', {
      filters: {},
      options: {},
    });
    expect(json<{ result: unknown[] }>(theirs).result).toEqual([]);
  });

  it('refuses a second request for the same contact with 409', async () => {
    const leadId = await contact(buyer, adId, hedge);
    expect((await askRefund(buyer, leadId)).statusCode).toBe(201);
    const second = await askRefund(buyer, leadId, 'duplicate');
    expect(second.statusCode).toBe(409);
    expect(json(second).message).toBe('Za ovaj kontakt ste već poslali zahtjev za povrat.');
  });

  it('refuses a contact older than REFUND_WINDOW_DAYS with 422', async () => {
    const leadId = await contact(stranger, adId, mowing);
    await t.db
      .update(leads)
      .set({ contact_time: sql`now() - interval '14 days 1 minute'` })
      .where(eq(leads.id, leadId));
    const late = await askRefund(stranger, leadId);
    expect(late.statusCode).toBe(422);
    expect(json(late).message).toBe('Povrat se može tražiti najkasnije 14 dana nakon kontakta.');
    await t.db
      .update(leads)
      .set({ contact_time: sql`now() - interval '13 days 23 hours'` })
      .where(eq(leads.id, leadId));
    expect((await askRefund(stranger, leadId, 'misleading')).statusCode).toBe(201);
  });

  it("answers 404 for another member's contact and for a contact the member's ad received", async () => {
    const leadId = await contact(buyer, adId, mowing).catch(async () => {
      const [open] = await t.db
        .select({ id: leads.id })
        .from(leads)
        .where(and(eq(leads.user_id, buyer.id), sql`${leads.refunded_at} is null`));
      return open?.id ?? 0;
    });
    expect((await askRefund(stranger, leadId)).statusCode).toBe(404);
    expect((await askRefund(poster, leadId)).statusCode).toBe(404);
    expect((await askRefund(stranger, 99_999_999)).statusCode).toBe(404);
  });

  it("requires text for 'other' and bounds it", async () => {
    const [lead] = await t.db
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.user_id, buyer.id))
      .limit(1);
    const bare = await askRefund(buyer, lead?.id ?? 0, 'other', null);
    expect(bare.statusCode).toBe(422);
    const long = await askRefund(buyer, lead?.id ?? 0, 'other', 'x'.repeat(1001));
    expect(long.statusCode).toBe(422);
    const unknown = await askRefund(buyer, lead?.id ?? 0, 'bored');
    expect(unknown.statusCode).toBe(422);
  });
});

describe('the refund desk', () => {
  const desk = (cookie: string, body: object = { filters: {}, options: {} }) =>
    t.request({ method: 'POST', url: '/api/refund_requests/index', cookie, payload: body });

  it('lists waiting requests first with the member refund rate; refuses members, moderators and the anonymous', async () => {
    const listed = await desk(admin);
    expect(listed.statusCode).toBe(200);
    const rows = json<{ result: RefundRequestRow[] }>(listed).result;
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((row) => row.status === 'waiting')).toBe(true);
    // Newest first among the waiting.
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => b - a));
    const buyers = rows.find((row) => row.user_id === buyer.id);
    expect(buyers).toMatchObject({
      member_name: 'Ime povrat.kupac Prezime',
      service_name: expect.any(String),
      decided_by: null,
      refund_rate: { refunded: 0, contacts: 2 },
    });
    const filtered = await desk(admin, { filters: { user_id: stranger.id, status: 'waiting' }, options: {} });
    expect(json<{ result: RefundRequestRow[] }>(filtered).result.map((row) => row.user_id)).toEqual([
      stranger.id,
    ]);
    const report = await desk(admin, { filters: {}, options: {}, is_report: true, report_type: 'xlsx' });
    expect(report.statusCode).toBe(200);

    expect((await desk(moderator)).statusCode).toBe(403);
    const member = await asMember(buyer, 'POST', '/api/refund_requests/index', { filters: {}, options: {} });
    expect(member.statusCode).toBe(403);
    expect((await desk('')).statusCode).toBe(401);
    const [request] = await t.db.select({ id: refundRequests.id }).from(refundRequests).limit(1);
    const decideAsMember = await asMember(buyer, 'PUT', `/api/refund_requests/decide/${request?.id}`, {
      is_approved: true,
    });
    expect(decideAsMember.statusCode).toBe(403);
    expect(
      (await asStaff(moderator, 'PUT', `/api/refund_requests/decide/${request?.id}`, { is_approved: true }))
        .statusCode,
    ).toBe(403);
  });

  it('approves once: concurrent approvals with different keys make one ledger entry and the member is told', async () => {
    const [request] = await t.db
      .select({ id: refundRequests.id, leadId: refundRequests.lead_id, updatedAt: refundRequests.updated_at })
      .from(refundRequests)
      .where(and(eq(refundRequests.user_id, buyer.id), eq(refundRequests.reason, 'no_answer')));
    if (!request) throw new Error('no request');
    const before = await balanceOf(t.db, buyer.id);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        asStaff(admin, 'PUT', `/api/refund_requests/decide/${request.id}`, {
          is_approved: true,
          updated_at: request.updatedAt.toISOString(),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const approved = answers.find((a) => a.statusCode === 200);
    expect(json<RefundRequestRow>(approved as LightMyRequestResponse)).toMatchObject({
      status: 'approved',
      decided_by: expect.stringContaining('Admin'),
      refund_rate: { refunded: 1, contacts: 2 },
    });
    expect(await ledgerOfLead(request.leadId)).toEqual([{ amount: -5 }, { amount: 5 }]);
    expect(await balanceOf(t.db, buyer.id)).toBe(before + 5);
    const [lead] = await t.db
      .select({ reason: leads.refund_reason })
      .from(leads)
      .where(eq(leads.id, request.leadId));
    expect(lead?.reason).toBe('request');
    expect(await inboxSubjects(buyer.id)).toContainEqual(
      expect.stringMatching(/^Zahtjev za povrat je odobren: /),
    );
    // Approved again later (without a version): still one refund.
    const again = await asStaff(admin, 'PUT', `/api/refund_requests/decide/${request.id}`, {
      is_approved: true,
    });
    expect(again.statusCode).toBe(409);
    expect(await ledgerOfLead(request.leadId)).toHaveLength(2);
    await expectBalancesEqualLedgers(t.db);
  });

  it('closes the request without a second refund when the contact was refunded meanwhile by the worker', async () => {
    const [request] = await t.db
      .select({ id: refundRequests.id, leadId: refundRequests.lead_id })
      .from(refundRequests)
      .where(eq(refundRequests.user_id, stranger.id));
    if (!request) throw new Error('no request');
    await t.db
      .update(leads)
      .set({ answer_due_at: sql`now() - interval '1 second'` })
      .where(eq(leads.id, request.leadId));
    expect(await t.app.leadRefunds.refundDue()).toBeGreaterThanOrEqual(1);
    const decided = await asStaff(admin, 'PUT', `/api/refund_requests/decide/${request.id}`, {
      is_approved: true,
    });
    expect(decided.statusCode).toBe(200);
    expect(json<RefundRequestRow>(decided).status).toBe('closed');
    expect(await ledgerOfLead(request.leadId)).toEqual([{ amount: -5 }, { amount: 5 }]);
    await expectBalancesEqualLedgers(t.db);
  });

  it('declines only with a reason, and tells the member why', async () => {
    const [request] = await t.db
      .select({ id: refundRequests.id, leadId: refundRequests.lead_id })
      .from(refundRequests)
      .where(and(eq(refundRequests.user_id, buyer.id), eq(refundRequests.status, 'waiting')));
    if (!request) throw new Error('no request');
    const bare = await asStaff(admin, 'PUT', `/api/refund_requests/decide/${request.id}`, {
      is_approved: false,
    });
    expect(bare.statusCode).toBe(422);
    const declined = await asStaff(admin, 'PUT', `/api/refund_requests/decide/${request.id}`, {
      is_approved: false,
      reason: 'Oglašivač je odgovorio na vrijeme.',
    });
    expect(declined.statusCode).toBe(200);
    expect(json<RefundRequestRow>(declined)).toMatchObject({
      status: 'declined',
      decision_reason: 'Oglašivač je odgovorio na vrijeme.',
    });
    expect(await ledgerOfLead(request.leadId)).toEqual([{ amount: -7 }]);
    expect(await inboxSubjects(buyer.id)).toContainEqual(
      'Zahtjev za povrat nije odobren: Nismo odobrili vaš zahtjev za povrat za kontakt oglasa „Košenje dvorišta — povrat“. Razlog: Oglašivač je odgovorio na vrijeme. Za pitanja nam se javite odgovorom na ovu poruku.',
    );
    const mails = await t.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, 'povrat.kupac@example.test'));
    expect(mails.map((mail) => mail.subject)).toContain('Usluge: Zahtjev za povrat nije odobren');
    const mine = await asMember(buyer, 'POST', '/api/me/refund_requests/index', {
      filters: { status: 'declined' },
      options: {},
    });
    expect(json<{ result: MemberRefundRequest[] }>(mine).result).toEqual([
      expect.objectContaining({
        lead_id: request.leadId,
        decision_reason: 'Oglašivač je odgovorio na vrijeme.',
      }),
    ]);
  });
});

describe('staff removing an ad that members paid to contact', () => {
  it('a rejection with refund_leads refunds every open paid contact once, and the row counted them', async () => {
    const rejectedAd = await approvedAd('Orezivanje — odbijen');
    const open = [await contact(buyer, rejectedAd, mowing), await contact(stranger, rejectedAd, hedge)];
    const accepted = await contact(stranger, rejectedAd, mowing);
    expect(
      (await asMember(poster, 'PUT', `/api/leads/answer/${accepted}`, { is_accepted: true })).statusCode,
    ).toBe(200);
    const shown = await t.request({ method: 'GET', url: `/api/jobs/show/${rejectedAd}`, cookie: admin });
    expect(json<{ open_paid_leads: number }>(shown).open_paid_leads).toBe(2);

    const key = 'odbij-i-vrati';
    const body = {
      ad_status_id: AD_STATUS.rejected,
      status_comment: 'Neprimjeren sadržaj.',
      refund_leads: true,
    };
    const [first, second] = await Promise.all([
      asStaff(admin, 'PUT', `/api/jobs/changeStatus/${rejectedAd}`, body, key),
      asStaff(admin, 'PUT', `/api/jobs/changeStatus/${rejectedAd}`, body, key),
    ]);
    expect(first.statusCode).toBe(200);
    expect(json(second)).toEqual(json(first));
    expect(json<{ open_paid_leads: number }>(first).open_paid_leads).toBe(0);
    for (const leadId of open) {
      expect((await ledgerOfLead(leadId)).length).toBe(2);
      const [lead] = await t.db
        .select({ reason: leads.refund_reason })
        .from(leads)
        .where(eq(leads.id, leadId));
      expect(lead?.reason).toBe('ad_removed');
    }
    expect(await ledgerOfLead(accepted)).toHaveLength(1);
    expect(await inboxSubjects(stranger.id)).toContainEqual(
      expect.stringMatching(
        /^Your credits are back: The ad "Orezivanje — odbijen" you contacted was removed\./,
      ),
    );
    await expectBalancesEqualLedgers(t.db);
  });

  it('a rejection without refund_leads leaves the contacts open', async () => {
    const keptAd = await approvedAd('Orezivanje — bez povrata');
    const leadId = await contact(buyer, keptAd, hedge);
    const rejected = await asStaff(admin, 'PUT', `/api/jobs/changeStatus/${keptAd}`, {
      ad_status_id: AD_STATUS.rejected,
      status_comment: 'Duplikat.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(json<{ open_paid_leads: number }>(rejected).open_paid_leads).toBe(1);
    expect(await ledgerOfLead(leadId)).toHaveLength(1);
  });

  it('deactivating with ?refund_leads=true refunds the open paid contacts in the same change', async () => {
    const removedAd = await approvedAd('Košenje — deaktiviran');
    const leadId = await contact(buyer, removedAd, mowing);
    const [ad] = await t.db.select({ version: ads.updated_at }).from(ads).where(eq(ads.id, removedAd));
    const before = await balanceOf(t.db, buyer.id);
    const removed = await asStaff(
      admin,
      'DELETE',
      `/api/jobs/destroy/${removedAd}?refund_leads=true&updated_at=${ad?.version.toISOString()}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(json(removed)).toMatchObject({ is_active: false, open_paid_leads: 0 });
    expect(await ledgerOfLead(leadId)).toEqual([{ amount: -5 }, { amount: 5 }]);
    expect(await balanceOf(t.db, buyer.id)).toBe(before + 5);
    await expectBalancesEqualLedgers(t.db);
  });
});
