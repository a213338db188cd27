import { AD_STATUS, type AdClaim, type AdRow } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adClaims, ads, currencies, services } from '../src/db/schema/index.ts';
import { createDemoTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Claims and waiting time (issue 19 item 4): two moderators contend for one ad; the claim shows on
 * the ads lists, keeps the other's decisions away, expires, and a decision releases it. The
 * dashboard shows the queue by age.
 */
let t: TestApp;
let admin = '';
let mira = '';
let nikola = '';
let miraUser: TestUser;
let nikolaUser: TestUser;
let keyCount = 0;
let mowing = 0;
let euro = 0;

type Json = Record<string, unknown> & { message?: string; claimed_by?: string };
const json = <T = Json>(response: LightMyRequestResponse) => response.json<T & Json>();

const call = (
  cookie: string,
  method: 'POST' | 'PUT' | 'DELETE' | 'GET',
  url: string,
  payload?: object,
  lang = 'me',
) =>
  t.request({
    method,
    url,
    cookie,
    headers: { 'idempotency-key': `claim-${++keyCount}`, 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

const claim = (cookie: string, adId: number, lang = 'me') =>
  call(cookie, 'POST', `/api/jobs/claim/${adId}`, undefined, lang);
const release = (cookie: string, adId: number) => call(cookie, 'DELETE', `/api/jobs/claim/${adId}`);
const decide = (cookie: string, adId: number, statusId: number = AD_STATUS.approved, lang = 'me') =>
  call(
    cookie,
    'PUT',
    `/api/jobs/changeStatus/${adId}`,
    { ad_status_id: statusId, status_comment: null },
    lang,
  );

/** An ad awaiting approval, made by the administrator. */
async function awaitingAd(title: string): Promise<number> {
  const created = await call(admin, 'POST', '/api/jobs/store', {
    title,
    is_offer: true,
    services: [mowing],
    posted_by_user_id: nikolaUser.id,
    currency_id: euro,
    price_from: 30,
    allCountries: true,
    allWorkingDays: true,
  });
  expect(created.statusCode).toBe(201);
  return json<{ id: number }>(created).id;
}

/** The ads list's row of this ad, as the moderator sees it. */
async function rowOf(cookie: string, adId: number, title: string): Promise<AdRow> {
  const answer = await call(cookie, 'POST', '/api/jobs/index', { filters: { title }, options: {} });
  expect(answer.statusCode).toBe(200);
  const row = json<{ result: AdRow[] }>(answer).result.find((item) => item.id === adId);
  if (!row) throw new Error(`ad ${adId} not on the list`);
  return row;
}

const expireClaim = (adId: number) =>
  t.db.update(adClaims).set({ expires_at: sql`now() - interval '1 second'` }).where(eq(adClaims.ad_id, adId));

beforeAll(async () => {
  const demo = await createDemoTestApp();
  t = demo.t;
  admin = demo.adminCookie;
  // Users first, so that no moderator's id matches a role's by chance.
  await createUser(t.db, { username: 'zauzece.popuna1', roleIds: [] });
  await createUser(t.db, { username: 'zauzece.popuna2', roleIds: [] });
  miraUser = await createUser(t.db, { username: 'zauzece.mira', roleIds: [ROLE.moderator] });
  nikolaUser = await createUser(t.db, { username: 'zauzece.nikola', roleIds: [ROLE.moderator] });
  mira = await t.signIn(miraUser.username);
  nikola = await t.signIn(nikolaUser.username);
  const [service] = await t.db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.name, 'Košenje trave'));
  const [currency] = await t.db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.short_name, 'EUR'));
  if (!service || !currency) throw new Error('reference data missing');
  mowing = service.id;
  euro = currency.id;
});
afterAll(() => t.close());

const MIRA = 'Ime zauzece.mira Prezime';
const NIKOLA = 'Ime zauzece.nikola Prezime';

describe('two moderators contending for one ad', () => {
  it('the first claims it; the second is refused with a 409 naming the holder, in their language', async () => {
    const adId = await awaitingAd('Zauzeće — prvi uzima');
    const first = await claim(mira, adId);
    expect(first.statusCode).toBe(200);
    const body = json<AdClaim>(first);
    expect(body).toEqual({ ad_id: adId, claimed_by: MIRA, expires_at: expect.any(String) });
    const minutesLeft = (Date.parse(String(body.expires_at)) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(4.5);
    expect(minutesLeft).toBeLessThanOrEqual(5.1);

    const second = await claim(nikola, adId);
    expect(second.statusCode).toBe(409);
    expect(json(second)).toEqual({
      message: `Ovaj oglas upravo pregleda ${MIRA}: sačekajte da završi ili izaberite drugi.`,
      claimed_by: MIRA,
    });
    const inEnglish = await claim(nikola, adId, 'en');
    expect(json(inEnglish).message).toBe(
      `This ad is being reviewed by ${MIRA}: wait until they finish or pick another one.`,
    );
  });

  it('the holder renews the claim: a later expiry, the same start', async () => {
    const adId = await awaitingAd('Zauzeće — obnova');
    await claim(mira, adId);
    const [before] = await t.db.select().from(adClaims).where(eq(adClaims.ad_id, adId));
    await t.db
      .update(adClaims)
      .set({ expires_at: sql`now() + interval '1 minute'` })
      .where(eq(adClaims.ad_id, adId));
    const renewed = await claim(mira, adId);
    expect(renewed.statusCode).toBe(200);
    const [after] = await t.db.select().from(adClaims).where(eq(adClaims.ad_id, adId));
    expect(after?.user_id).toBe(miraUser.id);
    expect(after?.claimed_at).toEqual(before?.claimed_at);
    expect(after?.expires_at.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
  });

  it("the ads lists carry the holder's name on the claimed row, for everyone, and null when unclaimed", async () => {
    const title = 'Zauzeće — u listi';
    const adId = await awaitingAd(title);
    expect((await rowOf(nikola, adId, title)).claimed_by).toBeNull();
    await claim(mira, adId);
    expect((await rowOf(nikola, adId, title)).claimed_by).toBe(MIRA);
    expect((await rowOf(mira, adId, title)).claimed_by).toBe(MIRA);
    await expireClaim(adId);
    expect((await rowOf(nikola, adId, title)).claimed_by).toBeNull();
  });

  it('an expired claim lets the other moderator in', async () => {
    const title = 'Zauzeće — istekao';
    const adId = await awaitingAd(title);
    await claim(mira, adId);
    expect((await claim(nikola, adId)).statusCode).toBe(409);
    await expireClaim(adId);
    const taken = await claim(nikola, adId);
    expect(taken.statusCode).toBe(200);
    expect(json(taken).claimed_by).toBe(NIKOLA);
    expect((await rowOf(mira, adId, title)).claimed_by).toBe(NIKOLA);
    // Now Mira is the one refused.
    expect(json(await claim(mira, adId)).claimed_by).toBe(NIKOLA);
  });

  it("a decision by the one not holding the claim is refused naming the holder; the holder's decision stands and releases it", async () => {
    const title = 'Zauzeće — odluka';
    const adId = await awaitingAd(title);
    await claim(mira, adId);
    const refused = await decide(nikola, adId, AD_STATUS.approved, 'en');
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual({
      message: `This ad is being reviewed by ${MIRA}: wait until they finish or pick another one.`,
      claimed_by: MIRA,
    });
    const [still] = await t.db.select({ status: ads.ad_status_id }).from(ads).where(eq(ads.id, adId));
    expect(still?.status).toBe(AD_STATUS.awaitingApproval);

    const decided = await decide(mira, adId);
    expect(decided.statusCode).toBe(200);
    expect(json<AdRow>(decided).claimed_by).toBeNull();
    expect(await t.db.select().from(adClaims).where(eq(adClaims.ad_id, adId))).toEqual([]);
    expect((await rowOf(nikola, adId, title)).status.id).toBe(AD_STATUS.approved);
  });

  it('a decision on an ad nobody claims (or whose claim expired) goes through and clears the old claim', async () => {
    const adId = await awaitingAd('Zauzeće — istekla pa odluka');
    await claim(mira, adId);
    await expireClaim(adId);
    expect((await decide(nikola, adId)).statusCode).toBe(200);
    expect(await t.db.select().from(adClaims).where(eq(adClaims.ad_id, adId))).toEqual([]);
  });

  it("releasing: only one's own claim goes; releasing twice or someone else's is harmless", async () => {
    const adId = await awaitingAd('Zauzeće — puštanje');
    await claim(mira, adId);
    const notHers = await release(nikola, adId);
    expect(notHers.statusCode).toBe(200);
    expect(
      await t.db.select({ user: adClaims.user_id }).from(adClaims).where(eq(adClaims.ad_id, adId)),
    ).toEqual([{ user: miraUser.id }]);
    expect((await release(mira, adId)).statusCode).toBe(200);
    expect(json(await release(mira, adId))).toEqual({ ad_id: adId });
    expect(await t.db.select().from(adClaims).where(eq(adClaims.ad_id, adId))).toEqual([]);
    expect((await claim(nikola, adId)).statusCode).toBe(200);
  });

  it('a bulk decision decides the free ads and lists the ones claimed by others, naming who holds them', async () => {
    const claimedAd = await awaitingAd('Zauzeće — grupno zauzet');
    const freeAd = await awaitingAd('Zauzeće — grupno slobodan');
    const ownAd = await awaitingAd('Zauzeće — grupno moj');
    await claim(mira, claimedAd);
    await claim(nikola, ownAd);
    const answer = await call(nikola, 'PUT', '/api/jobs/changeStatus', {
      ids: [claimedAd, freeAd, ownAd],
      ad_status_id: AD_STATUS.approved,
      status_comment: null,
    });
    expect(answer.statusCode).toBe(200);
    expect(json(answer)).toEqual({
      changed: [freeAd, ownAd],
      unchanged: [],
      next_after_id: null,
      remaining: 0,
      refused: [
        {
          id: claimedAd,
          message: `Ovaj oglas upravo pregleda ${MIRA}: sačekajte da završi ili izaberite drugi.`,
        },
      ],
    });
  });

  it('only staff claim; an ad that does not exist is a 404; a retried claim with the same key applies once', async () => {
    const member = await createUser(t.db, { username: 'zauzece.clan', roleIds: [ROLE.member] });
    const adId = await awaitingAd('Zauzeće — pristup');
    const asMember = await t.request({
      method: 'POST',
      url: `/api/jobs/claim/${adId}`,
      cookie: await t.signIn(member.username).catch(() => ''),
      headers: { 'idempotency-key': `claim-${++keyCount}` },
    });
    expect([401, 403]).toContain(asMember.statusCode);
    expect((await claim(mira, 987_654)).statusCode).toBe(404);
    const headers = { 'idempotency-key': 'zauzece-jednom' };
    const [one, two] = await Promise.all([
      t.request({ method: 'POST', url: `/api/jobs/claim/${adId}`, cookie: mira, headers }),
      t.request({ method: 'POST', url: `/api/jobs/claim/${adId}`, cookie: mira, headers }),
    ]);
    expect(one.statusCode).toBe(200);
    expect(json(two)).toEqual(json(one));
  });
});

describe('waiting time', () => {
  type Ages = { under_1_hour: number; from_1_to_24_hours: number; over_24_hours: number };
  type Figures = {
    ads_waiting: number;
    queue_by_age: Ages;
    oldest_waiting: { id: number; title: string; waiting_since: string } | null;
  };
  const dashboard = async () => json<Figures>(await call(mira, 'GET', '/api/dashboard'));
  const setWaiting = (adId: number, interval: string) =>
    t.db
      .update(ads)
      .set({ updated_at: sql`now() - ${interval}::interval` })
      .where(eq(ads.id, adId));

  it('the dashboard counts the queue by age (under 1 h, 1–24 h, over 24 h) and names the oldest waiting ad', async () => {
    const before = await dashboard();
    const total = (ages: Ages) => ages.under_1_hour + ages.from_1_to_24_hours + ages.over_24_hours;
    expect(total(before.queue_by_age)).toBe(before.ads_waiting);

    const fresh = await awaitingAd('Čeka — svjež');
    const hours = await awaitingAd('Čeka — satima');
    const days = await awaitingAd('Čeka — danima');
    const oldest = await awaitingAd('Čeka — najduže');
    await setWaiting(hours, '3 hours');
    await setWaiting(days, '30 hours');
    await setWaiting(oldest, '20 years');
    expect(fresh).toBeGreaterThan(0);

    const after = await dashboard();
    expect(after.queue_by_age).toEqual({
      under_1_hour: before.queue_by_age.under_1_hour + 1,
      from_1_to_24_hours: before.queue_by_age.from_1_to_24_hours + 1,
      over_24_hours: before.queue_by_age.over_24_hours + 2,
    });
    expect(after.oldest_waiting).toEqual({
      id: oldest,
      title: 'Čeka — najduže',
      waiting_since: expect.any(String),
    });
    const waitedYears =
      (Date.now() - Date.parse(String(after.oldest_waiting?.waiting_since))) / (365 * 86_400_000);
    expect(Math.round(waitedYears)).toBe(20);

    // Decided: it leaves the queue and its age group.
    expect((await decide(mira, oldest)).statusCode).toBe(200);
    const decided = await dashboard();
    expect(decided.queue_by_age.over_24_hours).toBe(after.queue_by_age.over_24_hours - 1);
    expect(decided.oldest_waiting?.id).not.toBe(oldest);
  });
});
