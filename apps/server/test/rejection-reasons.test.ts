import { AD_STATUS, type RejectionReasonRow } from '@usluge/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adStatusHistory,
  currencies,
  notificationRecipients,
  notifications,
  services,
} from '../src/db/schema/index.ts';
import { SEED_REJECTION_REASONS } from '../src/db/seed/reference-rejection-reasons.ts';
import { seed } from '../src/db/seed/seed.ts';
import { type Caller, listenForMembers, type MemberApi } from './helpers/member-api.ts';
import { startSmtpPeer } from './helpers/smtp-peer.ts';
import { createTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Rejection reason templates and the statement of reasons (issue 19 item 2): administrators keep
 * the templates through the generic list and CRUD; a moderator cites them when changing an ad's
 * status (one ad, several, or resolving reports); the poster is sent the decision, the reasons,
 * what to change and how to ask for another review in their language, by inbox and by mail (a
 * real SMTP peer), and the status history keeps exactly the text sent.
 */
let t: TestApp;
let api: MemberApi;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let administrator: Caller;
let moderator: Caller;
let member: Caller;
let posterMe: TestUser;
let posterEn: TestUser;
let reporter: Caller;
let mowing = 0;
let euro = 0;

type Row = RejectionReasonRow & { id: number; updated_at: string };

const template = (suffix: string) => ({
  title_me: `Naslov ${suffix}`,
  title_en: `Title ${suffix}`,
  text_me: `Objašnjenje ${suffix}: šta treba ispraviti.`,
  text_en: `Explanation ${suffix}: what to correct.`,
});

async function storeTemplate(suffix: string): Promise<Row> {
  const answer = await api.call<Row>('POST', '/api/rejection_reasons/store', administrator, template(suffix));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** An ad of the poster's, awaiting approval unless approved here. */
async function adOf(poster: TestUser, title: string, isApproved = false): Promise<number> {
  const created = await api.call<{ id: number }>('POST', '/api/jobs/store', administrator, {
    title,
    is_offer: true,
    services: [mowing],
    posted_by_user_id: poster.id,
    currency_id: euro,
    price_from: 30,
    allCountries: true,
    allWorkingDays: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  if (isApproved) {
    const approved = await api.call('PUT', `/api/jobs/changeStatus/${created.body.id}`, moderator, {
      ad_status_id: AD_STATUS.approved,
    });
    expect(approved.status).toBe(200);
  }
  return created.body.id;
}

const lastHistory = async (adId: number) =>
  (
    await t.db
      .select({
        to: adStatusHistory.to_status_id,
        reason: adStatusHistory.reason,
        reasonIds: adStatusHistory.reason_ids,
        statement: adStatusHistory.statement,
      })
      .from(adStatusHistory)
      .where(eq(adStatusHistory.ad_id, adId))
      .orderBy(desc(adStatusHistory.id))
      .limit(1)
  )[0];

const lastNotice = async (userId: number) =>
  (
    await t.db
      .select({ subject: notifications.subject, text: notifications.notification_text })
      .from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notification_id))
      .where(eq(notificationRecipients.user_id, userId))
      .orderBy(desc(notifications.id))
      .limit(1)
  )[0];

const noticesOf = async (userId: number) =>
  t.db
    .select({ id: notifications.id })
    .from(notificationRecipients)
    .innerJoin(notifications, eq(notifications.id, notificationRecipients.notification_id))
    .where(eq(notificationRecipients.user_id, userId));

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  await seed(t.db, { isDemoSeeded: false, adminPassword: 'Razlozi-admin-2026' });
  api = await listenForMembers(t.app);
  // A few users first, so that no id of a person here matches a role's or a template's by chance.
  for (const filler of ['razlog.popuna1', 'razlog.popuna2', 'razlog.popuna3']) {
    await createUser(t.db, { username: filler, roleIds: [] });
  }
  await createUser(t.db, { username: 'razlog.admin', roleIds: [ROLE.administrator] });
  await createUser(t.db, { username: 'razlog.moderator', roleIds: [ROLE.moderator] });
  await createUser(t.db, { username: 'razlog.clan', roleIds: [ROLE.member] });
  await createUser(t.db, { username: 'razlog.prijavljuje', roleIds: [ROLE.member] });
  posterMe = await createUser(t.db, { username: 'razlog.oglasivac', roleIds: [ROLE.member] });
  posterEn = await createUser(t.db, { username: 'reason.poster', roleIds: [ROLE.member] });
  administrator = await api.staffCookie('razlog.admin');
  moderator = await api.staffCookie('razlog.moderator');
  member = await api.memberToken('razlog.clan');
  reporter = await api.memberToken('razlog.prijavljuje');
  // Signing in to the app in English makes English the poster's language.
  await api.memberToken('reason.poster', { lang: 'en' });
  mowing =
    (await t.db.select({ id: services.id }).from(services).where(eq(services.name, 'Košenje trave')))[0]
      ?.id ?? 0;
  euro =
    (await t.db.select({ id: currencies.id }).from(currencies).where(eq(currencies.short_name, 'EUR')))[0]
      ?.id ?? 0;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('rejection reason templates', () => {
  it('are seeded once with the reference data, active, in both languages; seeding again adds none', async () => {
    const active = await api.call<{ result: Row[]; total_rows: number }>(
      'POST',
      '/api/rejection_reasons/index_active',
      moderator,
      { options: { page: 1, itemsPerPage: 100 } },
    );
    expect(active.status).toBe(200);
    expect(active.body.result.map((row) => row.title_en).sort()).toEqual(
      SEED_REJECTION_REASONS.map((row) => row.title_en).sort(),
    );
    await seed(t.db, { isDemoSeeded: false, adminPassword: 'Razlozi-admin-2026' });
    const again = await api.call<{ total_rows: number }>(
      'POST',
      '/api/rejection_reasons/index',
      administrator,
      {},
    );
    expect(again.body.total_rows).toBe(SEED_REJECTION_REASONS.length);
  });

  it('an administrator adds, edits (with the version read) and deactivates a template', async () => {
    const stored = await storeTemplate('CRUD');
    expect(stored).toMatchObject({ ...template('CRUD'), is_active: true });
    const updated = await api.call<Row>('PUT', `/api/rejection_reasons/update/${stored.id}`, administrator, {
      ...template('CRUD'),
      title_en: 'Title CRUD, edited',
      updated_at: stored.updated_at,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.title_en).toBe('Title CRUD, edited');
    // The version read before the edit is stale now.
    const stale = await api.call('PUT', `/api/rejection_reasons/update/${stored.id}`, administrator, {
      ...template('CRUD'),
      updated_at: stored.updated_at,
    });
    expect(stale.status).toBe(409);
    const toggled = await api.call<Row>(
      'DELETE',
      `/api/rejection_reasons/destroy/${stored.id}`,
      administrator,
    );
    expect(toggled.status).toBe(200);
    expect(toggled.body.is_active).toBe(false);
    const active = await api.call<{ result: Row[] }>(
      'POST',
      '/api/rejection_reasons/index_active',
      moderator,
      {
        options: { page: 1, itemsPerPage: 100 },
      },
    );
    expect(active.body.result.map((row) => row.id)).not.toContain(stored.id);
  });

  it('bounds every field: titles at most 120 characters, texts at most 2000, none empty (422 naming the field)', async () => {
    const tooLong = await api.call('POST', '/api/rejection_reasons/store', administrator, {
      ...template('granice'),
      title_me: 'n'.repeat(121),
      text_en: 't'.repeat(2001),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors).toEqual({
      title_me: ['Maks 120 karaktera.'],
      text_en: ['Maks 2000 karaktera.'],
    });
    const empty = await api.call('POST', '/api/rejection_reasons/store', administrator, {
      ...template('prazno'),
      title_en: '  ',
    });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors ?? {})).toEqual(['title_en']);
    const atLimit = await api.call('POST', '/api/rejection_reasons/store', administrator, {
      ...template('tačno'),
      title_me: 'n'.repeat(120),
      text_me: 't'.repeat(2000),
    });
    expect(atLimit.status).toBe(201);
  });

  it('moderators read the active ones but may not list all or write; members neither', async () => {
    expect((await api.call('POST', '/api/rejection_reasons/index', moderator, {})).status).toBe(403);
    expect((await api.call('POST', '/api/rejection_reasons/store', moderator, template('mod'))).status).toBe(
      403,
    );
    expect((await api.call('POST', '/api/rejection_reasons/index_active', member, {})).status).toBe(403);
    expect((await api.call('POST', '/api/rejection_reasons/store', member, template('clan'))).status).toBe(
      403,
    );
  });
});

describe('the statement of reasons', () => {
  it('a rejection citing two templates reaches an English poster by mail (real SMTP) and inbox in English; the history keeps the text sent', async () => {
    const incomplete = await storeTemplate('nepotpuno');
    const price = await storeTemplate('cijena');
    const adId = await adOf(posterEn, 'Lawn mowing in Budva');
    const before = (await noticesOf(posterEn.id)).length;
    const rejected = await api.call<{ status: { id: number } }>(
      'PUT',
      `/api/jobs/changeStatus/${adId}`,
      moderator,
      {
        ad_status_id: AD_STATUS.rejected,
        status_comment: 'Please add the size of the lawn.',
        reason_ids: [incomplete.id, price.id],
        from_status_id: AD_STATUS.awaitingApproval,
      },
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.status.id).toBe(AD_STATUS.rejected);

    // One notice, not two (the statement replaces the old Montenegrin-only one).
    expect((await noticesOf(posterEn.id)).length).toBe(before + 1);
    const notice = await lastNotice(posterEn.id);
    expect(notice?.subject).toBe('A decision on your ad');
    const expected = [
      'Decision: your ad "Lawn mowing in Budva" now has the status: Rejected.',
      `Reasons:\n1. Title nepotpuno: Explanation nepotpuno: what to correct.\n2. Title cijena: Explanation cijena: what to correct.`,
      "Moderator's note: Please add the size of the lawn.",
      'What to change: correct the ad as the reasons above say, so that it can be approved.',
      'Another review: edit the ad in the app. An edited ad goes back to review automatically, and we will let you know the decision.',
    ].join('\n\n');
    expect(notice?.text).toBe(`${expected} If you have questions about this decision, answer this message.`);

    const history = await lastHistory(adId);
    expect(history).toEqual({
      to: AD_STATUS.rejected,
      reason: 'Please add the size of the lawn.',
      reasonIds: [incomplete.id, price.id],
      statement: notice?.text,
    });

    await t.app.mail.deliverDue();
    const mail = smtp.received.find((m) => m.to.includes('reason.poster@example.test'));
    expect(mail?.subject).toContain('A decision on your ad');
    for (const line of expected.split('\n')) expect(mail?.text).toContain(line);
    expect(mail?.text).toContain('Hello Ime reason.poster,');
    // The HTML part keeps the paragraphs and the numbered reasons apart.
    expect(mail?.text).toContain('<p>Reasons:<br>1. Title nepotpuno');

    // The details' status history shows the statement sent.
    const details = await api.call<{ status_history: { statement?: string | null }[] }>(
      'GET',
      `/api/jobs/show/${adId}`,
      moderator,
    );
    expect(details.status).toBe(200);
    expect(details.body.status_history.at(-1)?.statement).toBe(notice?.text);
  });

  it('a Montenegrin poster reads it in Montenegrin; a template alone is a reason enough', async () => {
    const [first] = (
      await api.call<{ result: Row[] }>('POST', '/api/rejection_reasons/index_active', moderator, {
        filters: { title_en: { operator: 'equals', value: 'Contact details in the text' } },
      })
    ).body.result;
    if (!first) throw new Error('seeded template missing');
    const adId = await adOf(posterMe, 'Košenje — telefon u opisu');
    const rejected = await api.call('PUT', `/api/jobs/changeStatus/${adId}`, moderator, {
      ad_status_id: AD_STATUS.rejected,
      reason_ids: [first.id],
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const notice = await lastNotice(posterMe.id);
    expect(notice?.subject).toBe('Odluka o vašem oglasu');
    expect(notice?.text).toContain('Odluka: vaš oglas „Košenje — telefon u opisu“ sada ima status: Odbijen.');
    expect(notice?.text).toContain(`Razlozi:\n1. Kontakt podaci u tekstu: ${first.text_me}`);
    expect(notice?.text).toContain('Ponovni pregled: izmijenite oglas u aplikaciji.');
    expect(notice?.text).not.toContain('Napomena moderatora');
    expect(await lastHistory(adId)).toMatchObject({
      reason: null,
      reasonIds: [first.id],
      statement: notice?.text,
    });
  });

  it('a rejection with neither a comment nor a template is refused on status_comment', async () => {
    const adId = await adOf(posterMe, 'Košenje — bez razloga');
    const refused = await api.call('PUT', `/api/jobs/changeStatus/${adId}`, moderator, {
      ad_status_id: AD_STATUS.rejected,
      reason_ids: [],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ status_comment: ['Obavezno polje.'] });
  });

  it('unknown, inactive or too many templates: 422 on reason_ids, nothing changed or sent', async () => {
    const inactive = await storeTemplate('neaktivan');
    expect(
      (await api.call('DELETE', `/api/rejection_reasons/destroy/${inactive.id}`, administrator)).status,
    ).toBe(200);
    const adId = await adOf(posterMe, 'Košenje — loši razlozi');
    const before = (await noticesOf(posterMe.id)).length;
    for (const reason_ids of [[999_999], [inactive.id]]) {
      const refused = await api.call('PUT', `/api/jobs/changeStatus/${adId}`, moderator, {
        ad_status_id: AD_STATUS.rejected,
        status_comment: 'Vidi razloge.',
        reason_ids,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({
        reason_ids: ['Izabrani razlog odbijanja ne postoji ili nije aktivan.'],
      });
    }
    const tooMany = await api.call('PUT', `/api/jobs/changeStatus/${adId}`, moderator, {
      ad_status_id: AD_STATUS.rejected,
      reason_ids: Array.from({ length: 11 }, (_, index) => index + 1),
    });
    expect(tooMany.status).toBe(422);
    expect(Object.keys(tooMany.body.errors ?? {})).toEqual(['reason_ids']);
    expect((await lastHistory(adId))?.to).toBe(AD_STATUS.awaitingApproval);
    expect((await noticesOf(posterMe.id)).length).toBe(before);
  });

  it('a bulk rejection cites the templates for every ad; an unavailable template refuses each ad', async () => {
    const reason = await storeTemplate('skupno');
    const first = await adOf(posterMe, 'Košenje — skupno 1');
    const second = await adOf(posterEn, 'Mowing — bulk 2');
    const bulk = await api.call<{ changed: number[]; refused: unknown[] }>(
      'PUT',
      '/api/jobs/changeStatus',
      moderator,
      { ids: [first, second], ad_status_id: AD_STATUS.rejected, reason_ids: [reason.id] },
    );
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body).toEqual({
      changed: [first, second],
      unchanged: [],
      refused: [],
      next_after_id: null,
      remaining: 0,
    });
    expect(await lastHistory(first)).toMatchObject({ reasonIds: [reason.id] });
    expect((await lastHistory(first))?.statement).toContain('1. Naslov skupno: Objašnjenje skupno');
    expect((await lastHistory(second))?.statement).toContain('1. Title skupno: Explanation skupno');

    const third = await adOf(posterMe, 'Košenje — skupno 3');
    const refused = await api.call<{ changed: number[]; refused: { id: number; message: string }[] }>(
      'PUT',
      '/api/jobs/changeStatus',
      moderator,
      { ids: [third], ad_status_id: AD_STATUS.rejected, reason_ids: [999_998] },
    );
    expect(refused.body).toEqual({
      changed: [],
      unchanged: [],
      refused: [{ id: third, message: 'Izabrani razlog odbijanja ne postoji ili nije aktivan.' }],
      next_after_id: null,
      remaining: 0,
    });
  });

  it('resolving reports with a status change cites the templates too', async () => {
    const reason = await storeTemplate('prijava');
    const adId = await adOf(posterMe, 'Košenje — prijavljeno', true);
    const reported = await api.call('POST', '/api/ad_reports/store', reporter, {
      ad_id: adId,
      reason: 'misleading_price',
    });
    expect(reported.status, JSON.stringify(reported.body)).toBe(201);
    const resolved = await api.call('PUT', `/api/ad_reports/resolve/${adId}`, moderator, {
      decision: 'status',
      ad_status_id: AD_STATUS.rejected,
      reason_ids: [reason.id],
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    const history = await lastHistory(adId);
    expect(history).toMatchObject({ to: AD_STATUS.rejected, reasonIds: [reason.id] });
    expect(history?.statement).toContain('1. Naslov prijava: Objašnjenje prijava');
    const badReason = await api.call('PUT', `/api/ad_reports/resolve/${adId}`, moderator, {
      decision: 'status',
      ad_status_id: AD_STATUS.rejected,
      reason_ids: ['x'],
    });
    expect(badReason.status).toBe(422);
  });
});
