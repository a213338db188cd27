import { AD_STATUS, type MemberLead } from '@usluge/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currencies,
  leads,
  mailOutbox,
  notificationRecipients,
  notifications,
  services,
  transactions,
  users,
} from '../src/db/schema/index.ts';
import { balanceOf, expectBalancesEqualLedgers } from './helpers/ledger-checks.ts';
import {
  type Caller,
  formOf,
  listenForMembers,
  type MemberApi,
  topUp as topUpBy,
} from './helpers/member-api.ts';
import { createDemoTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Contacts that cost credits (issue 20, item 5): a member pays to contact an ad, the poster
 * answers, a declined or unanswered contact is refunded once; balances equal ledgers throughout.
 * Over HTTP with bearer tokens, on PGlite and PostgreSQL.
 */
let t: TestApp;
let api: MemberApi;
let staff: Caller;
let poster: TestUser;
let buyer: TestUser;
let other: TestUser;
const tokens = new Map<number, Caller>();
let adId = 0;
let mowing = 0;
let hedge = 0;
let notOffered = 0;

type ContactAnswer = { lead: MemberLead; balance: number };

/** A member's call through the app with their bearer token. */
const call = <T>(method: string, path: string, member: TestUser, body?: unknown, key?: string) =>
  api.call<T>(method, path, tokens.get(member.id) ?? null, body, key);

const contact = (member: TestUser, serviceId = mowing, key?: string) =>
  call<ContactAnswer>('POST', '/api/leads/contact', member, { ad_id: adId, service_id: serviceId }, key);
const answer = (member: TestUser, leadId: number, isAccepted: boolean) =>
  call<MemberLead>('PUT', `/api/leads/answer/${leadId}`, member, { is_accepted: isAccepted });

const topUp = (user: TestUser, amount: number) => topUpBy(api, t.db, staff, user.id, amount);

// The member's language is the one they sign in with: kupac.john reads English.
async function signInApp(user: TestUser) {
  tokens.set(user.id, await api.memberToken(user.username, { lang: user === other ? 'en' : 'me' }));
}

async function serviceId(name: string) {
  const [row] = await t.db.select({ id: services.id }).from(services).where(eq(services.name, name));
  if (!row) throw new Error(`service ${name} missing`);
  return row.id;
}

beforeAll(async () => {
  const demo = await createDemoTestApp();
  t = demo.t;
  staff = { cookie: demo.adminCookie };
  api = await listenForMembers(t.app);
  poster = await createUser(t.db, { username: 'vrtlar.petar', roleIds: [ROLE.member] });
  await t.db.update(users).set({ phone: '+382 67 555 111' }).where(eq(users.id, poster.id));
  buyer = await createUser(t.db, { username: 'kupac.mila', roleIds: [ROLE.member] });
  other = await createUser(t.db, { username: 'kupac.john', roleIds: [ROLE.member] });
  for (const member of [poster, buyer, other]) await signInApp(member);
  mowing = await serviceId('Košenje trave');
  hedge = await serviceId('Orezivanje voćki i živice');
  notOffered = await serviceId('Popravka računara i laptopa');
  const [euro] = await t.db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.short_name, 'EUR'));
  const fields = {
    title: 'Košenje i uređenje dvorišta',
    is_offer: 'true',
    services: JSON.stringify([mowing, hedge]),
    posted_by_user_id: String(poster.id),
    currency_id: String(euro?.id),
    price_from: '20',
    allCountries: 'true',
    allWorkingDays: 'true',
  };
  const created = await api.call<{ id: number }>('POST', '/api/jobs/store', staff, formOf(fields));
  adId = created.body.id;
  const approved = await api.call('PUT', `/api/jobs/changeStatus/${adId}`, staff, {
    ad_status_id: AD_STATUS.approved,
    status_comment: null,
  });
  expect(approved.status).toBe(200);
});
afterAll(() => t.close());

describe('contacting an ad costs credits', () => {
  it('refuses a contact the member cannot pay for, with the cost and balance, changing nothing', async () => {
    const refused = await contact(buyer);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Nemate dovoljno kredita: kontakt košta \d/);
    expect(await t.db.select({ id: leads.id }).from(leads).where(eq(leads.user_id, buyer.id))).toEqual([]);
    expect(
      await t.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.user_id, buyer.id)),
    ).toEqual([]);
  });

  it('takes the service credit once for a doubled request, creates the lead and tells the poster', async () => {
    await topUp(buyer, 50);
    const [cost] = await t.db
      .select({ credit: services.credit })
      .from(services)
      .where(eq(services.id, mowing));
    const key = 'kontakt-jednom';
    const [first, second] = await Promise.all([contact(buyer, mowing, key), contact(buyer, mowing, key)]);
    expect(first.status).toBe(201);
    expect(second).toEqual(first);
    expect(first.body.balance).toBe(50 - (cost?.credit ?? 0));
    expect(await balanceOf(t.db, buyer.id)).toBe(50 - (cost?.credit ?? 0));
    expect(first.body.lead).toMatchObject({
      direction: 'sent',
      ad: { id: adId },
      service: { id: mowing, name: 'Košenje trave' },
      is_accepted: null,
      refunded_at: null,
      counterpart: { id: poster.id, phone: null, email: null, last_name: null },
    });
    const paid = await t.db
      .select({ amount: transactions.credit_amount })
      .from(transactions)
      .where(eq(transactions.lead_id, first.body.lead.id));
    expect(paid).toEqual([{ amount: -(cost?.credit ?? 0) }]);
    const inbox = await t.db
      .select({ subject: notifications.subject, text: notifications.notification_text })
      .from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notification_id))
      .where(
        and(
          eq(notificationRecipients.user_id, poster.id),
          eq(notifications.subject, 'Novi kontakt za vaš oglas'),
        ),
      );
    expect(inbox).toEqual([
      { subject: 'Novi kontakt za vaš oglas', text: expect.stringContaining('Košenje i uređenje dvorišta') },
    ]);
    const mails = await t.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, 'vrtlar.petar@example.test'));
    expect(mails).toEqual([{ subject: 'Usluge: Novi kontakt za vaš oglas' }]);
    await expectBalancesEqualLedgers(t.db);
  });

  it('refuses a second open contact, the own ad and a service the ad does not offer', async () => {
    const again = await contact(buyer);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Već ste kontaktirali/);
    const own = await contact(poster);
    expect(own.status).toBe(422);
    const wrongService = await contact(buyer, notOffered);
    expect(wrongService.status).toBe(422);
    const unknownAd = await call('POST', '/api/leads/contact', buyer, { ad_id: 999_999, service_id: mowing });
    expect(unknownAd.status).toBe(404);
  });

  it('keeps staff and anonymous callers out of the member routes', async () => {
    const anonymous = await api.call('POST', '/api/leads/contact', null, { ad_id: adId, service_id: mowing });
    expect(anonymous.status).toBe(401);
    const asStaff = await api.call('POST', '/api/leads/contact', staff, { ad_id: adId, service_id: mowing });
    expect(asStaff.status).toBe(403);
  });
});

describe("the poster's answer", () => {
  it('accepting shows both sides their contact details; only the poster may answer, once', async () => {
    const [lead] = await t.db.select({ id: leads.id }).from(leads).where(eq(leads.user_id, buyer.id));
    const leadId = lead?.id ?? 0;
    expect((await answer(buyer, leadId, true)).status).toBe(404);
    expect((await answer(other, leadId, true)).status).toBe(404);
    const accepted = await answer(poster, leadId, true);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      direction: 'received',
      is_accepted: true,
      counterpart: { id: buyer.id, email: 'kupac.mila@example.test' },
    });
    expect(accepted.body.response_time).not.toBeNull();
    expect((await answer(poster, leadId, false)).status).toBe(409);
    const mails = await t.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, 'kupac.mila@example.test'));
    expect(mails).toEqual([{ subject: 'Usluge: Kontakt je prihvaćen' }]);
  });

  it('declining refunds the contact at once, with a ledger entry linked to it', async () => {
    await topUp(other, 20);
    const sent = await contact(other, hedge);
    expect(sent.status).toBe(201);
    const declined = await answer(poster, sent.body.lead.id, false);
    expect(declined.body).toMatchObject({ is_accepted: false, refund_reason: 'declined' });
    expect(await balanceOf(t.db, other.id)).toBe(20);
    const entries = await t.db
      .select({ amount: transactions.credit_amount })
      .from(transactions)
      .where(eq(transactions.lead_id, sent.body.lead.id))
      .orderBy(transactions.id);
    expect(entries.map((e) => e.amount)).toEqual([-sent.body.lead.credit, sent.body.lead.credit]);
    // The member chose English in the app: the notice is in English.
    const [notice] = await t.db
      .select({ subject: notifications.subject })
      .from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notification_id))
      .where(eq(notificationRecipients.user_id, other.id))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(notice?.subject).toBe('Your contact was declined');
    // A declined contact is no longer open: the member may try again.
    expect((await contact(other, hedge)).status).toBe(201);
    await expectBalancesEqualLedgers(t.db);
  });
});

describe('the automatic refund of unanswered contacts', () => {
  it('refunds a contact not answered by its answer_due_at once, even with two runs at once', async () => {
    const [open] = await t.db
      .select({ id: leads.id, credit: leads.credit })
      .from(leads)
      .where(and(eq(leads.user_id, other.id), sql`${leads.refunded_at} is null`));
    const leadId = open?.id ?? 0;
    const before = await balanceOf(t.db, other.id);
    expect(await t.app.leadRefunds.refundDue()).toBe(0);
    await t.db
      .update(leads)
      .set({ answer_due_at: sql`now() - interval '1 second'` })
      .where(eq(leads.id, leadId));
    const runs = await Promise.all([t.app.leadRefunds.refundDue(), t.app.leadRefunds.refundDue()]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await t.app.leadRefunds.refundDue()).toBe(0);
    expect(await balanceOf(t.db, other.id)).toBe((before ?? 0) + (open?.credit ?? 0));
    const [lead] = await t.db.select({ reason: leads.refund_reason }).from(leads).where(eq(leads.id, leadId));
    expect(lead?.reason).toBe('no_answer');
    const late = await answer(poster, leadId, true);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/Rok za odgovor je istekao/);
    await expectBalancesEqualLedgers(t.db);
  });
});

describe("a member's contacts", () => {
  type Page = { result: MemberLead[]; total_rows: number };
  const list = (member: TestUser, filters: Record<string, unknown> = {}) =>
    call<Page>('POST', '/api/me/leads/index', member, { filters, options: { page: 1, itemsPerPage: 20 } });

  it('lists the sent and the received ones, newest first, with contact details only once accepted', async () => {
    const sent = await list(buyer, { direction: 'sent' });
    expect(sent.status).toBe(200);
    expect(sent.body.result.map((lead) => [lead.direction, lead.is_accepted])).toEqual([['sent', true]]);
    expect(sent.body.result[0]?.counterpart).toMatchObject({ id: poster.id, phone: '+382 67 555 111' });

    const received = await list(poster, { direction: 'received' });
    // Accepted (kupac.mila), declined, and refunded for no answer (both kupac.john).
    expect(received.body.total_rows).toBe(3);
    expect(received.body.result.every((lead) => lead.direction === 'received')).toBe(true);
    const times = received.body.result.map((lead) => new Date(lead.contact_time).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const notAccepted = received.body.result.filter((lead) => lead.is_accepted !== true);
    expect(notAccepted).toHaveLength(2);
    for (const lead of notAccepted) {
      expect(lead.counterpart).toMatchObject({ id: other.id, phone: null, email: null, last_name: null });
    }
    expect((await list(poster, { direction: 'sent' })).body.total_rows).toBe(0);
  });

  it("never shows a member another member's contacts", async () => {
    const stranger = await createUser(t.db, { username: 'stranac.ivo', roleIds: [ROLE.member] });
    await signInApp(stranger);
    expect((await list(stranger)).body).toMatchObject({ result: [], total_rows: 0 });
  });
});
