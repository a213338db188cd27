import { AD_STATUS, type MemberAdDetails, type MemberAdRow } from '@usluge/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adStatusHistory,
  ads,
  auditLog,
  cities,
  countries,
  currencies,
  services,
} from '../src/db/schema/index.ts';
import {
  type Caller,
  expectMemberRoutesDocumented,
  formOf,
  listenForMembers,
  type MemberApi,
} from './helpers/member-api.ts';
import { createTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';
import { smallPng } from './helpers/test-images.ts';

/**
 * A member's own ads (issue 20, item 3): post, list, read, edit, deactivate through the one write
 * path; a reviewed ad edited by its poster goes back to review; nobody else's ad is reachable.
 * Over HTTP with bearer tokens, on PGlite and PostgreSQL.
 */
let t: TestApp;
let api: MemberApi;
let marko: TestUser;
let jana: TestUser;
let markoApp: Caller;
let janaApp: Caller;
let moderator: Caller;
let form: Record<string, unknown>;
let mowing = 0;
let garden = 0;
let podgorica = 0;

type Row = MemberAdRow & { id: number };
type List = { result: Row[]; total_rows: number; total_rows_exact: boolean };

async function idOf(rows: Promise<{ id: number }[]>): Promise<number> {
  const [row] = await rows;
  if (!row) throw new Error('reference row missing');
  return row.id;
}

const store = (caller: Caller, fields = form, photos: Buffer[] = [], key?: string) =>
  api.call<Row>('POST', '/api/me/ads/store', caller, formOf(fields, photos), key);
const update = (caller: Caller, id: number, fields: Record<string, unknown>, photos: Buffer[] = []) =>
  api.call<Row & { current?: Row }>('POST', `/api/me/ads/update/${id}`, caller, formOf(fields, photos));
const toggle = (caller: Caller, id: number, version?: string) =>
  api.call<Row & { current?: Row }>(
    'DELETE',
    `/api/me/ads/destroy/${id}${version ? `?updated_at=${encodeURIComponent(version)}` : ''}`,
    caller,
  );
const show = (caller: Caller, id: number) =>
  api.call<MemberAdDetails>('GET', `/api/me/ads/show/${id}`, caller);
const myAds = (caller: Caller, body: unknown = {}) =>
  api.call<List>('POST', '/api/me/ads/index', caller, body);
const decide = (id: number, status: number, comment: string | null = null) =>
  api.call<Row>('PUT', `/api/jobs/changeStatus/${id}`, moderator, {
    ad_status_id: status,
    status_comment: comment,
  });

async function historyOf(adId: number) {
  return t.db
    .select({
      from: adStatusHistory.from_status_id,
      to: adStatusHistory.to_status_id,
      by: adStatusHistory.changed_by_user_id,
      reason: adStatusHistory.reason,
    })
    .from(adStatusHistory)
    .where(eq(adStatusHistory.ad_id, adId))
    .orderBy(desc(adStatusHistory.id));
}

/**
 * The poster sent the ad back to awaiting approval from `from`: the latest status history row and
 * status audit entry (with what else the move changed) both say so, by the poster.
 */
async function expectBackToReview(
  adId: number,
  from: number,
  reason: string,
  alsoChanged: Record<string, unknown> = {},
) {
  expect((await historyOf(adId))[0]).toEqual({ from, to: AD_STATUS.awaitingApproval, by: marko.id, reason });
  const [entry] = await t.db
    .select({ actorId: auditLog.actor_id, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.record_type, 'jobs'), eq(auditLog.record_id, adId), eq(auditLog.action, 'status')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  expect(entry).toEqual({
    actorId: marko.id,
    changes: { ad_status_id: { before: from, after: AD_STATUS.awaitingApproval }, ...alsoChanged },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  api = await listenForMembers(t.app);
  // Staff first and a spare member, so that the members' ids are not 1 or 2 by chance.
  await createUser(t.db, { username: 'urednica', roleIds: [ROLE.moderator] });
  await createUser(t.db, { username: 'direktorka', roleIds: [ROLE.administrator] });
  await createUser(t.db, { username: 'clan.rezerva', roleIds: [ROLE.member] });
  marko = await createUser(t.db, { username: 'clan.marko', roleIds: [ROLE.member] });
  jana = await createUser(t.db, { username: 'clan.jana', roleIds: [ROLE.member] });
  markoApp = await api.memberToken('clan.marko');
  janaApp = await api.memberToken('clan.jana');
  moderator = await api.staffCookie('urednica');

  const montenegro = await idOf(
    t.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'ME')),
  );
  podgorica = await idOf(
    t.db
      .select({ id: cities.id })
      .from(cities)
      .where(and(eq(cities.name, 'Podgorica'), eq(cities.os_country_id, montenegro))),
  );
  mowing = await idOf(
    t.db.select({ id: services.id }).from(services).where(eq(services.name, 'Košenje trave')),
  );
  garden = await idOf(
    t.db.select({ id: services.id }).from(services).where(eq(services.name, 'Baštenski radovi')),
  );
  const euro = await idOf(
    t.db.select({ id: currencies.id }).from(currencies).where(eq(currencies.short_name, 'EUR')),
  );
  form = {
    title: 'Košenje trave u Podgorici',
    description: 'Kosim travnjake trimerom, odvozim pokošenu travu.',
    is_offer: 'true',
    services: [mowing],
    currency_id: String(euro),
    price_from: '15',
    price_to: '60',
    places: [{ os_country_id: montenegro, cities: [podgorica] }],
    ad_days: [{ day_id: 2, times: [{ start_at: '08:00', stop_at: '14:00' }] }],
  };
});
afterAll(() => t.close());

describe("a member's own ads", () => {
  it('posts an ad that awaits approval, always as the caller whatever the form names', async () => {
    const posted = await store(markoApp, { ...form, posted_by_user_id: String(jana.id) }, [await smallPng()]);
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body).toMatchObject({
      title: 'Košenje trave u Podgorici',
      price_from: 15,
      price_to: 60,
      status: { id: AD_STATUS.awaitingApproval },
      status_comment: null,
      edited_at: null,
      is_active: true,
    });
    expect(posted.body.photo_url).toMatch(/^\/api\/image\/jobs_images\//);
    const [row] = await t.db
      .select({ posterId: ads.posted_by_user_id })
      .from(ads)
      .where(eq(ads.id, posted.body.id));
    expect(row?.posterId).toBe(marko.id);
    expect(await historyOf(posted.body.id)).toEqual([
      { from: null, to: AD_STATUS.awaitingApproval, by: marko.id, reason: null },
    ]);
    // The answer carries nothing of the staff row: no poster id or name.
    expect(posted.body).not.toHaveProperty('posted_by_user_id');
    expect(posted.body).not.toHaveProperty('user_name');
  });

  it('takes the form as JSON too, as the staff form does', async () => {
    await createUser(t.db, { username: 'clan.json', roleIds: [ROLE.member] });
    const app = await api.memberToken('clan.json');
    const { places, ad_days, services: chosen, ...fields } = form;
    const posted = await api.call<Row>('POST', '/api/me/ads/store', app, {
      ...fields,
      title: 'Oglas iz JSON-a',
      is_offer: false,
      services: chosen,
      places,
      ad_days,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body).toMatchObject({ title: 'Oglas iz JSON-a', is_offer: false, photo_url: null });
    const edited = await api.call<Row>('POST', `/api/me/ads/update/${posted.body.id}`, app, {
      ...form,
      title: 'Oglas iz JSON-a, izmijenjen',
      updated_at: posted.body.updated_at,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.title).toBe('Oglas iz JSON-a, izmijenjen');
  });

  it('posts once under a doubled request with the same Idempotency-Key', async () => {
    const fields = { ...form, title: 'Jednom poslat oglas' };
    const [first, second] = await Promise.all([
      store(markoApp, fields, [], 'dupli-oglas'),
      store(markoApp, fields, [], 'dupli-oglas'),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    const found = await t.db.select({ id: ads.id }).from(ads).where(eq(ads.title, 'Jednom poslat oglas'));
    expect(found).toHaveLength(1);
  });

  it('applies the staff form’s rules, with its messages', async () => {
    const wrong = await store(markoApp, { ...form, price_to: '10', services: [garden] });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.price_to).toEqual(["'Cijena do' mora biti veća od 'cijena od'."]);
    const folder = await store(markoApp, { ...form, services: [garden] });
    expect(folder.status).toBe(422);
    expect(Object.keys(folder.body.errors ?? {})).toEqual(['services']);
    const empty = await store(markoApp, { ...form, title: ' ' });
    expect(empty.body.errors?.title).toEqual(['Obavezno polje.']);
  });

  it('lists only the caller’s ads with their status, newest change first, paged with totals', async () => {
    await store(janaApp, { ...form, title: 'Janin oglas' });
    const list = await myAds(markoApp, { options: { itemsPerPage: 1 } });
    expect(list.status).toBe(200);
    expect(list.body.total_rows).toBe(2);
    expect(list.body.total_rows_exact).toBe(true);
    expect(list.body.result.map((row) => row.title)).toEqual(['Jednom poslat oglas']);
    const second = await myAds(markoApp, { options: { itemsPerPage: 1, page: 2 } });
    expect(second.body.result.map((row) => row.title)).toEqual(['Košenje trave u Podgorici']);
    const filtered = await myAds(janaApp, { filters: { status: AD_STATUS.awaitingApproval } });
    expect(filtered.body.result.map((row) => row.title)).toEqual(['Janin oglas']);
    // A filter on the poster is not among the list's: the scope is the caller, whatever is sent.
    const foreign = await myAds(janaApp, { filters: { posted_by_user_id: marko.id } });
    expect(foreign.status).toBe(422);
  });

  it('shows a rejection and its reason; the poster’s fix sends the ad back to review, marked edited', async () => {
    const posted = await store(markoApp, { ...form, title: 'Oglas za odbijanje' });
    expect((await decide(posted.body.id, AD_STATUS.rejected, 'Naslov nije jasan.')).status).toBe(200);
    const rejected = (await myAds(markoApp, { filters: { title: 'odbijanje' } })).body.result[0];
    expect(rejected).toMatchObject({
      status: { id: AD_STATUS.rejected },
      status_comment: 'Naslov nije jasan.',
    });
    const details = await show(markoApp, posted.body.id);
    expect(details.status).toBe(200);
    expect(details.body.status_history.map((entry) => [entry.to.id, entry.reason])).toEqual([
      [AD_STATUS.awaitingApproval, null],
      [AD_STATUS.rejected, 'Naslov nije jasan.'],
    ]);
    expect(details.body.status_history[1]).not.toHaveProperty('changed_by');

    const fixed = await update(markoApp, posted.body.id, {
      ...form,
      title: 'Košenje trave, Podgorica',
      updated_at: rejected?.updated_at,
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body).toMatchObject({ status: { id: AD_STATUS.awaitingApproval }, status_comment: null });
    expect(fixed.body.edited_at).not.toBeNull();
    await expectBackToReview(posted.body.id, AD_STATUS.rejected, 'Oglašivač je izmijenio oglas.', {
      status_comment: { before: 'Naslov nije jasan.', after: null },
    });
  });

  it('sends an approved ad back to awaiting approval when its content changes, not when saved unchanged', async () => {
    const posted = await store(markoApp, { ...form, title: 'Odobren oglas' }, [await smallPng()]);
    const approved = await decide(posted.body.id, AD_STATUS.approved);
    expect(approved.body.status.id).toBe(AD_STATUS.approved);
    const { body: before } = await show(markoApp, posted.body.id);
    const keptPhotos = before.photos.map((photo) => photo.id);

    const same = await update(markoApp, posted.body.id, {
      ...form,
      title: 'Odobren oglas',
      kept_photos: keptPhotos,
      updated_at: approved.body.updated_at,
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({ status: { id: AD_STATUS.approved }, edited_at: null });

    // Another photo is new content too.
    const edited = await update(
      markoApp,
      posted.body.id,
      { ...form, title: 'Odobren oglas', kept_photos: keptPhotos, updated_at: same.body.updated_at },
      [await smallPng()],
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.status.id).toBe(AD_STATUS.awaitingApproval);
    expect(edited.body.edited_at).not.toBeNull();
    await expectBackToReview(posted.body.id, AD_STATUS.approved, 'Oglašivač je izmijenio oglas.');
    const { body: after } = await show(markoApp, posted.body.id);
    expect(after.photos).toHaveLength(2);

    // Approved again, then a price change alone sends it back as well.
    const again = await decide(posted.body.id, AD_STATUS.approved);
    const repriced = await update(markoApp, posted.body.id, {
      ...form,
      title: 'Odobren oglas',
      price_from: '20',
      kept_photos: after.photos.map((photo) => photo.id),
      updated_at: again.body.updated_at,
    });
    expect(repriced.body.status.id).toBe(AD_STATUS.awaitingApproval);
  });

  it('refuses a stale edit with the ad as it is now, and writes nothing', async () => {
    const posted = await store(markoApp, { ...form, title: 'Verzija jedan' });
    const first = await update(markoApp, posted.body.id, {
      ...form,
      title: 'Verzija dva',
      updated_at: posted.body.updated_at,
    });
    expect(first.status).toBe(200);
    const stale = await update(markoApp, posted.body.id, {
      ...form,
      title: 'Verzija tri',
      updated_at: posted.body.updated_at,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id: posted.body.id, title: 'Verzija dva' });
  });

  it('deactivates and restores the caller’s ad with the version read', async () => {
    const posted = await store(markoApp, { ...form, title: 'Privremeno ugašen' });
    const off = await toggle(markoApp, posted.body.id, posted.body.updated_at);
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect((await toggle(markoApp, posted.body.id, posted.body.updated_at)).status).toBe(409);
    const on = await toggle(markoApp, posted.body.id, off.body.updated_at);
    expect(on.body.is_active).toBe(true);
    expect(on.body.status.id).toBe(AD_STATUS.awaitingApproval);
  });

  it('sends a decided ad its poster restores back to awaiting approval, in the history and the trail', async () => {
    const posted = await store(markoApp, { ...form, title: 'Vraćen na pregled' });
    const approved = await decide(posted.body.id, AD_STATUS.approved);
    const off = await toggle(markoApp, posted.body.id, approved.body.updated_at);
    expect(off.body).toMatchObject({ is_active: false, status: { id: AD_STATUS.approved } });
    const on = await toggle(markoApp, posted.body.id, off.body.updated_at);
    expect(on.body).toMatchObject({ is_active: true, status: { id: AD_STATUS.awaitingApproval } });
    await expectBackToReview(posted.body.id, AD_STATUS.approved, 'Oglašivač je ponovo aktivirao oglas.');
  });
});

describe('nobody reaches another member’s ad', () => {
  it('answers 404 on every route of one’s own ads for another member’s ad, and changes nothing', async () => {
    const posted = await store(markoApp, { ...form, title: 'Markov oglas' });
    const id = posted.body.id;
    expect((await show(janaApp, id)).status).toBe(404);
    // Not even a stale version reveals it: the policy answers before the version is compared.
    const edit = await update(janaApp, id, { ...form, title: 'Preuzet', updated_at: posted.body.updated_at });
    expect(edit.status).toBe(404);
    expect(edit.body).not.toHaveProperty('current');
    expect((await update(janaApp, id, { ...form, title: 'Preuzet' })).status).toBe(404);
    expect((await toggle(janaApp, id)).status).toBe(404);
    expect((await toggle(janaApp, id, '2020-01-01T00:00:00.000Z')).status).toBe(404);
    const list = await myAds(janaApp, { options: { itemsPerPage: 100 } });
    expect(list.body.result.map((row) => row.id)).not.toContain(id);
    const [row] = await t.db
      .select({ title: ads.title, isActive: ads.is_active, posterId: ads.posted_by_user_id })
      .from(ads)
      .where(eq(ads.id, id));
    expect(row).toEqual({ title: 'Markov oglas', isActive: true, posterId: marko.id });
    // A missing ad answers the same.
    expect((await show(janaApp, id + 1000)).status).toBe(404);
  });

  it('keeps members out of the staff ad routes, and staff without the member role out of these', async () => {
    const posted = await store(markoApp, { ...form, title: 'Za osoblje' });
    const id = posted.body.id;
    expect((await api.call('POST', '/api/jobs/index', markoApp, {})).status).toBe(403);
    expect((await api.call('GET', `/api/jobs/show/${id}`, markoApp)).status).toBe(403);
    expect((await api.call('POST', '/api/jobs/store', markoApp, formOf(form))).status).toBe(403);
    expect((await api.call('POST', `/api/jobs/update/${id}`, markoApp, formOf(form))).status).toBe(403);
    expect((await api.call('DELETE', `/api/jobs/destroy/${id}`, markoApp)).status).toBe(403);
    const approve = { ad_status_id: AD_STATUS.approved, status_comment: null };
    expect((await api.call('PUT', `/api/jobs/changeStatus/${id}`, markoApp, approve)).status).toBe(403);

    expect((await myAds(moderator)).status).toBe(403);
    expect((await store(moderator)).status).toBe(403);
    expect((await myAds(null)).status).toBe(401);
    expect((await show(null, id)).status).toBe(401);
    expect((await store(null)).status).toBe(401);
    expect((await toggle(null, id)).status).toBe(401);
  });
});

describe('the API document', () => {
  it('lists every route of the member’s ads and of the search under the member tag, with the bearer scheme', async () => {
    await expectMemberRoutesDocumented(api, [
      ['/api/me/ads/index', 'post'],
      ['/api/me/ads/show/{id}', 'get'],
      ['/api/me/ads/store', 'post'],
      ['/api/me/ads/update/{id}', 'post'],
      ['/api/me/ads/destroy/{id}', 'delete'],
      ['/api/ads/search', 'post'],
      ['/api/ads/public/{id}', 'get'],
    ]);
  });
});
