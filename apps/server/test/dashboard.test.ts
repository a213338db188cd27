import { AD_STATUS, ROLE } from '@usluge/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, creditPrices, leads, users } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../src/db/seed/seed-demo.ts';
import { createDemoTestApp, createUser, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin = '';
let moderator = '';

type DashboardAnswer = {
  ads_waiting: number;
  queue_by_age: { under_1_hour: number; from_1_to_24_hours: number; over_24_hours: number };
  oldest_waiting: { id: number; title: string; waiting_since: string } | null;
  ads_approved_7_days: number;
  ads_rejected_7_days: number;
  new_members_per_day: { day: string; count: number }[];
  credits_sold_this_month?: { currency: string; credits: number; value: number }[];
  top_services: { id: number; name: string; contacts: number }[];
};

const dashboard = async (cookie = moderator) =>
  (await t.request({ method: 'GET', url: '/api/dashboard', cookie })).json() as DashboardAnswer;

/** Today's date in Montenegro, as the dashboard names days. */
const montenegroDay = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Podgorica' }).format(date);

beforeAll(async () => {
  const demo = await createDemoTestApp();
  t = demo.t;
  admin = demo.adminCookie;
  moderator = await t.signIn('moderator', DEMO_PASSWORD);
});
afterAll(() => t.close());

type QueuePage = { total_rows: number; result: { id: number; updated_at: string; is_active: boolean }[] };

/** The review queue's list (`/ads-on-approval`, and the review mode's read of it). */
const queue = async (body: Record<string, unknown> = {}) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/jobs_queue/index',
    payload: { filters: {}, options: { page: 1, itemsPerPage: 100 }, ...body },
    cookie: moderator,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as QueuePage;
};

/** An active ad awaiting approval, put there for the test (a new ad of the demo poster). */
async function waitingAd(title: string): Promise<number> {
  const [poster] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'korisnik'));
  const [template] = await t.db.select().from(ads).limit(1);
  if (!poster || !template) throw new Error('demo data missing');
  const { id: _id, ...rest } = template;
  const [row] = await t.db
    .insert(ads)
    .values({
      ...rest,
      title,
      posted_by_user_id: poster.id,
      ad_status_id: AD_STATUS.awaitingApproval,
      is_active: true,
    })
    .returning({ id: ads.id });
  if (!row) throw new Error('ad not inserted');
  return row.id;
}

describe('the review queue', () => {
  it('is the same ads in its list, the review mode and the dashboard; a deactivated ad is in none', async () => {
    const adId = await waitingAd('Red čekanja — povučen oglas');
    const before = await dashboard();
    const listed = await queue();
    expect(listed.total_rows).toBe(before.ads_waiting);
    expect(listed.result.map((row) => row.id)).toContain(adId);

    const [ad] = await t.db.select({ version: ads.updated_at }).from(ads).where(eq(ads.id, adId));
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/jobs/destroy/${adId}?updated_at=${ad?.version.toISOString()}`,
      cookie: admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ is_active: false, status: { id: AD_STATUS.awaitingApproval } });

    const after = await dashboard();
    expect(after.ads_waiting).toBe(before.ads_waiting - 1);
    const { under_1_hour, from_1_to_24_hours, over_24_hours } = after.queue_by_age;
    expect(under_1_hour + from_1_to_24_hours + over_24_hours).toBe(after.ads_waiting);
    // The list, whatever its activity choice, and the review mode's read (oldest first, active).
    const all = await queue();
    expect(all.total_rows).toBe(after.ads_waiting);
    expect(all.result.every((row) => row.is_active)).toBe(true);
    expect((await queue({ filters: { id: adId } })).total_rows).toBe(0);
    expect((await queue({ show_only_active: false })).total_rows).toBe(0);
    const review = await queue({
      filters: { status: { operator: 'equals', value: AD_STATUS.awaitingApproval } },
      options: { page: 1, itemsPerPage: 50, sortBy: ['updated_at'], sortDesc: [false] },
      show_only_active: true,
    });
    expect(review.total_rows).toBe(after.ads_waiting);
    expect(review.result.map((row) => row.id)).not.toContain(adId);
    // The ads list of every ad still shows it, as inactive.
    const everyAd = await t.request({
      method: 'POST',
      url: '/api/jobs/index',
      payload: { filters: { id: adId }, options: { page: 1, itemsPerPage: 10 } },
      cookie: moderator,
    });
    expect(everyAd.json().result).toMatchObject([{ id: adId, is_active: false }]);
  });

  it('lists the ad that has waited longest first, as the dashboard names it', async () => {
    const older = await waitingAd('Red čekanja — najstariji');
    await t.db
      .update(ads)
      .set({ updated_at: new Date(Date.now() - 400 * 24 * 3600 * 1000) })
      .where(eq(ads.id, older));
    const page = await queue();
    const times = page.result.map((row) => Date.parse(row.updated_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(page.result[0]?.id).toBe(older);
    expect((await dashboard()).oldest_waiting?.id).toBe(older);
  });
});

describe('the dashboard', () => {
  it('counts the ads waiting for approval and follows the decisions', async () => {
    const [waiting] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ads)
      .where(and(eq(ads.ad_status_id, AD_STATUS.awaitingApproval), eq(ads.is_active, true)));
    const before = await dashboard();
    expect(before.ads_waiting).toBe(waiting?.n);
    const [ad] = await t.db
      .select({ id: ads.id })
      .from(ads)
      .where(and(eq(ads.ad_status_id, AD_STATUS.awaitingApproval), eq(ads.is_active, true)))
      .limit(1);
    await t.request({
      method: 'PUT',
      url: `/api/jobs/changeStatus/${ad?.id}`,
      payload: { ad_status_id: AD_STATUS.approved },
      cookie: moderator,
    });
    const after = await dashboard();
    expect(after.ads_waiting).toBe(before.ads_waiting - 1);
    expect(after.ads_approved_7_days).toBe(before.ads_approved_7_days + 1);
  });

  it('gives 30 days of new members, oldest first, in Montenegro days', async () => {
    const member = await createUser(t.db, { username: 'nov-clan', roleIds: [ROLE.member] });
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    await t.db.update(users).set({ created_at: threeDaysAgo }).where(eq(users.id, member.id));
    const days = (await dashboard()).new_members_per_day;
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.day).toBe(montenegroDay(new Date()));
    expect(days.map((d) => d.day)).toEqual([...days.map((d) => d.day)].sort());
    expect(days.find((d) => d.day === montenegroDay(threeDaysAgo))?.count).toBeGreaterThanOrEqual(1);
    // Members of the last 27 × 24 hours: all inside the last 28 Montenegro days, whatever the
    // hour (28 × 24 hours would reach into the day before the chart's first).
    const [recent] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(
        sql`${users.created_at} >= now() - interval '27 days' and exists (select 1 from user_roles r where r.user_id = ${users}.id and r.role_id = ${ROLE.member})`,
      );
    expect(days.slice(-28).reduce((sum, d) => sum + d.count, 0)).toBeGreaterThanOrEqual(recent?.n ?? 0);
  });

  it('adds this month’s top-ups to the credits sold, per currency', async () => {
    const before = await dashboard(admin);
    const [price] = await t.db
      .select({ id: creditPrices.id })
      .from(creditPrices)
      .where(eq(creditPrices.is_active, true))
      .limit(1);
    const [member] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'korisnik'));
    const topUp = await t.request({
      method: 'POST',
      url: '/api/lead_transactions/store',
      payload: { credit_amount: 100, credit_price_id: price?.id, credit_for_user_id: member?.id },
      cookie: admin,
    });
    expect(topUp.statusCode).toBe(201);
    const currency = topUp.json().currencies.short_name as string;
    const credits = (answer: DashboardAnswer) =>
      answer.credits_sold_this_month?.find((row) => row.currency === currency)?.credits ?? 0;
    expect(credits(await dashboard(admin))).toBe(credits(before) + 100);
  });

  it('answers the credit sales only to a role that may read the transactions', async () => {
    const ofAdministrator = await dashboard(admin);
    expect(Array.isArray(ofAdministrator.credits_sold_this_month)).toBe(true);
    expect(ofAdministrator.credits_sold_this_month?.length).toBeGreaterThan(0);
    // A moderator may not open the transactions: the figures are not in the answer at all.
    expect(Object.keys(await dashboard(moderator))).not.toContain('credits_sold_this_month');
  });

  it('names the most contacted services of the last 30 days, most first', async () => {
    const top = (await dashboard()).top_services;
    const expected = await t.db
      .select({ id: leads.service_id, n: sql<number>`count(*)::int` })
      .from(leads)
      .where(
        and(gt(leads.contact_time, sql`now() - interval '30 days'`), sql`${leads.service_id} is not null`),
      )
      .groupBy(leads.service_id)
      .orderBy(sql`count(*) desc`)
      .limit(5);
    expect(top.map((row) => row.contacts)).toEqual(expected.map((row) => row.n));
  });

  it('is for staff', async () => {
    const member = await t.signIn('korisnik', DEMO_PASSWORD);
    expect((await t.request({ method: 'GET', url: '/api/dashboard', cookie: member })).statusCode).toBe(403);
  });
});
