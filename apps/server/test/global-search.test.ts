import { AD_STATUS, type GlobalSearchHit } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, services, users } from '../src/db/schema/index.ts';
import { createTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';

/**
 * The shell's search (issue 18 item 2): users and ads by what was typed, diacritics and case
 * ignored, only what the caller's role may open, at most 20, the ad whose id was typed first.
 */
let t: TestApp;
let admin: string;
let moderator: string;
let member: string;
const ids: Record<string, number> = {};

async function addUser(
  key: string,
  values: { name: string; last_name?: string; username: string; phone?: string },
) {
  const [row] = await t.db
    .insert(users)
    .values({ ...values, email: `${values.username}@primjer.test`, password_hash: '!' })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  ids[key] = row.id;
}

async function addAds(posterId: number, titles: Record<string, string>, status: number = AD_STATUS.approved) {
  for (const [key, title] of Object.entries(titles)) {
    const [row] = await t.db
      .insert(ads)
      .values({
        title,
        is_offer: true,
        posted_by_user_id: posterId,
        currency_id: 1,
        price_from: 20,
        ad_status_id: status,
        all_countries: true,
      })
      .returning({ id: ads.id });
    if (!row) throw new Error('no ad');
    ids[key] = row.id;
  }
}

const search = (q: unknown, cookie?: string) =>
  t.request({ method: 'POST', url: '/api/search', payload: { q }, ...(cookie ? { cookie } : {}) });

async function hits(q: string, cookie = admin): Promise<GlobalSearchHit[]> {
  const answer = await search(q, cookie);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ result: GlobalSearchHit[] }>().result;
}

const keysOf = (found: GlobalSearchHit[]) =>
  found.map((hit) => {
    const key = Object.entries(ids).find(([name, id]) => id === hit.id && name.startsWith(`${hit.type}:`));
    return key ? key[0] : `${hit.type}:#${hit.id}`;
  });

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'search-admin', roleIds: [ROLE.administrator] });
  await createUser(t.db, { username: 'search-moderator', roleIds: [ROLE.moderator] });
  await createUser(t.db, { username: 'search-member', roleIds: [ROLE.member] });
  [admin, moderator, member] = await Promise.all([
    t.signIn('search-admin'),
    t.signIn('search-moderator'),
    t.signIn('search-member'),
  ]);
  // Ads get ids far from the users' (some empty ads first), so an id found where another kind's is meant shows.
  await t.db.execute(sql`select setval(pg_get_serial_sequence('ads', 'id'), 5000)`);
  await addUser('user:đurđa', {
    name: 'Đurđa',
    last_name: 'Šćepanović',
    username: 'djurdja84',
    phone: '+38267111222',
  });
  await addUser('user:marko', { name: 'Marko', last_name: 'Kosović', username: 'mkos' });
  await addUser('user:poster', { name: 'Petar', last_name: 'Oglašivač', username: 'poster' });
  const poster = ids['user:poster'] ?? 0;
  await addAds(poster, { 'ad:košenje': 'Košenje trave u dvorištu', 'ad:čišćenje': 'Čišćenje oluka' });
  await addAds(poster, { 'ad:waiting': 'Krečenje stana' }, AD_STATUS.awaitingApproval);
  // Thirty users and thirty ads that share a word: more than one answer holds.
  for (let n = 1; n <= 30; n += 1)
    await addUser(`user:many${n}`, { name: `Zvonko${n}`, username: `zvonko-${n}` });
  await addAds(
    poster,
    Object.fromEntries(Array.from({ length: 30 }, (_, n) => [`ad:many${n + 1}`, `Zvonko oglas ${n + 1}`])),
  );
});
afterAll(() => t.close());

describe('POST /api/search', () => {
  it('finds an ad without the diacritics of its title, in any case', async () => {
    expect(keysOf(await hits('kosenje'))).toContain('ad:košenje');
    expect(keysOf(await hits('KOŠENJE'))).toContain('ad:košenje');
    expect(keysOf(await hits('ciscenje oluka'))).toEqual(['ad:čišćenje']);
  });

  it('finds users by name and last name, username, e-mail and phone, diacritics ignored (đ is d)', async () => {
    expect(keysOf(await hits('durda scep'))).toEqual(['user:đurđa']);
    expect(keysOf(await hits('scepanovic'))).toEqual(['user:đurđa']);
    expect(keysOf(await hits('djurdja84'))).toEqual(['user:đurđa']);
    expect(keysOf(await hits('djurdja84@primjer'))).toEqual(['user:đurđa']);
    expect(keysOf(await hits('67111'))).toEqual(['user:đurđa']);
  });

  it('says what each record is: a user by e-mail and username, an ad by poster and status', async () => {
    const [user] = await hits('scepanovic');
    expect(user).toEqual({
      type: 'user',
      id: ids['user:đurđa'],
      title: 'Đurđa Šćepanović',
      subtitle: 'djurdja84@primjer.test · djurdja84',
    });
    const [waiting] = await hits('krecenje');
    expect(waiting).toMatchObject({ type: 'ad', id: ids['ad:waiting'], title: 'Krečenje stana' });
    expect(waiting?.subtitle).toMatch(/^Petar Oglašivač · \S/);
  });

  it('ranks names that begin with the text before those that only contain it', async () => {
    // 'Kosović' begins with 'kos'; 'Košenje' too; 'Oglašivač' does not contain it at all.
    const found = keysOf(await hits('kos'));
    expect(found.slice(0, 2).sort()).toEqual(['ad:košenje', 'user:marko']);
  });

  it('lists the ad whose id was typed first', async () => {
    const id = ids['ad:čišćenje'] ?? 0;
    const [first] = await hits(String(id));
    expect(first).toMatchObject({ type: 'ad', id, title: 'Čišćenje oluka' });
  });

  it('finds an ad by a two-digit id (a two-letter search), once, though its title holds the number too', async () => {
    // Below the sequence's 5000: the oldest ad, as a two-letter search's newest rows would miss it.
    const [old] = await t.db
      .insert(ads)
      .values({
        id: 87,
        title: 'Selidba 87 kutija',
        is_offer: true,
        posted_by_user_id: ids['user:poster'] ?? 0,
        currency_id: 1,
        price_from: 20,
        ad_status_id: AD_STATUS.approved,
        all_countries: true,
      })
      .returning({ id: ads.id });
    const found = await hits('87');
    expect(found[0]).toMatchObject({ type: 'ad', id: old?.id, title: 'Selidba 87 kutija' });
    expect(found.filter((hit) => hit.type === 'ad' && hit.id === 87)).toHaveLength(1);
  });

  it('matches two letters at the start of a word (of any row, however old), not inside one', async () => {
    // 'Košenje …' and 'Marko Kosović' have a word that begins with 'ko'; the thirty 'Zvonko…' only
    // contain it, and would fill the answer if they matched.
    const found = keysOf(await hits('ko'));
    expect(found.sort()).toEqual(['ad:košenje', 'user:marko']);
    expect(keysOf(await hits('ol'))).toEqual(['ad:čišćenje']);
    expect(keysOf(await hits('zv'))).toHaveLength(20);
  });

  it('answers at most 20, half users and half ads when both have many', async () => {
    const found = await hits('zvonko');
    expect(found).toHaveLength(20);
    expect(found.filter((hit) => hit.type === 'user')).toHaveLength(10);
    expect(found.filter((hit) => hit.type === 'ad')).toHaveLength(10);
    // A moderator sees ads only, so they fill the answer.
    const forModerator = await hits('zvonko', moderator);
    expect(forModerator).toHaveLength(20);
    expect(forModerator.every((hit) => hit.type === 'ad')).toBe(true);
  });

  it('shows a moderator ads but no users, and refuses members and anonymous callers', async () => {
    expect(keysOf(await hits('kos', moderator))).toEqual(['ad:košenje']);
    expect((await search('kos', member)).statusCode).toBe(403);
    expect((await search('kos')).statusCode).toBe(401);
  });

  it('takes 2 to 100 characters, and a % or _ typed matches only itself', async () => {
    expect((await search('k', admin)).statusCode).toBe(422);
    expect((await search(' k ', admin)).statusCode).toBe(422);
    expect((await search('k'.repeat(101), admin)).statusCode).toBe(422);
    expect((await search(42, admin)).statusCode).toBe(422);
    expect(await hits('k'.repeat(100))).toEqual([]);
    expect(await hits('%%')).toEqual([]);
    expect(await hits('o_l')).toEqual([]);
  });
});

describe("the lists' 'contains' filters and the services tree search ignore diacritics", () => {
  const list = async (url: string, filters: Record<string, unknown>) => {
    const answer = await t.request({ method: 'POST', url, payload: { filters }, cookie: admin });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ result: { id: number }[] }>().result.map((row) => row.id);
  };

  it("finds 'Košenje trave' by 'kosenje' in the ads list, and the poster by a name typed without diacritics", async () => {
    expect(await list('/api/jobs/index', { title: 'kosenje' })).toEqual([ids['ad:košenje']]);
    expect(await list('/api/jobs/index', { title: 'KOŠENJE TRAVE' })).toEqual([ids['ad:košenje']]);
    const byPoster = await list('/api/jobs/index', { user_name: 'oglasivac', title: 'oluka' });
    expect(byPoster).toEqual([ids['ad:čišćenje']]);
  });

  it('finds users by full name, last name and e-mail without diacritics (đ is d)', async () => {
    expect(await list('/api/users/index', { full_name: 'durda scepan' })).toEqual([ids['user:đurđa']]);
    expect(await list('/api/users/index', { last_name: 'SCEPANOVIC' })).toEqual([ids['user:đurđa']]);
    // Only what matches: 'dj' is not how đ folds.
    expect(await list('/api/users/index', { name: 'djurdja' })).toEqual([]);
  });

  it('finds a service in the tree by its name without diacritics', async () => {
    const [folder] = await t.db
      .insert(services)
      .values({ name: 'Baštenski radovi' })
      .returning({ id: services.id });
    const [leaf] = await t.db
      .insert(services)
      .values({ name: 'Šišanje živice', is_service: true, credit: 2, service_id: folder?.id ?? null })
      .returning({ id: services.id });
    const answer = await t.request({
      method: 'POST',
      url: '/api/services/index_active',
      payload: { is_single_level: false, filters: { name: 'sisanje zivice' } },
      cookie: admin,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [top] = answer.json<{ result: { id: number; services: { id: number; is_match: boolean }[] }[] }>()
      .result;
    expect(top?.id).toBe(folder?.id);
    expect(top?.services).toEqual([expect.objectContaining({ id: leaf?.id, is_match: true })]);
  });
});
