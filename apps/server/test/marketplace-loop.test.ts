import { AD_STATUS, type MemberLead, ROLE, USER_TYPE } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, creditPrices, currencies, leads, services } from '../src/db/schema/index.ts';
import { seed } from '../src/db/seed/seed.ts';
import { expectBalancesEqualLedgers } from './helpers/ledger-checks.ts';
import { type Caller, formOf, listenForMembers } from './helpers/member-api.ts';
import { startSmtpPeer } from './helpers/smtp-peer.ts';
import { createTestApp, createUser, type TestApp } from './helpers/test-app.ts';

/**
 * The whole marketplace loop through the API (issue 20, "done when"): a member registers and
 * verifies (the link from a real SMTP peer), signs in to the app, posts an ad; a moderator approves
 * it; another member finds and contacts it (a doubled request pays once); the poster accepts; a
 * third contact goes unanswered and is refunded by itself; a refund request is approved at the
 * desk; a rejection with paid contacts refunds them. Balances equal ledgers after every step.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let api: Awaited<ReturnType<typeof listenForMembers>>;
let moderator: Caller;
let administrator: Caller;
let poster: Caller;
let buyer: Caller;
let late: Caller;
let buyerId = 0;
let adId = 0;
let mowing = 0;
let hedge = 0;
let euro = 0;

const ADMIN_PASSWORD = 'Petlja-admin-2026';

const balanceOf = async (caller: Caller) =>
  (await api.call<{ credit: number }>('GET', '/api/me', caller)).body.credit;

async function topUp(userId: number, amount: number) {
  const [price] = await t.db.select({ id: creditPrices.id }).from(creditPrices).limit(1);
  const answer = await api.call('POST', '/api/lead_transactions/store', administrator, {
    credit_amount: amount,
    credit_price_id: price?.id,
    credit_for_user_id: userId,
  });
  expect(answer.status).toBe(201);
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  await seed(t.db, { isDemoSeeded: false, adminPassword: ADMIN_PASSWORD });
  api = await listenForMembers(t.app);
  await createUser(t.db, { username: 'moderatorka', roleIds: [ROLE.moderator] });
  await createUser(t.db, { username: 'blagajnik', roleIds: [ROLE.administrator] });
  moderator = await api.staffCookie('moderatorka');
  administrator = await api.staffCookie('blagajnik');
  const lateUser = await createUser(t.db, { username: 'spori.kupac', roleIds: [ROLE.member] });
  const buyerUser = await createUser(t.db, { username: 'kupac.lena', roleIds: [ROLE.member] });
  buyerId = buyerUser.id;
  buyer = await api.memberToken('kupac.lena');
  late = await api.memberToken('spori.kupac');
  await topUp(buyerUser.id, 30);
  await topUp(lateUser.id, 30);
  const serviceId = async (name: string) =>
    (await t.db.select({ id: services.id }).from(services).where(eq(services.name, name)))[0]?.id ?? 0;
  mowing = await serviceId('Košenje trave');
  hedge = await serviceId('Orezivanje voćki i živice');
  euro =
    (await t.db.select({ id: currencies.id }).from(currencies).where(eq(currencies.short_name, 'EUR')))[0]
      ?.id ?? 0;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('the marketplace loop', () => {
  it('a member registers, verifies by the mailed link and signs in to the app', async () => {
    const registered = await api.call('POST', '/api/register', null, {
      name: 'Marko',
      last_name: 'Vrtlarević',
      email: 'marko.vrt@primjer.me',
      username: 'marko.vrt',
      phone: '+382 68 123 456',
      user_type_id: USER_TYPE.individual,
      password: 'Vrt-lozinka-1',
    });
    expect(registered.status).toBe(201);
    // Not yet verified: the app says so.
    const early = await api.call<{ error: string }>('POST', '/api/login', null, {
      username: 'marko.vrt',
      password: 'Vrt-lozinka-1',
    });
    expect(early.status).toBe(403);
    await t.app.mail.deliverDue();
    const mail = smtp.received.find((m) => m.to.includes('marko.vrt@primjer.me'));
    const token = /\/verify-account\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect((await api.call('POST', '/api/verify-account', null, { token })).status).toBe(200);
    const login = await api.call<{ access_token: string }>('POST', '/api/login', null, {
      username: 'marko.vrt@primjer.me',
      password: 'Vrt-lozinka-1',
    });
    expect(login.status).toBe(200);
    poster = { token: login.body.access_token };
  });

  it('the member posts an ad; it waits until a moderator approves it', async () => {
    const posted = await api.call<{ id: number; status: { id: number } }>(
      'POST',
      '/api/me/ads/store',
      poster,
      formOf({
        title: 'Košenje i orezivanje u Podgorici',
        description: 'Brzo i uredno, sa svojim alatom.',
        is_offer: 'true',
        services: [mowing, hedge],
        currency_id: String(euro),
        price_from: '25',
        allCountries: 'true',
        allWorkingDays: 'true',
      }),
    );
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    adId = posted.body.id;
    expect(posted.body.status.id).toBe(AD_STATUS.awaitingApproval);
    const hidden = await api.call<{ result: unknown[] }>('POST', '/api/ads/search', buyer, {
      filters: { q: 'orezivanje' },
    });
    expect(hidden.body.result).toEqual([]);
    const approved = await api.call('PUT', `/api/jobs/changeStatus/${adId}`, moderator, {
      ad_status_id: AD_STATUS.approved,
      status_comment: null,
    });
    expect(approved.status).toBe(200);
  });

  it('another member finds it and contacts it; a doubled request pays once', async () => {
    const found = await api.call<{ result: { id: number }[] }>('POST', '/api/ads/search', buyer, {
      filters: { q: 'kosenje podgorici', service_id: mowing },
    });
    expect(found.body.result.map((row) => row.id)).toContain(adId);
    const before = await balanceOf(buyer);
    const body = { ad_id: adId, service_id: mowing };
    const [first, second] = await Promise.all([
      api.call<{ lead: MemberLead; balance: number }>(
        'POST',
        '/api/leads/contact',
        buyer,
        body,
        'petlja-kontakt',
      ),
      api.call<{ lead: MemberLead; balance: number }>(
        'POST',
        '/api/leads/contact',
        buyer,
        body,
        'petlja-kontakt',
      ),
    ]);
    expect(first.status).toBe(201);
    expect(second).toEqual(first);
    expect(await balanceOf(buyer)).toBe(before - first.body.lead.credit);
    await expectBalancesEqualLedgers(t.db);
  });

  it('the poster accepts: both see each other’s contact details', async () => {
    const received = await api.call<{ result: MemberLead[] }>('POST', '/api/me/leads/index', poster, {
      filters: { direction: 'received' },
    });
    const lead = received.body.result[0];
    expect(lead?.counterpart.phone).toBeNull();
    const accepted = await api.call<MemberLead>('PUT', `/api/leads/answer/${lead?.id}`, poster, {
      is_accepted: true,
    });
    expect(accepted.body.counterpart.email).toBe('kupac.lena@example.test');
    const publicView = await api.call<{ contact: { phone: string } | null }>(
      'GET',
      `/api/ads/public/${adId}`,
      buyer,
    );
    expect(publicView.body.contact?.phone).toBe('+382 68 123 456');
  });

  it('a contact left unanswered is refunded by itself', async () => {
    const before = await balanceOf(late);
    const sent = await api.call<{ lead: MemberLead }>('POST', '/api/leads/contact', late, {
      ad_id: adId,
      service_id: hedge,
    });
    expect(sent.status).toBe(201);
    await t.db
      .update(leads)
      .set({ answer_due_at: sql`now() - interval '1 second'` })
      .where(eq(leads.id, sent.body.lead.id));
    expect(await t.app.leadRefunds.refundDue()).toBe(1);
    expect(await balanceOf(late)).toBe(before);
    await expectBalancesEqualLedgers(t.db);
  });

  it('a refund request is approved at the desk: the credits come back once', async () => {
    const [lead] = await t.db
      .select({ id: leads.id, credit: leads.credit })
      .from(leads)
      .where(eq(leads.user_id, buyerId));
    const asked = await api.call<{ id: number; updated_at: string }>(
      'POST',
      '/api/refund_requests/store',
      buyer,
      {
        lead_id: lead?.id,
        reason: 'invalid_contact',
        text: 'Broj telefona se ne javlja.',
      },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const before = await balanceOf(buyer);
    const decide = (key: string) =>
      api.call(
        'PUT',
        `/api/refund_requests/decide/${asked.body.id}`,
        administrator,
        { is_approved: true },
        key,
      );
    const decisions = await Promise.all([decide('odluka-a'), decide('odluka-b')]);
    expect(decisions.map((d) => d.status).sort()).toContain(200);
    expect(await balanceOf(buyer)).toBe(before + (lead?.credit ?? 0));
    await expectBalancesEqualLedgers(t.db);
  });

  it('rejecting an ad with paid open contacts refunds them in the same action', async () => {
    const before = await balanceOf(late);
    const sent = await api.call<{ lead: MemberLead }>('POST', '/api/leads/contact', late, {
      ad_id: adId,
      service_id: mowing,
    });
    expect(sent.status).toBe(201);
    const rejected = await api.call('PUT', `/api/jobs/changeStatus/${adId}`, moderator, {
      ad_status_id: AD_STATUS.rejected,
      status_comment: 'Oglas nudi zabranjenu uslugu.',
      refund_leads: true,
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(await balanceOf(late)).toBe(before);
    await expectBalancesEqualLedgers(t.db);
  });

  it('refuses what members may not do: another’s ad, a staff route, a contact without credits', async () => {
    const takeover = formOf({
      title: 'Otet oglas',
      is_offer: 'true',
      services: [mowing],
      currency_id: String(euro),
      price_from: '5',
      allCountries: 'true',
      allWorkingDays: 'true',
    });
    expect((await api.call('POST', `/api/me/ads/update/${adId}`, buyer, takeover)).status).toBe(404);
    expect((await api.call('POST', '/api/users/index', buyer, {})).status).toBe(403);
    const broke = await createUser(t.db, { username: 'bez.kredita', roleIds: [ROLE.member] });
    const brokeCaller = await api.memberToken(broke.username);
    const posted = await api.call<{ id: number }>(
      'POST',
      '/api/me/ads/store',
      poster,
      formOf({
        title: 'Odvoz granja',
        is_offer: 'true',
        services: [hedge],
        currency_id: String(euro),
        price_from: '15',
        allCountries: 'true',
        allWorkingDays: 'true',
      }),
    );
    await api.call('PUT', `/api/jobs/changeStatus/${posted.body.id}`, moderator, {
      ad_status_id: AD_STATUS.approved,
      status_comment: null,
    });
    const refused = await api.call('POST', '/api/leads/contact', brokeCaller, {
      ad_id: posted.body.id,
      service_id: hedge,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Nemate dovoljno kredita/);
    await expectBalancesEqualLedgers(t.db);
  });

  it('a poster taking down a paid ad refunds the waiting contacts; putting it back sends it to review', async () => {
    const posted = await api.call<{ id: number }>(
      'POST',
      '/api/me/ads/store',
      poster,
      formOf({
        title: 'Sadnja živice',
        is_offer: 'true',
        services: [hedge],
        currency_id: String(euro),
        price_from: '30',
        allCountries: 'true',
        allWorkingDays: 'true',
      }),
    );
    await api.call('PUT', `/api/jobs/changeStatus/${posted.body.id}`, moderator, {
      ad_status_id: AD_STATUS.approved,
      status_comment: null,
    });
    const before = await balanceOf(late);
    const sent = await api.call('POST', '/api/leads/contact', late, {
      ad_id: posted.body.id,
      service_id: hedge,
    });
    expect(sent.status).toBe(201);
    const down = await api.call<{ is_active: boolean }>(
      'DELETE',
      `/api/me/ads/destroy/${posted.body.id}`,
      poster,
    );
    expect(down.body.is_active).toBe(false);
    expect(await balanceOf(late)).toBe(before);
    const back = await api.call<{ is_active: boolean; status: { id: number } }>(
      'DELETE',
      `/api/me/ads/destroy/${posted.body.id}`,
      poster,
    );
    expect(back.body).toMatchObject({ is_active: true, status: { id: AD_STATUS.awaitingApproval } });
    await expectBalancesEqualLedgers(t.db);
  });

  it('a poster closing the account takes the ads down and refunds the contacts waiting for an answer', async () => {
    const posted = await api.call<{ id: number }>(
      'POST',
      '/api/me/ads/store',
      poster,
      formOf({
        title: 'Košenje livada',
        is_offer: 'true',
        services: [mowing],
        currency_id: String(euro),
        price_from: '40',
        allCountries: 'true',
        allWorkingDays: 'true',
      }),
    );
    await api.call('PUT', `/api/jobs/changeStatus/${posted.body.id}`, moderator, {
      ad_status_id: AD_STATUS.approved,
      status_comment: null,
    });
    const before = await balanceOf(late);
    expect(
      (await api.call('POST', '/api/leads/contact', late, { ad_id: posted.body.id, service_id: mowing }))
        .status,
    ).toBe(201);
    const closed = await api.call('POST', '/api/me/delete', poster, { password: 'Vrt-lozinka-1' });
    expect(closed.status).toBe(200);
    expect(await balanceOf(late)).toBe(before);
    const [ad] = await t.db.select({ isActive: ads.is_active }).from(ads).where(eq(ads.id, posted.body.id));
    expect(ad?.isActive).toBe(false);
    expect((await api.call('GET', `/api/ads/public/${posted.body.id}`, late)).status).toBe(404);
    await expectBalancesEqualLedgers(t.db);
  });
});
