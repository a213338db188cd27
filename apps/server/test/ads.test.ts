import { AD_STATUS } from '@usluge/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adPlaces,
  adServices,
  adStatusHistory,
  ads,
  leads,
  notificationRecipients,
  notifications,
} from '../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../src/db/seed/seed-demo.ts';
import { readXlsx } from './helpers/read-report.ts';
import { createDemoTestApp, type TestApp } from './helpers/test-app.ts';
import { isOnPostgres } from './helpers/test-database.ts';

let t: TestApp;
let admin = '';
let moderator = '';

type AdRowAnswer = {
  id: number;
  title: string;
  user_name: string;
  price_from: number;
  price_to: number | null;
  status: { id: number; name: string; background_color: string };
};
type ListAnswer = { result: AdRowAnswer[]; total_rows: number };

const post = (url: string, payload: unknown, cookie = admin) =>
  t.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie });
const put = (url: string, payload: unknown, cookie = moderator) =>
  t.request({ method: 'PUT', url, payload: payload as Record<string, unknown>, cookie });
const list = async (filters: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  (await post('/api/jobs/index', { filters, options: { itemsPerPage: 100 }, ...extra })).json() as ListAnswer;

async function adInStatus(
  statusId: number,
  skip = 0,
): Promise<{ id: number; ownerId: number; title: string }> {
  const rows = await t.db
    .select({ id: ads.id, ownerId: ads.posted_by_user_id, title: ads.title })
    .from(ads)
    .where(and(eq(ads.ad_status_id, statusId), eq(ads.is_active, true)))
    .orderBy(ads.id)
    .limit(skip + 1)
    .offset(skip);
  const row = rows[0];
  if (!row) throw new Error(`no demo ad in status ${statusId}`);
  return row;
}

beforeAll(async () => {
  const demo = await createDemoTestApp();
  t = demo.t;
  admin = demo.adminCookie;
  moderator = await t.signIn('moderator', DEMO_PASSWORD);
});
afterAll(() => t.close());

describe('the ads lists', () => {
  it('filters by status, as ads on approval does, and shows the status with its colour', async () => {
    const waiting = await list({ status: AD_STATUS.awaitingApproval });
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ads)
      .where(eq(ads.ad_status_id, AD_STATUS.awaitingApproval));
    expect(waiting.total_rows).toBe(count?.n);
    expect(waiting.result.length).toBeGreaterThan(0);
    for (const row of waiting.result) {
      expect(row.status).toMatchObject({
        id: AD_STATUS.awaitingApproval,
        name: 'Čeka odobrenje',
        background_color: '#FFC107',
      });
    }
  });

  it('filters price_from ≥, price_to ≤ and the poster name contains', async () => {
    const priced = await list({
      price_from: { operator: 'gte', value: 50 },
      price_to: { operator: 'lte', value: 300 },
    });
    expect(priced.result.length).toBeGreaterThan(0);
    for (const row of priced.result) {
      expect(row.price_from).toBeGreaterThanOrEqual(50);
      expect(row.price_to).not.toBeNull();
      expect(row.price_to ?? 0).toBeLessThanOrEqual(300);
    }
    const someone = priced.result[0]?.user_name ?? '';
    const fragment = someone.split(' ')[0]?.slice(1, 4) ?? '';
    const byName = await list({ user_name: fragment });
    expect(byName.result.length).toBeGreaterThan(0);
    for (const row of byName.result) expect(row.user_name.toLowerCase()).toContain(fragment.toLowerCase());
  });

  it('a bare price_from is a lower bound (≥), a bare price_to an upper bound (≤)', async () => {
    const prices = (await t.db.select({ from: ads.price_from, to: ads.price_to }).from(ads)).map((row) => ({
      from: Number(row.from),
      to: row.to === null ? null : Number(row.to),
    }));
    // A price some ads have and others exceed, so that "equals" and "at least" differ.
    const sorted = [...new Set(prices.map((price) => price.from))].sort((a, b) => a - b);
    const bound = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const atLeast = prices.filter((price) => price.from >= bound).length;
    expect(atLeast).toBeGreaterThan(prices.filter((price) => price.from === bound).length);
    const fromBound = await list({ price_from: bound });
    expect(fromBound.total_rows).toBe(atLeast);
    for (const row of fromBound.result) expect(row.price_from).toBeGreaterThanOrEqual(bound);

    const top = sorted[Math.floor(sorted.length / 3)] ?? 0;
    const toTop = await list({ price_to: top });
    expect(toTop.total_rows).toBe(prices.filter((price) => price.to !== null && price.to <= top).length);
  });

  it('filters by service and by country (an ad offered in all countries is in every one)', async () => {
    const [link] = await t.db.select({ serviceId: adServices.service_id }).from(adServices).limit(1);
    if (!link) throw new Error('no demo ad services');
    const [withService] = await t.db
      .select({ n: sql<number>`count(distinct ${adServices.ad_id})::int` })
      .from(adServices)
      .where(eq(adServices.service_id, link.serviceId));
    expect((await list({ services: link.serviceId })).total_rows).toBe(withService?.n);
    const [place] = await t.db.select({ countryId: adPlaces.os_country_id }).from(adPlaces).limit(1);
    if (!place) throw new Error('no demo ad places');
    const [inCountry] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ads)
      .where(
        sql`${ads.all_countries} or exists (select 1 from ${adPlaces} p where p.ad_id = ${ads}.id and p.os_country_id = ${place.countryId})`,
      );
    expect((await list({ os_country_id: place.countryId })).total_rows).toBe(inCountry?.n);
  });

  it('is open to moderators', async () => {
    expect((await post('/api/jobs/index', {}, moderator)).statusCode).toBe(200);
  });

  it('reports the kind and the currency in words, as the screen shows them', async () => {
    const shown = await list({}, { options: { page: 1, itemsPerPage: 20 } });
    const response = await post('/api/jobs/index', {
      is_report: true,
      report_type: 'xlsx',
      options: { page: 1, itemsPerPage: 20 },
      show_columns: [
        { key: 'title', title: 'Naslov' },
        { key: 'is_offer', title: 'Ponuda / potražnja' },
        { key: 'currency_id', title: 'Valuta' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const [, ...rows] = await readXlsx(response.rawPayload, 3);
    const answer = shown.result as unknown as {
      title: string;
      is_offer: boolean;
      currency: { short_name: string };
    }[];
    expect(rows).toEqual(
      answer.map((ad) => [ad.title, ad.is_offer ? 'Ponuda' : 'Potražnja', ad.currency.short_name]),
    );
    expect(new Set(rows.map((row) => row[1]))).toEqual(new Set(['Ponuda', 'Potražnja']));
  });
});

describe('ad details and leads', () => {
  it('answers an ad with its services, places, days with times, photos and history', async () => {
    const [withPlace] = await t.db.select({ adId: adPlaces.ad_id }).from(adPlaces).limit(1);
    const answer = await t.request({
      method: 'GET',
      url: `/api/jobs/show/${withPlace?.adId}`,
      cookie: moderator,
    });
    expect(answer.statusCode).toBe(200);
    const details = answer.json();
    expect(details).toMatchObject({ id: withPlace?.adId, status: { name: expect.any(String) } });
    expect(details.services.length).toBeGreaterThan(0);
    expect(details.places[0]).toMatchObject({ os_country_id: expect.any(Number), name: expect.any(String) });
    for (const day of details.ad_days) {
      for (const shift of day.times) expect(shift.start_at).toMatch(/^\d{2}:\d{2}$/);
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/jobs/show/99999999', cookie: moderator })).statusCode,
    ).toBe(404);
  });

  it('lists who contacted an ad: service, name, credits, times, accepted', async () => {
    const [lead] = await t.db.select({ adId: leads.ad_id }).from(leads).limit(1);
    const answer = await post('/api/leads/index', { filters: { ad_id: lead?.adId } }, moderator);
    expect(answer.statusCode).toBe(200);
    const rows = answer.json().result;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({
      ad_id: lead?.adId,
      name: expect.any(String),
      credit: expect.any(Number),
    });
    expect(rows[0]).toHaveProperty('is_accepted');
  });
});

describe('status changes', () => {
  it('offers the next statuses of the status order', async () => {
    const answer = await post(
      '/api/ad_statuses/statusOrder',
      { status_id: AD_STATUS.awaitingApproval },
      moderator,
    );
    expect(answer.json().status_order.map((s: { id: number }) => s.id)).toEqual([
      AD_STATUS.approved,
      AD_STATUS.rejected,
    ]);
  });

  it('lists the ad statuses for the status filter (index_active, staff only), in workflow order', async () => {
    const request = {
      filters: {},
      options: { page: 1, itemsPerPage: 1000, sortBy: ['id'] },
      show_only_active: true,
    };
    const answer = await post('/api/ad_statuses/index_active', request, moderator);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      total_rows: 4,
      result: [
        { id: AD_STATUS.awaitingApproval, name: 'Čeka odobrenje', is_reason_required: false },
        { id: AD_STATUS.approved, name: 'Odobren' },
        { id: AD_STATUS.rejected, name: 'Odbijen', is_reason_required: true },
        { id: AD_STATUS.finished, name: 'Završen' },
      ],
    });
    const named = await post(
      '/api/ad_statuses/index_active',
      { ...request, filters: { name: 'Odb' } },
      moderator,
    );
    expect(named.json().result.map((s: { id: number }) => s.id)).toEqual([AD_STATUS.rejected]);
    const member = await t.signIn('korisnik', DEMO_PASSWORD);
    expect((await post('/api/ad_statuses/index_active', request, member)).statusCode).toBe(403);
    expect((await post('/api/ad_statuses/index', request, moderator)).statusCode).toBe(404);
  });

  it('rejects with a reason: history, the ad, and a notification to its owner', async () => {
    const ad = await adInStatus(AD_STATUS.awaitingApproval);
    const noReason = await put(`/api/jobs/changeStatus/${ad.id}`, { ad_status_id: AD_STATUS.rejected });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ status_comment: ['Obavezno polje.'] });
    const answer = await put(`/api/jobs/changeStatus/${ad.id}`, {
      ad_status_id: AD_STATUS.rejected,
      status_comment: 'Nedostaje opis posla.',
      from_status_id: AD_STATUS.awaitingApproval,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().status).toMatchObject({ id: AD_STATUS.rejected, name: 'Odbijen' });
    const [history] = await t.db
      .select({
        from: adStatusHistory.from_status_id,
        to: adStatusHistory.to_status_id,
        reason: adStatusHistory.reason,
      })
      .from(adStatusHistory)
      .where(eq(adStatusHistory.ad_id, ad.id))
      .orderBy(desc(adStatusHistory.id))
      .limit(1);
    expect(history).toEqual({
      from: AD_STATUS.awaitingApproval,
      to: AD_STATUS.rejected,
      reason: 'Nedostaje opis posla.',
    });
    const [notice] = await t.db
      .select({ text: notifications.notification_text, userId: notificationRecipients.user_id })
      .from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notification_id))
      .where(eq(notificationRecipients.user_id, ad.ownerId))
      .orderBy(desc(notifications.id))
      .limit(1);
    // The statement of reasons (issue 19), in the poster's language: Montenegrin by default.
    expect(notice?.text).toContain(
      `Odluka: vaš oglas „${ad.title}“ sada ima status: Odbijen.\n\nNapomena moderatora: Nedostaje opis posla.`,
    );
    const details = (
      await t.request({ method: 'GET', url: `/api/jobs/show/${ad.id}`, cookie: moderator })
    ).json();
    expect(details.status_history.at(-1)).toMatchObject({
      from: { name: 'Čeka odobrenje' },
      to: { name: 'Odbijen' },
      reason: 'Nedostaje opis posla.',
      changed_by: expect.any(String),
    });
  });

  it('refuses a move the status order does not allow', async () => {
    const ad = await adInStatus(AD_STATUS.awaitingApproval);
    const answer = await put(`/api/jobs/changeStatus/${ad.id}`, { ad_status_id: AD_STATUS.finished });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe(
      'Oglas sa statusom „Čeka odobrenje“ ne može preći u status „Završen“.',
    );
  });

  it('refuses a decision on a status the ad no longer has (409), keeping the first decision', async () => {
    const ad = await adInStatus(AD_STATUS.awaitingApproval);
    const decisions = [
      { ad_status_id: AD_STATUS.approved, from_status_id: AD_STATUS.awaitingApproval },
      {
        ad_status_id: AD_STATUS.rejected,
        status_comment: 'Duplikat.',
        from_status_id: AD_STATUS.awaitingApproval,
      },
    ];
    const answers = isOnPostgres
      ? await Promise.all(decisions.map((body) => put(`/api/jobs/changeStatus/${ad.id}`, body)))
      : [
          await put(`/api/jobs/changeStatus/${ad.id}`, decisions[0]),
          await put(`/api/jobs/changeStatus/${ad.id}`, decisions[1]),
        ];
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)?.json().status.id;
    const loser = answers.find((a) => a.statusCode === 409)?.json();
    expect(loser.message).toMatch(/^Oglas je u međuvremenu dobio status/);
    const [stored] = await t.db.select({ status: ads.ad_status_id }).from(ads).where(eq(ads.id, ad.id));
    expect(stored?.status).toBe(winner);
    const history = await t.db
      .select({ id: adStatusHistory.id })
      .from(adStatusHistory)
      .where(eq(adStatusHistory.ad_id, ad.id));
    const [ownHistory] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(adStatusHistory)
      .where(
        and(eq(adStatusHistory.ad_id, ad.id), eq(adStatusHistory.from_status_id, AD_STATUS.awaitingApproval)),
      );
    expect(history.length).toBeGreaterThan(0);
    expect(ownHistory?.n).toBeGreaterThanOrEqual(1);
  });

  it('changes several ads at once, saying which changed and which were refused and why', async () => {
    const waitingA = await adInStatus(AD_STATUS.awaitingApproval, 0);
    const waitingB = await adInStatus(AD_STATUS.awaitingApproval, 1);
    const finished = await adInStatus(AD_STATUS.finished);
    const answer = await put('/api/jobs/changeStatus', {
      ids: [waitingA.id, finished.id, waitingB.id],
      ad_status_id: AD_STATUS.approved,
      from_status_id: AD_STATUS.awaitingApproval,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      changed: [waitingA.id, waitingB.id],
      unchanged: [],
      next_after_id: null,
      remaining: 0,
      refused: [
        {
          id: finished.id,
          message: 'Oglas je u međuvremenu dobio status „Završen“. Osvježite prikaz i odlučite ponovo.',
        },
      ],
    });
  });

  it('is for staff: a member, signed in as the mobile app does, is refused', async () => {
    const member = await t.signIn('korisnik', DEMO_PASSWORD);
    const ad = await adInStatus(AD_STATUS.approved);
    const answer = await put(`/api/jobs/changeStatus/${ad.id}`, { ad_status_id: AD_STATUS.finished }, member);
    expect(answer.statusCode).toBe(403);
    expect((await post('/api/jobs/index', {}, member)).statusCode).toBe(403);
    const anonymous = await t.request({
      method: 'PUT',
      url: `/api/jobs/changeStatus/${ad.id}`,
      payload: { ad_status_id: AD_STATUS.finished },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
