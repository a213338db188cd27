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
  ads_approved_7_days: number;
  ads_rejected_7_days: number;
  new_members_per_day: { day: string; count: number }[];
  credits_sold_this_month: { currency: string; credits: number; value: number }[];
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

describe('the dashboard', () => {
  it('counts the ads waiting for approval and follows the decisions', async () => {
    const [waiting] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ads)
      .where(eq(ads.ad_status_id, AD_STATUS.awaitingApproval));
    const before = await dashboard();
    expect(before.ads_waiting).toBe(waiting?.n);
    const [ad] = await t.db
      .select({ id: ads.id })
      .from(ads)
      .where(eq(ads.ad_status_id, AD_STATUS.awaitingApproval))
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
    const before = await dashboard();
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
      answer.credits_sold_this_month.find((row) => row.currency === currency)?.credits ?? 0;
    expect(credits(await dashboard())).toBe(credits(before) + 100);
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
