import path from 'node:path';
import { AD_HINTS_MAX, type AdHints } from '@usluge/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adPhotos, ads, currencies, services, users } from '../src/db/schema/index.ts';
import { createDiskStorage } from '../src/uploads/file-storage.ts';
import { hammingDistance, perceptualHash } from '../src/uploads/perceptual-hash.ts';
import { hashMissingPhotos } from '../src/uploads/photo-hashes.ts';
import { formOf, listenForMembers, type MemberApi } from './helpers/member-api.ts';
import { createDemoTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';
import { smallPng } from './helpers/test-images.ts';

/**
 * Duplicate and spam hints (issue 19 item 5): similar texts, the poster's other recent ads, reused
 * photos by perceptual hash (taken at upload), accounts sharing the poster's contact; staff only.
 */
let t: TestApp;
let api: MemberApi;
let moderator: { cookie: string };
let member: { token: string };
let poster: TestUser;
let mowing = 0;
let euro = 0;

/** A picture with shapes and a gradient, different for each seed: photographs have structure too. */
const picture = (seed: number) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#${((seed * 123457) % 0xffffff).toString(16).padStart(6, '0')}"/><stop offset="1" stop-color="#203040"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#g)"/>
<circle cx="${200 + ((seed * 37) % 300)}" cy="${150 + ((seed * 53) % 250)}" r="${80 + ((seed * 11) % 90)}" fill="#f0e0a0"/>
<rect x="${(seed * 71) % 500}" y="${(seed * 29) % 300}" width="220" height="140" fill="#304080"/>
<polygon points="${(seed * 13) % 800},600 ${(seed * 91) % 800},${(seed * 7) % 300} 790,590" fill="#a03020"/>
</svg>`),
  )
    .jpeg({ quality: 90 })
    .toBuffer();

/** The same picture as someone re-uploading it would: smaller, recompressed harder. */
const reencoded = async (bytes: Buffer) => sharp(bytes).resize(320).jpeg({ quality: 45 }).toBuffer();

type AdText = { posterId?: number; description?: string | null };

const adForm = (title: string, { posterId = poster.id, description = null }: AdText) => ({
  title,
  is_offer: 'true',
  services: [mowing],
  posted_by_user_id: String(posterId),
  currency_id: String(euro),
  price_from: '25',
  allCountries: 'true',
  allWorkingDays: 'true',
  ...(description === null ? {} : { description }),
});

async function storeAd(
  title: string,
  { photos = [] as Buffer[], ...text }: AdText & { photos?: Buffer[] } = {},
) {
  const answer = await api.call<{ id: number }>(
    'POST',
    '/api/jobs/store',
    moderator,
    formOf(adForm(title, text), photos),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id;
}

async function updateAd(id: number, title: string, text: AdText) {
  const answer = await api.call('POST', `/api/jobs/update/${id}`, moderator, formOf(adForm(title, text)));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const hintsOf = async (adId: number, caller: { cookie: string } | { token: string } = moderator) =>
  api.call<AdHints>('GET', `/api/jobs/hints/${adId}`, caller);

const photoHashesOf = async (adId: number) =>
  (
    await t.db
      .select({ id: adPhotos.id, url: adPhotos.photo_url, phash: adPhotos.phash })
      .from(adPhotos)
      .where(eq(adPhotos.ad_id, adId))
  ).sort((a, b) => a.id - b.id);

beforeAll(async () => {
  const demo = await createDemoTestApp();
  t = demo.t;
  api = await listenForMembers(t.app);
  await createUser(t.db, { username: 'hint-moderator', roleIds: [ROLE.moderator] });
  moderator = await api.staffCookie('hint-moderator');
  const memberUser = await createUser(t.db, { username: 'hint-member', roleIds: [ROLE.member] });
  member = { token: (await api.memberToken(memberUser.username)).token };
  poster = await createUser(t.db, { username: 'Hint-Poster', roleIds: [ROLE.member] });
  await t.db.update(users).set({ phone: '+382 67 555 019' }).where(eq(users.id, poster.id));
  const [service] = await t.db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.name, 'Košenje trave'));
  const [currency] = await t.db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.short_name, 'EUR'));
  mowing = service?.id ?? 0;
  euro = currency?.id ?? 0;
}, 120_000);
afterAll(() => t.close());

describe('photo hashes', () => {
  it('are taken at upload from the stored picture', async () => {
    const original = await picture(3);
    const adId = await storeAd('Fotografija s hešom', { photos: [original] });
    const [photo] = await photoHashesOf(adId);
    expect(photo?.phash).not.toBeNull();
    const stored = await t.request({ method: 'GET', url: photo?.url ?? '' });
    expect(photo?.phash).toBe(await perceptualHash(stored.rawPayload));
    expect(hammingDistance(photo?.phash ?? 0n, (await perceptualHash(original)) ?? 1n)).toBeLessThanOrEqual(
      3,
    );
  });

  it('are not taken of a picture of one colour, which would pass for any other such picture', async () => {
    const adId = await storeAd('Jednobojna fotografija', { photos: [await smallPng()] });
    expect((await photoHashesOf(adId)).map((photo) => photo.phash)).toEqual([null]);
  });

  it('are filled in for photos stored without one, from their files, once', async () => {
    const adId = await storeAd('Stara fotografija bez heša', {
      photos: [await picture(4), await picture(5)],
    });
    const before = await photoHashesOf(adId);
    await t.db
      .update(adPhotos)
      .set({ phash: null })
      .where(
        inArray(
          adPhotos.id,
          before.map((photo) => photo.id),
        ),
      );
    const storage = createDiskStorage(path.join(t.dataDir, 'uploads'));
    const first = await hashMissingPhotos(t.db, storage, { batchSize: 1 });
    expect(first.hashed).toBeGreaterThanOrEqual(2);
    expect((await photoHashesOf(adId)).map((photo) => photo.phash)).toEqual(
      before.map((photo) => photo.phash),
    );
    // Again: only the one-colour photo, which has no hash to find, is looked at.
    expect(await hashMissingPhotos(t.db, storage)).toEqual({ hashed: 0, missing: 1 });
  });
});

describe('GET /api/jobs/hints/{id}', () => {
  let adId = 0;
  let similarId = 0;
  let reusedPhotoId = 0;
  let unrelatedPhotoId = 0;
  let copiedTextId = 0;
  let oldId = 0;
  let phoneTwin: TestUser;
  let phoneNeighbour: TestUser;
  let mailTwin: TestUser;

  beforeAll(async () => {
    const photo = await picture(1);
    adId = await storeAd('Popravka starinskih satova s klatnom', {
      description: 'Popravljam zidne satove s klatnom i džepne satove, dolazim na adresu.',
      photos: [photo],
    });
    const otherPoster = await createUser(t.db, { username: 'hint-other-poster', roleIds: [ROLE.member] });
    similarId = await storeAd('Popravka starinskih satova sa klatnom', { posterId: otherPoster.id });
    reusedPhotoId = await storeAd('Čuvanje pasa vikendom', {
      posterId: otherPoster.id,
      photos: [await picture(2), await reencoded(photo)],
    });
    unrelatedPhotoId = await storeAd('Farbanje ograda', {
      posterId: otherPoster.id,
      photos: [await picture(2)],
    });
    // Another title, the same description pasted with other digits, spacing and diacritics.
    copiedTextId = await storeAd('Servis zidnih časovnika', {
      posterId: otherPoster.id,
      description: 'Popravljam zidne satove s klatnom i dzepne satove,  dolazim na adresu 24/7.',
    });
    oldId = await storeAd('Staro pranje tepiha');
    await t.db.update(ads).set({ created_at: sql`now() - interval '40 days'` }).where(eq(ads.id, oldId));
    // The poster's phone '+382 67 555 019' written the national way; and a number one digit off.
    phoneTwin = await createUser(t.db, { username: 'hint-phone-twin', roleIds: [ROLE.member] });
    await t.db.update(users).set({ phone: '067/555-019' }).where(eq(users.id, phoneTwin.id));
    phoneNeighbour = await createUser(t.db, { username: 'hint-phone-neighbour', roleIds: [ROLE.member] });
    await t.db.update(users).set({ phone: '+382 67 555 018' }).where(eq(users.id, phoneNeighbour.id));
    mailTwin = await createUser(t.db, { username: 'hint-mail-twin', roleIds: [ROLE.member] });
    await t.db.update(users).set({ email: 'HINT-poster@drugi-domen.test' }).where(eq(users.id, mailTwin.id));
  });

  it('finds an ad with a similar title, of any poster, with its similarity', async () => {
    const { status, body } = await hintsOf(adId);
    expect(status).toBe(200);
    const similar = body.similar_ads.find((hint) => hint.id === similarId);
    expect(similar?.title).toBe('Popravka starinskih satova sa klatnom');
    expect(similar?.score).toBeGreaterThan(0.4);
    expect(body.similar_ads.map((hint) => hint.id)).not.toContain(adId);
    expect(body.similar_ads.map((hint) => hint.id)).not.toContain(unrelatedPhotoId);
  });

  it('finds a copy of the description under another title, with its similarity', async () => {
    const { body } = await hintsOf(adId);
    const copy = body.similar_ads.find((hint) => hint.id === copiedTextId);
    expect(copy?.title).toBe('Servis zidnih časovnika');
    expect(copy?.score).toBeGreaterThan(0.7);
    // Ordered by score, strongest first.
    const scores = body.similar_ads.map((hint) => hint.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('finds a near-copy of the description under another title, and not an ad sharing one stock sentence', async () => {
    const otherPoster = await createUser(t.db, { username: 'hint-near-poster', roleIds: [ROLE.member] });
    const tents = await storeAd('Iznajmljivanje šatora za svadbe', {
      description:
        'Iznajmljujem šatore za svadbe i proslave do dvjesto gostiju. Postavljanje i skidanje šatora je uključeno u cijenu. Stolove i stolice donosimo po dogovoru. Plaćanje po završetku posla.',
    });
    // One word changed, a sentence added, another title: neither its title nor a copy of the text.
    const nearCopy = await storeAd('Oprema za događaje – Bar', {
      posterId: otherPoster.id,
      description:
        'Iznajmljujem šatore za svadbe i rođendane do dvjesto gostiju. Postavljanje i skidanje šatora je uključeno u cijenu. Stolove i stolice donosimo po dogovoru. Plaćanje po završetku posla. Zovite od 8 do 20h.',
    });
    // Shares the last sentence alone: a candidate, but not alike.
    const unrelated = await storeAd('Časovi klavira za djecu', {
      posterId: otherPoster.id,
      description:
        'Dajem časove klavira djeci i odraslima, početnicima i naprednima. Plaćanje po završetku posla.',
    });
    // Titles nearer to this one's than either's, though not alike enough to be hints themselves:
    // the title walk's ten are taken by them, so the near-copy is found by its sentences alone.
    await t.db.insert(ads).values(
      Array.from({ length: AD_HINTS_MAX + 2 }, (_, i) => ({
        title: `Svadbeni šatori ${i + 1}`,
        is_offer: true,
        posted_by_user_id: otherPoster.id,
        currency_id: euro,
        price_from: 20,
      })),
    );
    const { body } = await hintsOf(tents);
    const found = body.similar_ads.find((hint) => hint.id === nearCopy);
    expect(found?.title).toBe('Oprema za događaje – Bar');
    expect(found?.score).toBeGreaterThan(0.7);
    expect(body.similar_ads.map((hint) => hint.id)).not.toContain(unrelated);
    // Both ways.
    expect((await hintsOf(nearCopy)).body.similar_ads.map((hint) => hint.id)).toContain(tents);
  });

  it('finds the newest of many ads with the same title, whatever their case, punctuation or digits', async () => {
    const otherPoster = await createUser(t.db, { username: 'hint-twin-poster', roleIds: [ROLE.member] });
    const spellings = ['Košenje trave – Tuzi', 'KOšENJE TRAVE, Tuzi!', 'košenje trave tuzi 24/7'];
    const twins: number[] = [];
    for (let index = 0; index < AD_HINTS_MAX + 3; index++) {
      twins.push(await storeAd(spellings[index % spellings.length] ?? '', { posterId: otherPoster.id }));
    }
    const subject = twins.shift() ?? 0;
    const { body } = await hintsOf(subject);
    // The same title (its fingerprint) is found on its btree index newest first, ten of them.
    expect(body.similar_ads.map((hint) => hint.id).sort((a, b) => a - b)).toEqual(
      twins.slice(-AD_HINTS_MAX).sort((a, b) => a - b),
    );
  });

  it('finds the near-copy written in after an edit of the description', async () => {
    const otherPoster = await createUser(t.db, { username: 'hint-edit-poster', roleIds: [ROLE.member] });
    const bikes = await storeAd('Servis bicikala u Kotoru', {
      description:
        'Servisiram bicikla svih marki, mijenjam lance, kočnice i gume. Dolazim po bicikl i vraćam ga na adresu.',
    });
    const later = await storeAd('Popravke dvotočkaša', {
      posterId: otherPoster.id,
      description: 'Pranje automobila, usisavanje i poliranje enterijera.',
    });
    expect((await hintsOf(bikes)).body.similar_ads.map((hint) => hint.id)).not.toContain(later);
    await updateAd(later, 'Popravke dvotočkaša', {
      posterId: otherPoster.id,
      description:
        'Servisiram bicikla svih marki, mijenjam lance, kočnice i gume. Dolazim po bicikl i vraćam ga na vašu adresu.',
    });
    expect((await hintsOf(bikes)).body.similar_ads.map((hint) => hint.id)).toContain(later);
  });

  it("lists the poster's other ads of the last 30 days, not older ones", async () => {
    const { body } = await hintsOf(adId);
    const ids = body.same_poster_ads.map((hint) => hint.id);
    expect(ids).not.toContain(adId);
    expect(ids).not.toContain(oldId);
    expect(ids).not.toContain(similarId);
    expect(body.same_poster_ads.length).toBeGreaterThan(0);
    expect(body.same_poster_ads.every((hint) => hint.score >= 0 && hint.score <= 30)).toBe(true);
  });

  it('finds the same photo re-encoded smaller, and not an unrelated one', async () => {
    const { body } = await hintsOf(adId);
    const reused = body.same_photo_ads.find((hint) => hint.id === reusedPhotoId);
    expect(reused).toMatchObject({ title: 'Čuvanje pasa vikendom' });
    expect(reused?.score).toBeGreaterThanOrEqual(61);
    expect(body.same_photo_ads.map((hint) => hint.id)).not.toContain(unrelatedPhotoId);
    // Both ways: the other ad's hints name this one.
    const back = await hintsOf(reusedPhotoId);
    expect(back.body.same_photo_ads.map((hint) => hint.id)).toContain(adId);
  });

  it("names the accounts sharing the poster's phone, however written, or e-mail local part, and which", async () => {
    const { body } = await hintsOf(adId);
    expect(body.shared_contact_users).toEqual(
      expect.arrayContaining([
        { id: phoneTwin.id, name: 'Ime hint-phone-twin Prezime', matched: ['phone'], score: 1 },
        { id: mailTwin.id, name: 'Ime hint-mail-twin Prezime', matched: ['email'], score: 1 },
      ]),
    );
    expect(body.shared_contact_users.map((user) => user.id)).not.toContain(poster.id);
    expect(body.shared_contact_users.map((user) => user.id)).not.toContain(phoneNeighbour.id);
  });

  it('is for staff: moderators read it, members are refused, an unknown ad is a 404', async () => {
    expect((await hintsOf(adId, member)).status).toBe(403);
    expect((await api.call('GET', `/api/jobs/hints/${adId}`, null)).status).toBe(401);
    expect((await hintsOf(987_654)).status).toBe(404);
  });
});
