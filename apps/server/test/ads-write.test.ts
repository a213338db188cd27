import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { AD_STATUS, type AdDetails } from '@usluge/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, countries, currencies, services } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../src/db/seed/seed-demo.ts';
import { createDemoTestApp, type TestApp } from './helpers/test-app.ts';
import { jpegWithGps, smallPng } from './helpers/test-images.ts';

let t: TestApp;
let base = '';
let moderator = '';
let form: Record<string, unknown>;

type Answer = AdDetails & { message: string; errors: Record<string, string[]> };

function multipart(fields: Record<string, unknown>, photos: Buffer[] = []) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    body.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const [index, bytes] of photos.entries()) {
    body.set(`photos[${index}]`, new Blob([new Uint8Array(bytes)]), `${index}.jpg`);
  }
  return body;
}

const send = async (url: string, fields: Record<string, unknown>, photos: Buffer[] = []) => {
  const answer = await fetch(`${base}${url}`, {
    method: 'POST',
    body: multipart(fields, photos),
    headers: { cookie: moderator, origin: base },
  });
  return { status: answer.status, body: (await answer.json()) as Answer };
};

const details = async (id: number) =>
  (await (
    await fetch(`${base}/api/jobs/show/${id}`, { headers: { cookie: moderator } })
  ).json()) as AdDetails;

async function idOf<T extends { id: number }>(rows: Promise<T[]>): Promise<number> {
  const [row] = await rows;
  if (!row) throw new Error('reference row missing');
  return row.id;
}

beforeAll(async () => {
  const demo = await createDemoTestApp();
  t = demo.t;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${base}/api/loginWeb`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'moderator', password: DEMO_PASSWORD }),
  });
  moderator = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const montenegro = await idOf(
    t.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'ME')),
  );
  const serbia = await idOf(
    t.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'RS')),
  );
  const podgorica = await idOf(
    t.db
      .select({ id: cities.id })
      .from(cities)
      .where(and(eq(cities.name, 'Podgorica'), eq(cities.os_country_id, montenegro))),
  );
  const niksic = await idOf(
    t.db
      .select({ id: cities.id })
      .from(cities)
      .where(and(eq(cities.name, 'Nikšić'), eq(cities.os_country_id, montenegro))),
  );
  const euro = await idOf(
    t.db.select({ id: currencies.id }).from(currencies).where(eq(currencies.short_name, 'EUR')),
  );
  const mowing = await idOf(
    t.db.select({ id: services.id }).from(services).where(eq(services.name, 'Košenje trave')),
  );
  form = {
    title: 'Košenje i orezivanje',
    description: 'Uređujem dvorišta u Podgorici i Nikšiću.',
    is_offer: 'true',
    services: [mowing],
    posted_by_user_id: '12',
    currency_id: String(euro),
    price_from: '20.50',
    price_to: '80',
    allCountries: 'false',
    allWorkingDays: 'false',
    places: [
      { os_country_id: montenegro, cities: [podgorica, niksic] },
      { os_country_id: serbia, cities: [] },
    ],
    ad_days: [
      {
        day_id: 1,
        times: [
          { start_at: '08:00', stop_at: '12:00' },
          { start_at: '13:00', stop_at: '17:30' },
        ],
      },
      {
        day_id: 3,
        times: [
          { start_at: '07:15', stop_at: '11:00' },
          { start_at: '11:00', stop_at: '15:45' },
        ],
      },
    ],
  };
});
afterAll(() => t.close());

describe('the ad form', () => {
  let adId = 0;

  it('stores an ad with places, cities, days, shifts and photos; it waits for approval', async () => {
    const { status, body } = await send('/api/jobs/store', form, [await jpegWithGps(), await smallPng()]);
    expect(status, JSON.stringify(body)).toBe(201);
    adId = body.id;
    expect(body.status.id).toBe(AD_STATUS.awaitingApproval);
    const saved = await details(adId);
    expect(saved).toMatchObject({
      title: 'Košenje i orezivanje',
      price_from: 20.5,
      price_to: 80,
      is_offer: true,
    });
    expect(saved.places.map((p) => [p.name, p.cities.map((c) => c.name)])).toEqual([
      ['Crna Gora', ['Nikšić', 'Podgorica']],
      ['Srbija', []],
    ]);
    expect(saved.ad_days.map((d) => [d.day_id, d.times])).toEqual([
      [
        1,
        [
          { start_at: '08:00', stop_at: '12:00' },
          { start_at: '13:00', stop_at: '17:30' },
        ],
      ],
      [
        3,
        [
          { start_at: '07:15', stop_at: '11:00' },
          { start_at: '11:00', stop_at: '15:45' },
        ],
      ],
    ]);
    expect(saved.photos).toHaveLength(2);
    expect(saved.photos[1]?.photo_url).toMatch(/\.png$/);
    expect(saved.status_history.map((h) => [h.from, h.to.name])).toEqual([[null, 'Čeka odobrenje']]);
  });

  it('saves an unchanged form back to the same ad (round trip)', async () => {
    const before = await details(adId);
    const { status } = await send(`/api/jobs/update/${adId}`, {
      ...form,
      places: before.places.map((p) => ({
        os_country_id: p.os_country_id,
        cities: p.cities.map((c) => c.id),
      })),
      ad_days: before.ad_days.map(({ day_id, is_active, times }) => ({ day_id, is_active, times })),
      services: before.services.map((s) => s.id),
      kept_photos: before.photos.map((p) => p.id),
    });
    expect(status).toBe(200);
    const after = await details(adId);
    const { updated_at: _a, ...restAfter } = after;
    const { updated_at: _b, ...restBefore } = before;
    expect(restAfter).toEqual(restBefore);
  });

  it('keeps the listed photos in their new order, adds new ones after, removes the others with their files', async () => {
    const before = await details(adId);
    const [first, second] = before.photos;
    const { status } = await send(`/api/jobs/update/${adId}`, { ...form, kept_photos: [second?.id] }, [
      await smallPng(),
    ]);
    expect(status).toBe(200);
    const after = await details(adId);
    expect(after.photos.map((p) => p.id)[0]).toBe(second?.id);
    expect(after.photos).toHaveLength(2);
    const removed = path.join(t.dataDir, 'uploads', 'jobs_images', path.basename(first?.photo_url ?? ''));
    expect(fs.existsSync(removed)).toBe(false);
  });

  it('refuses overlapping and too short shifts, and a price to below the price from, with the spec messages', async () => {
    const { status, body } = await send('/api/jobs/store', {
      ...form,
      price_to: '10',
      ad_days: [
        {
          day_id: 2,
          times: [
            { start_at: '09:00', stop_at: '12:00' },
            { start_at: '11:30', stop_at: '11:32' },
          ],
        },
      ],
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      price_to: ["'Cijena do' mora biti veća od 'cijena od'."],
      'ad_days.0.times.1.start_at': ['Smjena ne može početi prije kraja prethodne.'],
      'ad_days.0.times.1.stop_at': ['Smjena mora trajati najmanje 5 minuta.'],
    });
  });

  it('requires title, services, user, currency and a price from above 0', async () => {
    const { status, body } = await send('/api/jobs/store', { price_from: '0' });
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      title: ['Obavezno polje.'],
      services: ['Obavezno polje'],
      posted_by_user_id: ['Obavezno polje'],
      currency_id: ['Obavezno polje'],
      price_from: ['Unesite vrijednost veću od 0.'],
    });
  });

  it('refuses a city outside its country, and a folder as a service', async () => {
    const places = form.places as { os_country_id: number; cities: number[] }[];
    const wrongCity = await send('/api/jobs/store', {
      ...form,
      places: [{ os_country_id: places[1]?.os_country_id, cities: places[0]?.cities }],
    });
    expect(wrongCity.status).toBe(422);
    expect(wrongCity.body.errors).toEqual({ 'places.0.cities': ['Izabrani grad nije u izabranoj državi.'] });
    const folder = await idOf(
      t.db.select({ id: services.id }).from(services).where(eq(services.name, 'Baštenski radovi')),
    );
    const asService = await send('/api/jobs/store', { ...form, services: [folder] });
    expect(asService.body.errors).toEqual({ services: ['Izabrana vrijednost ne postoji.'] });
  });
});
