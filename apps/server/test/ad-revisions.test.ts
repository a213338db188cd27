import {
  AD_STATUS,
  type AdDetails,
  type AdRevisionDiff,
  type AdRow,
  type MemberAdRow,
} from '@usluge/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adRevisions,
  ads,
  auditLog,
  cities,
  countries,
  currencies,
  days,
  services,
} from '../src/db/schema/index.ts';
import { type Caller, formOf, listenForMembers, type MemberApi } from './helpers/member-api.ts';
import { createTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';
import { smallPng } from './helpers/test-images.ts';

/**
 * Revisions of an ad's content and the re-review diff (issue 19, item 3): every change of content
 * keeps a revision in its write, an approval marks the approved one, and the moderators see what
 * changed since. Over HTTP, on PGlite and PostgreSQL.
 */
let t: TestApp;
let api: MemberApi;
let poster: TestUser;
let moderatorUser: TestUser;
let posterApp: Caller;
let otherMemberApp: Caller;
let moderator: Caller;
let administrator: Caller;
let form: Record<string, unknown>;
let mowing = 0;
let garden = 0;
let tuesday = '';

type Row = MemberAdRow & { id: number };

async function idOf(rows: Promise<{ id: number }[]>): Promise<number> {
  const [row] = await rows;
  if (!row) throw new Error('reference row missing');
  return row.id;
}

const store = (fields = form, photos: Buffer[] = []) =>
  api.call<Row>('POST', '/api/me/ads/store', posterApp, formOf(fields, photos));
const memberUpdate = (id: number, fields: Record<string, unknown>, photos: Buffer[] = []) =>
  api.call<Row>('POST', `/api/me/ads/update/${id}`, posterApp, formOf(fields, photos));
const staffUpdate = (id: number, fields: Record<string, unknown>) =>
  api.call<AdDetails>('POST', `/api/jobs/update/${id}`, moderator, formOf(fields));
const details = async (id: number) =>
  (await api.call<AdDetails>('GET', `/api/jobs/show/${id}`, moderator)).body;
const approve = (id: number) =>
  api.call<Row>('PUT', `/api/jobs/changeStatus/${id}`, moderator, { ad_status_id: AD_STATUS.approved });
const diffOf = (id: number, caller: Caller = moderator) =>
  api.call<AdRevisionDiff>('GET', `/api/jobs/revision-diff/${id}`, caller);
const revisionsOf = (adId: number) =>
  t.db
    .select({ id: adRevisions.id, approvedAt: adRevisions.approved_at, by: adRevisions.created_by_user_id })
    .from(adRevisions)
    .where(eq(adRevisions.ad_id, adId))
    .orderBy(asc(adRevisions.id));
/** The ad's audit entries, newest first. */
const auditOf = (adId: number) =>
  t.db
    .select({ action: auditLog.action, actorId: auditLog.actor_id, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.record_type, 'jobs'), eq(auditLog.record_id, adId)))
    .orderBy(desc(auditLog.id));
const EMPTY = { changed: {}, photos: { added: [], removed: [] } };
const cookieOf = (caller: Caller) => (caller && 'cookie' in caller ? caller.cookie : '');

beforeAll(async () => {
  t = await createTestApp();
  api = await listenForMembers(t.app);
  // Staff and a spare member first, so that the poster's id is no role's id by chance.
  moderatorUser = await createUser(t.db, { username: 'urednik.revizija', roleIds: [ROLE.moderator] });
  await createUser(t.db, { username: 'upravnica.revizija', roleIds: [ROLE.administrator] });
  await createUser(t.db, { username: 'clan.drugi', roleIds: [ROLE.member] });
  poster = await createUser(t.db, { username: 'clan.oglasivac', roleIds: [ROLE.member] });
  posterApp = await api.memberToken('clan.oglasivac');
  otherMemberApp = await api.memberToken('clan.drugi');
  moderator = await api.staffCookie('urednik.revizija');
  administrator = await api.staffCookie('upravnica.revizija');

  const montenegro = await idOf(
    t.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'ME')),
  );
  const podgorica = await idOf(
    t.db
      .select({ id: cities.id })
      .from(cities)
      .where(and(eq(cities.name, 'Podgorica'), eq(cities.os_country_id, montenegro))),
  );
  mowing = await idOf(
    t.db.select({ id: services.id }).from(services).where(eq(services.name, 'Košenje trave')),
  );
  garden = await idOf(
    t.db.select({ id: services.id }).from(services).where(eq(services.name, 'Orezivanje voćki i živice')),
  );
  const euro = await idOf(
    t.db.select({ id: currencies.id }).from(currencies).where(eq(currencies.short_name, 'EUR')),
  );
  const [day] = await t.db.select({ name: days.name }).from(days).where(eq(days.id, 2));
  tuesday = day?.name ?? '';
  form = {
    title: 'Košenje trave u Podgorici',
    description: 'Kosim travnjake trimerom.',
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

describe('ad revisions and the re-review diff', () => {
  it("shows exactly the poster's changes of an approved ad, which goes back to review marked edited", async () => {
    const posted = await store(form, [await smallPng()]);
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(await revisionsOf(posted.body.id)).toHaveLength(1);
    const approved = await approve(posted.body.id);
    expect(approved.body.status.id).toBe(AD_STATUS.approved);
    expect((await diffOf(posted.body.id)).body).toEqual(EMPTY);
    const [first] = await revisionsOf(posted.body.id);
    expect(first?.approvedAt).not.toBeNull();
    const oldPhoto = (await details(posted.body.id)).photos[0]?.photo_url;

    // A new title, the other service, and the photo replaced by a new one.
    const edited = await memberUpdate(
      posted.body.id,
      {
        ...form,
        title: 'Košenje trave i bašte',
        services: [garden],
        kept_photos: [],
        updated_at: approved.body.updated_at,
      },
      [await smallPng()],
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.status.id).toBe(AD_STATUS.awaitingApproval);
    expect(edited.body.edited_at).not.toBeNull();
    const newPhoto = (await details(posted.body.id)).photos[0]?.photo_url;
    expect(newPhoto).not.toBe(oldPhoto);
    // The trail: the poster's update with its services and photos, then the status it moved.
    const [moved, update] = await auditOf(posted.body.id);
    expect(update).toEqual({
      action: 'update',
      actorId: poster.id,
      changes: {
        title: { before: 'Košenje trave u Podgorici', after: 'Košenje trave i bašte' },
        services: { before: ['Košenje trave'], after: ['Orezivanje voćki i živice'] },
        photos: { before: [oldPhoto], after: [newPhoto] },
      },
    });
    expect(moved).toEqual({
      action: 'status',
      actorId: poster.id,
      changes: { ad_status_id: { before: AD_STATUS.approved, after: AD_STATUS.awaitingApproval } },
    });

    const diff = await diffOf(posted.body.id);
    expect(diff.status).toBe(200);
    expect(diff.body).toEqual({
      changed: {
        title: { before: 'Košenje trave u Podgorici', after: 'Košenje trave i bašte' },
        services: { before: ['Košenje trave'], after: ['Orezivanje voćki i živice'] },
      },
      photos: { added: [newPhoto], removed: [oldPhoto] },
    });
    // The removed photo's file stays while the approved revision shows it: the diff shows it.
    const removedFile = await fetch(`${api.base}${oldPhoto}`, { headers: { cookie: cookieOf(moderator) } });
    expect(removedFile.status).toBe(200);

    // Approved again: nothing left to compare.
    expect((await approve(posted.body.id)).status).toBe(200);
    expect((await diffOf(posted.body.id)).body).toEqual(EMPTY);
    expect((await revisionsOf(posted.body.id)).map((r) => r.approvedAt !== null)).toEqual([true, true]);
    // The removed photo's file, kept for that diff only, is gone with the new approval.
    const goneFile = await fetch(`${api.base}${oldPhoto}`, { headers: { cookie: cookieOf(moderator) } });
    expect(goneFile.status).toBe(404);
    const keptFile = await fetch(`${api.base}${newPhoto}`, { headers: { cookie: cookieOf(moderator) } });
    expect(keptFile.status).toBe(200);
  });

  it('puts an edited approved ad back in the staff queue marked edited; approving it again clears the mark', async () => {
    const queueRow = async (id: number) => {
      const answer = await api.call<{ result: AdRow[] }>('POST', '/api/jobs_queue/index', moderator, {
        filters: { id: { operator: 'equals', value: id } },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.result[0];
    };
    const posted = await store();
    // A new ad waits unmarked: nobody had decided on it.
    expect((await queueRow(posted.body.id))?.edited_at).toBeNull();
    const approved = await approve(posted.body.id);
    expect(approved.body.edited_at).toBeNull();

    const edited = await memberUpdate(posted.body.id, {
      ...form,
      description: 'Kosim travnjake i dvorišta.',
      updated_at: approved.body.updated_at,
    });
    expect(edited.body.edited_at).not.toBeNull();
    // The queue's row, the ads list's row and the details (review mode) all carry the mark.
    expect((await queueRow(posted.body.id))?.edited_at).toBe(edited.body.edited_at);
    const listed = await api.call<{ result: AdRow[] }>('POST', '/api/jobs/index', moderator, {
      filters: { id: { operator: 'equals', value: posted.body.id } },
    });
    expect(listed.body.result[0]?.edited_at).toBe(edited.body.edited_at);
    expect((await details(posted.body.id)).edited_at).toBe(edited.body.edited_at);

    // Approved as edited: the mark is gone for the moderators and the poster alike.
    const again = await approve(posted.body.id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.edited_at).toBeNull();
    expect((await details(posted.body.id)).edited_at).toBeNull();
    const own = await api.call<{ result: Row[] }>('POST', '/api/me/ads/index', posterApp, {
      filters: { title: form.title },
    });
    expect(own.body.result.find((row) => row.id === posted.body.id)?.edited_at).toBeNull();
  });

  it('reads prices, currency, places and days as before → after lines', async () => {
    const posted = await store();
    const approved = await approve(posted.body.id);
    await memberUpdate(posted.body.id, {
      ...form,
      price_from: '20',
      price_to: '',
      allCountries: 'true',
      ad_days: [{ day_id: 2, times: [{ start_at: '09:00', stop_at: '15:30' }] }],
      updated_at: approved.body.updated_at,
    });
    const { body } = await diffOf(posted.body.id);
    expect(body.changed).toEqual({
      price_from: { before: 15, after: 20 },
      price_to: { before: 60, after: null },
      all_countries: { before: false, after: true },
      places: { before: ['Crna Gora: Podgorica'], after: [] },
      days: { before: [`${tuesday}: 08:00–14:00`], after: [`${tuesday}: 09:00–15:30`] },
    });
  });

  it('keeps the status on a staff edit, with a revision by the staff member; an unchanged save keeps none', async () => {
    const posted = await store();
    const approved = await approve(posted.body.id);
    const before = await revisionsOf(posted.body.id);

    const staffForm = { ...form, posted_by_user_id: String(poster.id) };
    const same = await staffUpdate(posted.body.id, { ...staffForm, updated_at: approved.body.updated_at });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.status.id).toBe(AD_STATUS.approved);
    expect(await revisionsOf(posted.body.id)).toEqual(before);

    const changed = await staffUpdate(posted.body.id, {
      ...staffForm,
      description: 'Kosim travnjake trimerom i kosilicom.',
      updated_at: same.body.updated_at,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.status.id).toBe(AD_STATUS.approved);
    const after = await revisionsOf(posted.body.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ approvedAt: null });
    const [ad] = await t.db.select({ editedAt: ads.edited_at }).from(ads).where(eq(ads.id, posted.body.id));
    expect(ad?.editedAt).toBeNull();
    expect((await diffOf(posted.body.id)).body.changed).toEqual({
      description: { before: 'Kosim travnjake trimerom.', after: 'Kosim travnjake trimerom i kosilicom.' },
    });

    // The poster saving it unchanged keeps no revision and leaves it approved.
    const unchanged = await memberUpdate(posted.body.id, {
      ...form,
      description: 'Kosim travnjake trimerom i kosilicom.',
      updated_at: changed.body.updated_at,
    });
    expect(unchanged.body.status.id).toBe(AD_STATUS.approved);
    expect(await revisionsOf(posted.body.id)).toHaveLength(after.length);
  });

  it('records a staff edit of the services alone in the trail, before → after, and keeps the status', async () => {
    const posted = await store();
    const approved = await approve(posted.body.id);
    const edited = await staffUpdate(posted.body.id, {
      ...form,
      posted_by_user_id: String(poster.id),
      services: [garden],
      updated_at: approved.body.updated_at,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.status.id).toBe(AD_STATUS.approved);
    const [entry] = await auditOf(posted.body.id);
    expect(entry).toEqual({
      action: 'update',
      actorId: moderatorUser.id,
      changes: { services: { before: ['Košenje trave'], after: ['Orezivanje voćki i živice'] } },
    });
  });

  it('diffs an ad from before revisions against its content when it was approved', async () => {
    const posted = await store();
    await approve(posted.body.id);
    // As an ad written before revisions were kept: none of its own.
    await t.db.delete(adRevisions).where(eq(adRevisions.ad_id, posted.body.id));
    const [row] = await t.db.select({ version: ads.updated_at }).from(ads).where(eq(ads.id, posted.body.id));
    const edited = await memberUpdate(posted.body.id, {
      ...form,
      title: 'Stari oglas, novi naslov',
      updated_at: row?.version.toISOString(),
    });
    expect(edited.body.status.id).toBe(AD_STATUS.awaitingApproval);
    expect((await diffOf(posted.body.id)).body).toEqual({
      changed: { title: { before: 'Košenje trave u Podgorici', after: 'Stari oglas, novi naslov' } },
      photos: { added: [], removed: [] },
    });

    // An ad with no revision at all gets one on approval.
    await t.db.delete(adRevisions).where(eq(adRevisions.ad_id, posted.body.id));
    await approve(posted.body.id);
    expect((await revisionsOf(posted.body.id)).map((r) => r.approvedAt !== null)).toEqual([true]);
  });

  it('answers 404 for an unknown ad, to moderators and administrators only', async () => {
    expect((await diffOf(987654)).status).toBe(404);
    const posted = await store();
    expect((await diffOf(posted.body.id, administrator)).status).toBe(200);
    expect((await diffOf(posted.body.id, moderator)).body).toEqual(EMPTY);
    expect((await diffOf(posted.body.id, posterApp)).status).toBe(403);
    expect((await diffOf(posted.body.id, otherMemberApp)).status).toBe(403);
    expect((await diffOf(posted.body.id, null)).status).toBe(401);
  });

  it('is in the API document with its answer schema', async () => {
    const document = (await (await fetch(`${api.base}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(document.paths['/api/jobs/revision-diff/{id}']?.get?.responses['200']).toBeTruthy();
  });
});
