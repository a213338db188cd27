import { AD_STATUS, type LeadRow, type NotificationRow } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, leads, notificationRecipients, notifications } from '../src/db/schema/index.ts';
import { createTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 18 item 1: a user's page reads their contacts bought (leads by user_id), the contacts made
 * on their ads (leads by poster_user_id) and the notifications they received (recipient_user_id)
 * through the lists' own filters.
 */
let t: TestApp;
let admin: string;
let moderator: string;
const ids = { posterA: 0, posterB: 0, buyerA: 0, buyerB: 0, adA1: 0, adA2: 0, adB: 0 };

async function addAd(posterId: number, title: string): Promise<number> {
  const [row] = await t.db
    .insert(ads)
    .values({
      title,
      is_offer: true,
      posted_by_user_id: posterId,
      currency_id: 1,
      price_from: 20,
      ad_status_id: AD_STATUS.approved,
      all_countries: true,
    })
    .returning({ id: ads.id });
  if (!row) throw new Error('no ad');
  return row.id;
}

async function addNotification(subject: string, recipientIds: number[]): Promise<void> {
  const [row] = await t.db
    .insert(notifications)
    .values({ subject, notification_text: `${subject}: tekst` })
    .returning({ id: notifications.id });
  if (!row) throw new Error('no notification');
  await t.db
    .insert(notificationRecipients)
    .values(recipientIds.map((user_id) => ({ notification_id: row.id, user_id })));
}

async function list<Row>(url: string, filters: Record<string, unknown>, cookie = admin) {
  const answer = await t.request({
    method: 'POST',
    url,
    cookie,
    payload: { filters, options: { page: 1, itemsPerPage: 50, sortBy: ['updated_at'], sortDesc: [true] } },
  });
  return { status: answer.statusCode, body: answer.json<{ result: Row[]; total_rows: number }>() };
}

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'rp-admin', roleIds: [ROLE.administrator] });
  await createUser(t.db, { username: 'rp-moderator', roleIds: [ROLE.moderator] });
  [admin, moderator] = await Promise.all([t.signIn('rp-admin'), t.signIn('rp-moderator')]);
  // Users, ads and leads far apart in ids, so a filter matching the wrong column finds nothing.
  await t.db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), 300)`);
  ids.posterA = (await createUser(t.db, { username: 'rp-poster-a', roleIds: [ROLE.member] })).id;
  ids.buyerA = (await createUser(t.db, { username: 'rp-buyer-a', roleIds: [ROLE.member] })).id;
  ids.posterB = (await createUser(t.db, { username: 'rp-poster-b', roleIds: [ROLE.member] })).id;
  ids.buyerB = (await createUser(t.db, { username: 'rp-buyer-b', roleIds: [ROLE.member] })).id;
  await t.db.execute(sql`select setval(pg_get_serial_sequence('ads', 'id'), 7000)`);
  ids.adA1 = await addAd(ids.posterA, 'Farbanje ograde');
  ids.adB = await addAd(ids.posterB, 'Popravka bojlera');
  ids.adA2 = await addAd(ids.posterA, 'Čišćenje tepiha');
  await t.db.execute(sql`select setval(pg_get_serial_sequence('leads', 'id'), 90000)`);
  await t.db.insert(leads).values([
    { ad_id: ids.adA1, user_id: ids.buyerA, credit: 3 },
    { ad_id: ids.adA2, user_id: ids.buyerB, credit: 4 },
    { ad_id: ids.adB, user_id: ids.buyerA, credit: 5 },
    // The poster of A buys a contact on B's ad: bought by A, received by B.
    { ad_id: ids.adB, user_id: ids.posterA, credit: 6 },
  ]);
  await addNotification('Za kupca A', [ids.buyerA]);
  await addNotification('Za oba kupca', [ids.buyerA, ids.buyerB]);
  await addNotification('Za oglašivača B', [ids.posterB]);
});
afterAll(() => t.close());

const summary = (rows: LeadRow[]) =>
  rows
    .map((lead) => `${lead.ad_title}/${lead.user_id === ids.buyerA ? 'buyerA' : lead.user_id}/${lead.credit}`)
    .sort();

describe('the lists a user page reads', () => {
  it('leads by user_id: the contacts the user bought, each with its ad title', async () => {
    const answer = await list<LeadRow>('/api/leads/index', {
      user_id: { operator: 'equals', value: ids.buyerA },
    });
    expect(answer.status).toBe(200);
    expect(summary(answer.body.result)).toEqual(['Farbanje ograde/buyerA/3', 'Popravka bojlera/buyerA/5']);
    expect(answer.body.total_rows).toBe(2);
  });

  it("leads by poster_user_id: the contacts made on the user's ads, whoever bought them", async () => {
    const ofA = await list<LeadRow>('/api/leads/index', {
      poster_user_id: { operator: 'equals', value: ids.posterA },
    });
    expect(ofA.status).toBe(200);
    expect(ofA.body.result.map((lead) => [lead.ad_id, lead.credit]).sort()).toEqual([
      [ids.adA1, 3],
      [ids.adA2, 4],
    ]);
    const ofB = await list<LeadRow>('/api/leads/index', {
      poster_user_id: { operator: 'equals', value: ids.posterB },
    });
    expect(ofB.body.result.map((lead) => lead.credit).sort()).toEqual([5, 6]);
    // A's own purchase on B's ad is among A's bought contacts, not A's received ones.
    const boughtByA = await list<LeadRow>('/api/leads/index', {
      user_id: { operator: 'equals', value: ids.posterA },
    });
    expect(boughtByA.body.result.map((lead) => lead.ad_id)).toEqual([ids.adB]);
  });

  it('notifications by recipient_user_id: only those the user received', async () => {
    const ofBuyerA = await list<NotificationRow>('/api/notifications/index', {
      recipient_user_id: { operator: 'equals', value: ids.buyerA },
    });
    expect(ofBuyerA.status).toBe(200);
    expect(ofBuyerA.body.result.map((row) => row.subject).sort()).toEqual(['Za kupca A', 'Za oba kupca']);
    const ofPosterB = await list<NotificationRow>('/api/notifications/index', {
      recipient_user_id: { operator: 'equals', value: ids.posterB },
    });
    expect(ofPosterB.body.result.map((row) => row.subject)).toEqual(['Za oglašivača B']);
    const ofPosterA = await list<NotificationRow>('/api/notifications/index', {
      recipient_user_id: { operator: 'equals', value: ids.posterA },
    });
    expect(ofPosterA.body.total_rows).toBe(0);
  });

  it('refuses a malformed value of the new filters (422) and keeps them to staff', async () => {
    const bad = await list('/api/leads/index', { poster_user_id: { operator: 'equals', value: 'x' } });
    expect(bad.status).toBe(422);
    const badOperator = await list('/api/notifications/index', {
      recipient_user_id: { operator: 'contains', value: '1' },
    });
    expect(badOperator.status).toBe(422);
    // Moderators read these lists as before (staff), the filters included.
    const asModerator = await list<LeadRow>(
      '/api/leads/index',
      { user_id: { operator: 'equals', value: ids.buyerB } },
      moderator,
    );
    expect(asModerator.status).toBe(200);
    expect(asModerator.body.result.map((lead) => lead.ad_title)).toEqual(['Čišćenje tepiha']);
  });
});
