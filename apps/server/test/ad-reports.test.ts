import { AD_STATUS, type AdReport, type AdReportQueueRow } from '@usluge/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adReportQueue,
  adReports,
  adStatusHistory,
  ads,
  currencies,
  mailOutbox,
  notificationRecipients,
  notifications,
  services,
} from '../src/db/schema/index.ts';
import { listenForMembers, type MemberApi } from './helpers/member-api.ts';
import { createDemoTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Ad reports (issue 20 item 8, issue 19 item 6): anyone signed in reports an ad once (members only
 * ads they can see), staff see open reports grouped by ad and resolve them (dismiss, or a status
 * change through the one status change), and every reporter is told the outcome.
 */
let t: TestApp;
let api: MemberApi;
let admin = '';
let moderator = '';
let poster: TestUser;
let ana: TestUser;
let boris: TestUser;
let vesna: TestUser;
let moderatorUser: TestUser;
const tokens = new Map<number, string>();
let keyCount = 0;
let mowing = 0;

type Json = Record<string, unknown> & { message?: string; errors?: Record<string, string[]> };
const json = <T = Json>(response: LightMyRequestResponse) => response.json<T & Json>();

const report = (
  member: TestUser,
  payload: { ad_id: number; reason: string; text?: string | null },
  options: { key?: string; lang?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ad_reports/store',
    headers: {
      authorization: `Bearer ${tokens.get(member.id)}`,
      'idempotency-key': options.key ?? `report-${++keyCount}`,
      'accept-language': options.lang ?? 'me',
    },
    payload,
  });

const asStaff = (cookie: string, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.request({ method, url, cookie, headers: { 'idempotency-key': `report-staff-${++keyCount}` }, payload });

/** The queue of the ads the queue tests report (earlier tests leave other ads in it). */
const queue = async ({ filters = {}, options = {} }: { filters?: object; options?: object } = {}) => {
  const answer = await asStaff(moderator, 'POST', '/api/ad_reports/index', {
    filters: { title: 'Red prijava', ...filters },
    options,
  });
  expect(answer.statusCode).toBe(200);
  return json<{ result: AdReportQueueRow[]; total_rows: number }>(answer);
};

const inboxOf = async (userId: number) =>
  (
    await t.db
      .select({ subject: notifications.subject, text: notifications.notification_text })
      .from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notification_id))
      .where(eq(notificationRecipients.user_id, userId))
  ).map((row) => `${row.subject}: ${row.text}`);

const mailSubjectsTo = async (user: TestUser) =>
  (
    await t.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, `${user.username}@example.test`))
  ).map((row) => row.subject);

/** An ad of the poster's, approved unless said otherwise. */
async function adOf(title: string, isApproved = true): Promise<number> {
  const [euro] = await t.db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.short_name, 'EUR'));
  const created = await asStaff(admin, 'POST', '/api/jobs/store', {
    title,
    is_offer: true,
    services: [mowing],
    posted_by_user_id: poster.id,
    currency_id: euro?.id,
    price_from: 20,
    allCountries: true,
    allWorkingDays: true,
  });
  expect(created.statusCode).toBe(201);
  const adId = json<{ id: number }>(created).id;
  if (isApproved) {
    const approved = await asStaff(admin, 'PUT', `/api/jobs/changeStatus/${adId}`, {
      ad_status_id: AD_STATUS.approved,
      status_comment: null,
    });
    expect(approved.statusCode).toBe(200);
  }
  return adId;
}

async function signInApp(user: TestUser, lang: 'me' | 'en') {
  tokens.set(user.id, (await api.memberToken(user.username, { lang })).token);
}

beforeAll(async () => {
  const demo = await createDemoTestApp();
  t = demo.t;
  admin = demo.adminCookie;
  // Signing in goes over HTTP through the shared member API; the rest is injected.
  api = await listenForMembers(t.app);
  // A few users first, so that no member's id matches a role's or another fixture's by chance.
  await createUser(t.db, { username: 'prijava.popuna1', roleIds: [] });
  await createUser(t.db, { username: 'prijava.popuna2', roleIds: [] });
  poster = await createUser(t.db, { username: 'prijava.oglasivac', roleIds: [ROLE.member] });
  ana = await createUser(t.db, { username: 'prijava.ana', roleIds: [ROLE.member] });
  boris = await createUser(t.db, { username: 'prijava.boris', roleIds: [ROLE.member] });
  vesna = await createUser(t.db, { username: 'prijava.vesna', roleIds: [ROLE.member] });
  moderatorUser = await createUser(t.db, { username: 'prijava.moderator', roleIds: [ROLE.moderator] });
  moderator = await t.signIn(moderatorUser.username);
  await signInApp(ana, 'me');
  await signInApp(boris, 'en');
  await signInApp(vesna, 'me');
  const [service] = await t.db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.name, 'Košenje trave'));
  if (!service) throw new Error('service missing');
  mowing = service.id;
});
afterAll(() => t.close());

describe('reporting an ad', () => {
  it('a member reports a visible ad with their bearer token: 201 with the report, once per Idempotency-Key', async () => {
    const adId = await adOf('Košenje — prijava jednom');
    const [first, again] = await Promise.all([
      report(ana, { ad_id: adId, reason: 'spam' }, { key: 'prijava-jednom' }),
      report(ana, { ad_id: adId, reason: 'spam' }, { key: 'prijava-jednom' }),
    ]);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(json(again)).toEqual(json(first));
    const body = json<AdReport>(first);
    expect(body).toEqual({
      id: expect.any(Number),
      ad_id: adId,
      reason: 'spam',
      text: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(await t.db.select().from(adReports).where(eq(adReports.ad_id, adId))).toHaveLength(1);
    expect(await t.db.select().from(adReportQueue).where(eq(adReportQueue.ad_id, adId))).toEqual([
      expect.objectContaining({ open_count: 1 }),
    ]);
  });

  it('a second report of the same ad by the same member is a 409 in their language', async () => {
    const adId = await adOf('Košenje — dvaput');
    expect((await report(ana, { ad_id: adId, reason: 'spam' })).statusCode).toBe(201);
    const second = await report(ana, { ad_id: adId, reason: 'offensive' });
    expect(second.statusCode).toBe(409);
    expect(json(second).message).toBe('Ovaj oglas ste već prijavili.');
    expect((await report(boris, { ad_id: adId, reason: 'spam' })).statusCode).toBe(201);
    const inEnglish = await report(boris, { ad_id: adId, reason: 'spam' }, { lang: 'en' });
    expect(inEnglish.statusCode).toBe(409);
    expect(json(inEnglish).message).toBe('You have already reported this ad.');
    const [queued] = await t.db.select().from(adReportQueue).where(eq(adReportQueue.ad_id, adId));
    expect(queued?.open_count).toBe(2);
  });

  it('two reports of one ad by one member at once (different keys): one 201, one 409, counted once', async () => {
    const adId = await adOf('Košenje — istovremeno');
    const answers = await Promise.all([
      report(vesna, { ad_id: adId, reason: 'spam' }),
      report(vesna, { ad_id: adId, reason: 'offensive' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const [queued] = await t.db.select().from(adReportQueue).where(eq(adReportQueue.ad_id, adId));
    expect(queued?.open_count).toBe(1);
  });

  it('an ad awaiting approval, an inactive ad and one that does not exist are a 404 for a member', async () => {
    const waiting = await adOf('Košenje — čeka odobrenje', false);
    const inactive = await adOf('Košenje — neaktivan');
    await t.db.update(ads).set({ is_active: false }).where(eq(ads.id, inactive));
    for (const adId of [waiting, inactive, 999_999]) {
      const answer = await report(vesna, { ad_id: adId, reason: 'spam' });
      expect(answer.statusCode, `ad ${adId}`).toBe(404);
    }
    expect(
      await t.db
        .select()
        .from(adReports)
        .where(inArray(adReports.ad_id, [waiting, inactive])),
    ).toEqual([]);
  });

  it('staff report any ad from the details with their session cookie', async () => {
    const waiting = await adOf('Košenje — prijava osoblja', false);
    const answer = await asStaff(moderator, 'POST', '/api/ad_reports/store', {
      ad_id: waiting,
      reason: 'prohibited',
    });
    expect(answer.statusCode).toBe(201);
    expect(json<AdReport>(answer)).toMatchObject({ ad_id: waiting, reason: 'prohibited' });
    const [row] = await t.db.select().from(adReports).where(eq(adReports.ad_id, waiting));
    expect(row?.user_id).toBe(moderatorUser.id);
  });

  it("'other' without text is a 422 on text; with text it is kept", async () => {
    const adId = await adOf('Košenje — drugo');
    const bare = await report(vesna, { ad_id: adId, reason: 'other', text: '  ' });
    expect(bare.statusCode).toBe(422);
    expect(json(bare).errors?.text).toEqual(['Obavezno polje.']);
    const unknown = await report(vesna, { ad_id: adId, reason: 'boring' });
    expect(unknown.statusCode).toBe(422);
    const said = await report(vesna, { ad_id: adId, reason: 'other', text: 'Oglas nudi nešto drugo.' });
    expect(said.statusCode).toBe(201);
    expect(json<AdReport>(said).text).toBe('Oglas nudi nešto drugo.');
  });

  it('anonymous is a 401', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/ad_reports/store',
      headers: { 'idempotency-key': 'anonimno' },
      payload: { ad_id: 1, reason: 'spam' },
    });
    expect(answer.statusCode).toBe(401);
  });
});

describe('the reports queue and its resolution', () => {
  let busy = 0;
  let quiet = 0;

  beforeAll(async () => {
    busy = await adOf('Red prijava — mnogo');
    quiet = await adOf('Red prijava — jedna');
    expect((await report(vesna, { ad_id: quiet, reason: 'wrong_category' })).statusCode).toBe(201);
    expect((await report(ana, { ad_id: busy, reason: 'spam' })).statusCode).toBe(201);
    expect((await report(boris, { ad_id: busy, reason: 'spam' })).statusCode).toBe(201);
    expect((await report(vesna, { ad_id: busy, reason: 'misleading_price' })).statusCode).toBe(201);
  });

  it('groups open reports by ad with counts and reasons, most reported first; filters by reason; sorts by oldest', async () => {
    const all = await queue();
    expect(all.total_rows).toBe(2);
    expect(all.result.map((row) => [row.id, row.open_count])).toEqual([
      [busy, 3],
      [quiet, 1],
    ]);
    expect(all.result[0]).toMatchObject({
      ad_id: busy,
      title: 'Red prijava — mnogo',
      ad_status_id: AD_STATUS.approved,
      poster_name: 'Ime prijava.oglasivac Prezime',
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'misleading_price', count: 1 },
      ],
    });
    const busyRow = all.result[0];
    expect(new Date(String(busyRow?.oldest_at)) <= new Date(String(busyRow?.newest_at))).toBe(true);

    const spam = await queue({ filters: { reason: ['spam'] } });
    expect(spam.result.map((row) => row.id)).toEqual([busy]);
    const oldestFirst = await queue({ options: { sortBy: ['oldest_at'], sortDesc: [false] } });
    expect(oldestFirst.result.map((row) => row.id)).toEqual([quiet, busy]);
  });

  it('members are refused the staff routes with 403', async () => {
    const member = { authorization: `Bearer ${tokens.get(ana.id)}` };
    const index = await t.app.inject({
      method: 'POST',
      url: '/api/ad_reports/index',
      headers: member,
      payload: { filters: {}, options: {} },
    });
    expect(index.statusCode).toBe(403);
    const resolve = await t.app.inject({
      method: 'PUT',
      url: `/api/ad_reports/resolve/${quiet}`,
      headers: { ...member, 'idempotency-key': 'clan-rjesava' },
      payload: { decision: 'dismiss' },
    });
    expect(resolve.statusCode).toBe(403);
    expect(await t.db.select().from(adReportQueue).where(eq(adReportQueue.ad_id, quiet))).toHaveLength(1);
  });

  it('dismiss closes the ad’s open reports and tells the reporter; a second resolve is a 409', async () => {
    const answer = await asStaff(moderator, 'PUT', `/api/ad_reports/resolve/${quiet}`, {
      decision: 'dismiss',
    });
    expect(answer.statusCode).toBe(200);
    expect(json(answer)).toEqual({ ad_id: quiet, decision: 'dismiss', resolved_reports: 1 });
    const [closed] = await t.db.select().from(adReports).where(eq(adReports.ad_id, quiet));
    expect(closed).toMatchObject({ decision: 'dismiss', resolved_by_user_id: moderatorUser.id });
    expect(closed?.resolved_at).toBeInstanceOf(Date);
    expect((await queue()).result.map((row) => row.id)).toEqual([busy]);
    const [ad] = await t.db.select({ status: ads.ad_status_id }).from(ads).where(eq(ads.id, quiet));
    expect(ad?.status).toBe(AD_STATUS.approved);

    expect(await inboxOf(vesna.id)).toContain(
      'Vaša prijava oglasa je razmotrena: Pregledali smo oglas „Red prijava — jedna“ koji ste prijavili i nismo našli razlog da ga mijenjamo. Hvala što nam pomažete da oglasi budu ispravni.',
    );
    expect(await mailSubjectsTo(vesna)).toContain('Usluge: Vaša prijava oglasa je razmotrena');

    const again = await asStaff(moderator, 'PUT', `/api/ad_reports/resolve/${quiet}`, {
      decision: 'dismiss',
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Ovaj oglas nema otvorenih prijava: neko ih je u međuvremenu riješio.');
  });

  it("'status' rejects the ad through the status change (history row, reason required) and tells every reporter in their language", async () => {
    const noReason = await asStaff(moderator, 'PUT', `/api/ad_reports/resolve/${busy}`, {
      decision: 'status',
      ad_status_id: AD_STATUS.rejected,
    });
    expect(noReason.statusCode).toBe(422);
    expect(await t.db.select().from(adReportQueue).where(eq(adReportQueue.ad_id, busy))).toHaveLength(1);
    const noStatus = await asStaff(moderator, 'PUT', `/api/ad_reports/resolve/${busy}`, {
      decision: 'status',
    });
    expect(noStatus.statusCode).toBe(422);
    expect(json(noStatus).errors).toHaveProperty('ad_status_id');

    const answer = await asStaff(moderator, 'PUT', `/api/ad_reports/resolve/${busy}`, {
      decision: 'status',
      ad_status_id: AD_STATUS.rejected,
      status_comment: 'Oglas je spam.',
    });
    expect(answer.statusCode).toBe(200);
    expect(json(answer)).toEqual({ ad_id: busy, decision: 'status', resolved_reports: 3 });
    const [ad] = await t.db.select({ status: ads.ad_status_id }).from(ads).where(eq(ads.id, busy));
    expect(ad?.status).toBe(AD_STATUS.rejected);
    const history = await t.db
      .select()
      .from(adStatusHistory)
      .where(and(eq(adStatusHistory.ad_id, busy), eq(adStatusHistory.to_status_id, AD_STATUS.rejected)));
    expect(history).toEqual([
      expect.objectContaining({
        from_status_id: AD_STATUS.approved,
        reason: 'Oglas je spam.',
        changed_by_user_id: moderatorUser.id,
      }),
    ]);
    const reports = await t.db.select().from(adReports).where(eq(adReports.ad_id, busy));
    expect(reports.map((row) => [row.decision, row.decision_comment])).toEqual([
      ['status', 'Oglas je spam.'],
      ['status', 'Oglas je spam.'],
      ['status', 'Oglas je spam.'],
    ]);
    expect((await queue()).result).toEqual([]);

    expect(await inboxOf(ana.id)).toContain(
      'Postupili smo po vašoj prijavi oglasa: Pregledali smo oglas „Red prijava — mnogo“ koji ste prijavili i promijenili mu status u: Odbijen. Hvala što nam pomažete da oglasi budu ispravni.',
    );
    expect(await inboxOf(boris.id)).toContain(
      'We acted on your report of an ad: We reviewed the ad "Red prijava — mnogo" you reported and changed its status to: Rejected. Thank you for helping us keep the ads right.',
    );
    expect(await mailSubjectsTo(boris)).toContain('Usluge: We acted on your report of an ad');
    expect(await mailSubjectsTo(vesna)).toContain('Usluge: Postupili smo po vašoj prijavi oglasa');
  });
});
