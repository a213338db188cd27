import { AD_STATUS, type AdSearchRow, type PublicAd } from '@usluge/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, countries, currencies, leads, services, users } from '../src/db/schema/index.ts';
import { type Caller, formOf, listenForMembers, type MemberApi } from './helpers/member-api.ts';
import { createTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';
import { smallPng } from './helpers/test-images.ts';

/**
 * Finding ads (issue 20, item 4): approved, active ads only, by service (a folder with its
 * subtree), country and city, offer or demand, price, words without diacritics; newest first or by
 * price, paged with totals; the public view without the poster's contact details. Over HTTP with
 * bearer tokens, on PGlite and PostgreSQL.
 */
let t: TestApp;
let api: MemberApi;
let petar: TestUser;
let searcher: TestUser;
let petarApp: Caller;
let milaApp: Caller;
let searcherApp: Caller;
let moderator: Caller;
const ref = { montenegro: 0, serbia: 0, podgorica: 0, niksic: 0, belgrade: 0, euro: 0 };
const tree = { home: 0, lawns: 0, aeration: 0, gutters: 0, garden: 0, mowing: 0, moving: 0 };
/** The ads by name: the four the search finds, and three it must not. */
const ad = { mowing: 0, aeration: 0, gutters: 0, moving: 0, pending: 0, rejected: 0, switchedOff: 0 };

type SearchList = { result: AdSearchRow[]; total_rows: number; total_rows_exact: boolean };

async function idOf(rows: Promise<{ id: number }[]>): Promise<number> {
  const [row] = await rows;
  if (!row) throw new Error('reference row missing');
  return row.id;
}

const cityId = (name: string, countryId: number) =>
  idOf(
    t.db
      .select({ id: cities.id })
      .from(cities)
      .where(and(eq(cities.name, name), eq(cities.os_country_id, countryId))),
  );

async function insertService(name: string, parentId: number | null, isService: boolean): Promise<number> {
  const [row] = await t.db
    .insert(services)
    .values({ name, service_id: parentId, is_service: isService, credit: isService ? 3 : null })
    .returning({ id: services.id });
  if (!row) throw new Error('service insert returned nothing');
  return row.id;
}

/** Posts an ad through the member's API; approved by the moderator unless told otherwise. */
async function post(
  caller: Caller,
  fields: Record<string, unknown>,
  decision: number | null = AD_STATUS.approved,
): Promise<number> {
  const answer = await api.call<{ id: number }>(
    'POST',
    '/api/me/ads/store',
    caller,
    formOf({ currency_id: String(ref.euro), is_offer: 'true', ...fields }, [await smallPng()]),
  );
  if (answer.status !== 201) throw new Error(`store: ${answer.status} ${JSON.stringify(answer.body)}`);
  if (decision !== null) {
    const decided = await api.call('PUT', `/api/jobs/changeStatus/${answer.body.id}`, moderator, {
      ad_status_id: decision,
      status_comment: decision === AD_STATUS.rejected ? 'Nije usluga.' : null,
    });
    if (decided.status !== 200) throw new Error(`decision: ${decided.status}`);
  }
  return answer.body.id;
}

const search = (body: unknown, caller: Caller = searcherApp) =>
  api.call<SearchList>('POST', '/api/ads/search', caller, body);
const found = async (filters: Record<string, unknown>, options: Record<string, unknown> = {}) => {
  const answer = await search({ filters, options: { itemsPerPage: 50, ...options } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.map((row) => row.id);
};
const publicView = (id: number, caller: Caller = searcherApp) =>
  api.call<PublicAd>('GET', `/api/ads/public/${id}`, caller);

beforeAll(async () => {
  t = await createTestApp();
  api = await listenForMembers(t.app);
  await createUser(t.db, { username: 'urednik', roleIds: [ROLE.moderator] });
  await createUser(t.db, { username: 'clan.prazan', roleIds: [ROLE.member] });
  petar = await createUser(t.db, { username: 'oglasivac.petar', roleIds: [ROLE.member] });
  await t.db
    .update(users)
    .set({ name: 'Petar', last_name: 'Šćepanović', phone: '+382 67 123 456' })
    .where(eq(users.id, petar.id));
  await createUser(t.db, { username: 'oglasivac.mila', roleIds: [ROLE.member] });
  searcher = await createUser(t.db, { username: 'clan.trazi', roleIds: [ROLE.member] });
  petarApp = await api.memberToken('oglasivac.petar');
  milaApp = await api.memberToken('oglasivac.mila');
  searcherApp = await api.memberToken('clan.trazi');
  moderator = await api.staffCookie('urednik');

  ref.montenegro = await idOf(
    t.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'ME')),
  );
  ref.serbia = await idOf(t.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'RS')));
  ref.podgorica = await cityId('Podgorica', ref.montenegro);
  ref.niksic = await cityId('Nikšić', ref.montenegro);
  ref.belgrade = await cityId('Beograd', ref.serbia);
  ref.euro = await idOf(
    t.db.select({ id: currencies.id }).from(currencies).where(eq(currencies.short_name, 'EUR')),
  );
  const serviceNamed = (name: string) =>
    idOf(t.db.select({ id: services.id }).from(services).where(eq(services.name, name)));
  tree.garden = await serviceNamed('Baštenski radovi');
  tree.mowing = await serviceNamed('Košenje trave');
  tree.moving = await serviceNamed('Selidba stana');
  // A folder with a folder in it: the search by the top folder reaches both levels.
  tree.home = await insertService('Kuća i okućnica', null, false);
  tree.lawns = await insertService('Travnjaci', tree.home, false);
  tree.aeration = await insertService('Aeracija travnjaka', tree.lawns, true);
  tree.gutters = await insertService('Čišćenje oluka', tree.home, true);

  ad.mowing = await post(petarApp, {
    title: 'Košenje trave i orezivanje',
    description: 'Uredno i brzo.',
    services: [tree.mowing],
    allCountries: 'true',
    price_from: '10',
    price_to: '30',
  });
  ad.aeration = await post(milaApp, {
    title: 'Aeracija travnjaka',
    services: [tree.aeration],
    places: [{ os_country_id: ref.montenegro, cities: [] }],
    price_from: '50',
  });
  ad.gutters = await post(petarApp, {
    title: 'Tražim čišćenje oluka',
    is_offer: 'false',
    services: [tree.gutters],
    places: [{ os_country_id: ref.montenegro, cities: [ref.podgorica] }],
    price_from: '100',
    price_to: '200',
  });
  ad.moving = await post(milaApp, {
    title: 'Selidba stana',
    description: 'Prevoz namještaja, pažljivo.',
    services: [tree.moving],
    places: [{ os_country_id: ref.serbia, cities: [] }],
    price_from: '300',
    price_to: '500',
  });
  const everywhere = { services: [tree.mowing], allCountries: 'true', price_from: '20' };
  ad.pending = await post(petarApp, { ...everywhere, title: 'Košenje na čekanju' }, null);
  ad.rejected = await post(petarApp, { ...everywhere, title: 'Košenje odbijeno' }, AD_STATUS.rejected);
  ad.switchedOff = await post(petarApp, { ...everywhere, title: 'Košenje ugašeno' });
  const off = await api.call('DELETE', `/api/me/ads/destroy/${ad.switchedOff}`, petarApp);
  if (off.status !== 200) throw new Error(`destroy: ${off.status}`);
});
afterAll(() => t.close());

describe('finding ads', () => {
  it('finds approved, active ads only, newest first, paged with exact totals', async () => {
    const all = await search({});
    expect(all.status).toBe(200);
    expect(all.body.result.map((row) => row.id)).toEqual([ad.moving, ad.gutters, ad.aeration, ad.mowing]);
    expect(all.body).toMatchObject({ total_rows: 4, total_rows_exact: true });
    const page = await search({ options: { page: 2, itemsPerPage: 3 } });
    expect(page.body.result.map((row) => row.id)).toEqual([ad.mowing]);
    expect(page.body.total_rows).toBe(4);
  });

  it('sorts by price, cheapest or dearest first', async () => {
    const ascending = [ad.mowing, ad.aeration, ad.gutters, ad.moving];
    expect(await found({}, { sortBy: ['price_from'], sortDesc: [false] })).toEqual(ascending);
    expect(await found({}, { sortBy: ['price_from'], sortDesc: [true] })).toEqual(ascending.toReversed());
  });

  it('finds by a service, or by a folder with every service in its subtree', async () => {
    expect(await found({ service_id: tree.home })).toEqual([ad.gutters, ad.aeration]);
    expect(await found({ service_id: tree.lawns })).toEqual([ad.aeration]);
    expect(await found({ service_id: tree.aeration })).toEqual([ad.aeration]);
    expect(await found({ service_id: tree.garden })).toEqual([ad.mowing]);
    expect(await found({ service_id: tree.mowing })).toEqual([ad.mowing]);
  });

  it('finds by country and by city: everywhere, the whole country, or that city', async () => {
    expect(await found({ os_country_id: ref.montenegro })).toEqual([ad.gutters, ad.aeration, ad.mowing]);
    expect(await found({ os_country_id: ref.serbia })).toEqual([ad.moving, ad.mowing]);
    expect(await found({ os_city_id: ref.podgorica })).toEqual([ad.gutters, ad.aeration, ad.mowing]);
    expect(await found({ os_city_id: ref.niksic })).toEqual([ad.aeration, ad.mowing]);
    expect(await found({ os_city_id: ref.belgrade })).toEqual([ad.moving, ad.mowing]);
  });

  it('finds offers or demands', async () => {
    expect(await found({ is_offer: false })).toEqual([ad.gutters]);
    expect(await found({ is_offer: true })).toEqual([ad.moving, ad.aeration, ad.mowing]);
  });

  it('finds by price: what one can have for an amount, what reaches an amount, ranges that overlap', async () => {
    expect(await found({ price_to: 60 })).toEqual([ad.aeration, ad.mowing]);
    // An ad without 'price to' has the one price it starts at.
    expect(await found({ price_from: 40 })).toEqual([ad.moving, ad.gutters, ad.aeration]);
    expect(await found({ price_from: 150 })).toEqual([ad.moving, ad.gutters]);
    expect(await found({ price_from: 40, price_to: 120 })).toEqual([ad.gutters, ad.aeration]);
  });

  it('finds words in title and description, diacritics and case ignored, in any order', async () => {
    expect(await found({ q: 'kosenje' })).toEqual([ad.mowing]);
    expect(await found({ q: 'KOŠENJE' })).toEqual([ad.mowing]);
    expect(await found({ q: 'trave kosenje' })).toEqual([ad.mowing]);
    expect(await found({ q: 'pazljivo namjestaj' })).toEqual([ad.moving]);
    expect(await found({ q: 'ciscenje' })).toEqual([ad.gutters]);
    expect(await found({ q: 'košenje selidba' })).toEqual([]);
    // LIKE's wildcards typed by the member match themselves.
    expect(await found({ q: '%' })).toEqual([]);
    expect(await found({ q: 'kosenje', is_offer: true, os_city_id: ref.niksic })).toEqual([ad.mowing]);
  });

  it('refuses filters and sorts it does not know', async () => {
    expect((await search({ filters: { posted_by_user_id: petar.id } })).status).toBe(422);
    expect((await search({ filters: { status: AD_STATUS.awaitingApproval } })).status).toBe(422);
    expect((await search({ options: { sortBy: ['title'] } })).status).toBe(422);
  });

  it('shows the poster by first name only, in the rows', async () => {
    const { body } = await search({ filters: { q: 'kosenje' } });
    expect(body.result[0]).toMatchObject({
      title: 'Košenje trave i orezivanje',
      price_from: 10,
      price_to: 30,
      currency: { short_name: 'EUR' },
      services: [{ id: tree.mowing, name: 'Košenje trave' }],
      poster: { first_name: 'Petar' },
    });
    const text = JSON.stringify(body);
    for (const secret of ['Šćepanović', '+382 67 123 456', 'oglasivac.petar', `"posted_by_user_id"`]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("an ad's public view", () => {
  it('shows the whole ad without the poster’s contact details, until the caller’s contact is accepted', async () => {
    const view = await publicView(ad.gutters);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body).toMatchObject({
      id: ad.gutters,
      title: 'Tražim čišćenje oluka',
      is_offer: false,
      services: [{ name: 'Čišćenje oluka' }],
      places: [{ os_country_id: ref.montenegro, cities: [{ id: ref.podgorica, name: 'Podgorica' }] }],
      poster: { first_name: 'Petar' },
      contact: null,
    });
    expect(view.body.photos).toHaveLength(1);
    const text = JSON.stringify(view.body);
    for (const secret of [
      'Šćepanović',
      '+382 67 123 456',
      'oglasivac.petar@example.test',
      'oglasivac.petar',
    ]) {
      expect(text).not.toContain(secret);
    }

    // A contact not answered yet shows nothing more; an accepted one, the poster's details.
    const [lead] = await t.db
      .insert(leads)
      .values({
        ad_id: ad.gutters,
        service_id: tree.gutters,
        user_id: searcher.id,
        credit: 3,
        answer_due_at: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: leads.id });
    expect((await publicView(ad.gutters)).body.contact).toBeNull();
    await t.db
      .update(leads)
      .set({ is_accepted: true, response_time: new Date() })
      .where(eq(leads.id, lead?.id ?? 0));
    expect((await publicView(ad.gutters)).body.contact).toEqual({
      id: petar.id,
      name: 'Petar',
      last_name: 'Šćepanović',
      phone: '+382 67 123 456',
      email: 'oglasivac.petar@example.test',
    });
    // Only to the member whose contact it was.
    expect((await publicView(ad.gutters, milaApp)).body.contact).toBeNull();
  });

  it('answers 404 for an ad the search does not show', async () => {
    for (const id of [ad.pending, ad.rejected, ad.switchedOff, ad.moving + 1000]) {
      expect((await publicView(id)).status).toBe(404);
    }
  });

  it('is for members: staff without the member role get 403, nobody signed in 401', async () => {
    expect((await search({}, moderator)).status).toBe(403);
    expect((await publicView(ad.mowing, moderator)).status).toBe(403);
    expect((await search({}, null)).status).toBe(401);
    expect((await publicView(ad.mowing, null)).status).toBe(401);
  });
});
