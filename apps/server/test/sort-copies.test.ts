import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { ads, cities, creditPrices, currencies, transactions, users } from '../src/db/schema/index.ts';
import { changeBalance } from '../src/ledger/ledger.ts';
import { createTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';

/**
 * Names of joined rows that lists sort by are copied onto the list's own table (migration 0007:
 * os_cities.country_name, credit_prices.country_name / currency_name, ads.poster_name,
 * transactions.user_name) and kept right by triggers. The copies are never sent nor answered.
 */

let t: TestApp;
let admin: string;
let euro: number;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'copies-admin', roleIds: [ROLE.administrator] });
  admin = await t.signIn('copies-admin');
  // Ids of the tables far apart, so that a copy taken by the wrong id cannot pass for the right one.
  const starts = {
    os_countries: 7000,
    os_cities: 8000,
    currencies: 9000,
    credit_prices: 10_000,
    users: 11_000,
  };
  for (const [table, start] of Object.entries({ ...starts, ads: 12_000, transactions: 13_000 })) {
    await t.db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${start})`);
  }
  const [eur] = await t.db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.short_name, 'EUR'));
  if (!eur) throw new Error('no EUR');
  euro = eur.id;
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
  t.request({ method, url, payload, cookie: admin });

async function stored(url: string, payload: Record<string, unknown>): Promise<number> {
  const response = await call('POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function listed<Row>(resource: string, body: Record<string, unknown>): Promise<Row[]> {
  const response = await call('POST', `/api/${resource}/index`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

const sorted = (key: string, isDescending = false) => ({
  options: { itemsPerPage: 100, sortBy: [key], sortDesc: [isDescending] },
});

async function cityCopies(ids: number[]): Promise<Record<number, string>> {
  const rows = await t.db
    .select({ id: cities.id, copy: cities.country_name })
    .from(cities)
    .where(inArray(cities.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.copy]));
}

describe('the cities list and the country name', () => {
  it("a city takes its country's name, whatever the client sends, and follows a rename and a move", async () => {
    const zambia = await stored('/api/os_countries/store', { name: 'Zambija', code: 'ZM' });
    const chad = await stored('/api/os_countries/store', { name: 'Čad', code: 'TD' });
    const created = await call('POST', '/api/os_cities/store', {
      name: 'Lusaka',
      post_code: '10101',
      os_country_id: zambia,
      country_name: 'Lažna',
    });
    expect(created.statusCode, created.body).toBe(201);
    const lusaka = created.json();
    expect(lusaka.countries).toEqual({ name: 'Zambija' });
    expect(lusaka).not.toHaveProperty('country_name');
    const ndjamena = await stored('/api/os_cities/store', {
      name: 'Ndžamena',
      post_code: '1',
      os_country_id: chad,
    });
    expect(await cityCopies([lusaka.id, ndjamena])).toEqual({ [lusaka.id]: 'Zambija', [ndjamena]: 'Čad' });

    const renamed = await call('PUT', `/api/os_countries/update/${zambia}`, { name: 'Zambia', code: 'ZM' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const moved = await call('PUT', `/api/os_cities/update/${ndjamena}`, {
      name: 'Ndžamena',
      post_code: '1',
      os_country_id: zambia,
      country_name: 'Lažna',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await cityCopies([lusaka.id, ndjamena])).toEqual({ [lusaka.id]: 'Zambia', [ndjamena]: 'Zambia' });
  });

  it('sorts cities by country name as people read it, before and after a rename', async () => {
    // Ids in one order, names in another; the lists' collation puts Č between C and D.
    const countries = {
      zambija: await stored('/api/os_countries/store', { name: 'Zambija 2', code: 'Z2' }),
      cad: await stored('/api/os_countries/store', { name: 'Čad 2', code: 'C2' }),
      dominika: await stored('/api/os_countries/store', { name: 'Dominika 2', code: 'D2' }),
    };
    const city = async (name: string, country: number) =>
      stored('/api/os_cities/store', { name, post_code: '2', os_country_id: country });
    await city('Rozo', countries.dominika);
    await city('Kitve', countries.zambija);
    await city('Abeše', countries.cad);
    const byCountry = async (isDescending = false) =>
      (
        await listed<{ name: string; countries: { name: string } }>('os_cities', {
          filters: { os_country_id: Object.values(countries) },
          ...sorted('countries.name', isDescending),
        })
      ).map((row) => `${row.countries.name}: ${row.name}`);

    expect(await byCountry()).toEqual(['Čad 2: Abeše', 'Dominika 2: Rozo', 'Zambija 2: Kitve']);
    expect(await byCountry(true)).toEqual(['Zambija 2: Kitve', 'Dominika 2: Rozo', 'Čad 2: Abeše']);
    await call('PUT', `/api/os_countries/update/${countries.zambija}`, { name: 'Benin 2', code: 'Z2' });
    expect(await byCountry()).toEqual(['Benin 2: Kitve', 'Čad 2: Abeše', 'Dominika 2: Rozo']);
  });
});

describe('the credit prices list and the country and currency names', () => {
  it('a price takes both names, follows renames and sorts by them', async () => {
    const country = await stored('/api/os_countries/store', { name: 'Švedska', code: 'SE' });
    const krona = await stored('/api/currencies/store', {
      name: 'Švedska kruna',
      short_name: 'SEK',
      sign: null,
    });
    const prices = [
      await stored('/api/credit_prices/store', {
        os_country_id: country,
        currency_id: krona,
        price_per_credit: 5,
      }),
      await stored('/api/credit_prices/store', {
        os_country_id: country,
        currency_id: euro,
        price_per_credit: 1,
      }),
    ];
    const copies = async () =>
      t.db
        .select({
          id: creditPrices.id,
          country: creditPrices.country_name,
          currency: creditPrices.currency_name,
        })
        .from(creditPrices)
        .where(inArray(creditPrices.id, prices))
        .orderBy(creditPrices.id);
    expect(await copies()).toEqual([
      { id: prices[0], country: 'Švedska', currency: 'Švedska kruna' },
      { id: prices[1], country: 'Švedska', currency: 'Euro' },
    ]);

    await call('PUT', `/api/currencies/update/${krona}`, { name: 'Kruna', short_name: 'SEK', sign: null });
    await call('PUT', `/api/os_countries/update/${country}`, { name: 'Sverige', code: 'SE' });
    expect(await copies()).toEqual([
      { id: prices[0], country: 'Sverige', currency: 'Kruna' },
      { id: prices[1], country: 'Sverige', currency: 'Euro' },
    ]);
    const byCurrency = await listed<Record<string, unknown>>('credit_prices', {
      filters: { os_country_id: country },
      ...sorted('currencies.name', true),
    });
    expect(byCurrency.map((row) => row.id)).toEqual([prices[0], prices[1]]);
    for (const row of byCurrency) {
      expect(row).not.toHaveProperty('country_name');
      expect(row).not.toHaveProperty('currency_name');
    }
  });
});

describe("the ads and transactions lists and the user's full name", () => {
  async function person(username: string, name: string, lastName: string | null): Promise<number> {
    const { id } = await createUser(t.db, { username, roleIds: [ROLE.member] });
    await t.db.update(users).set({ name, last_name: lastName }).where(eq(users.id, id));
    return id;
  }
  const ad = async (posterId: number, title: string) => {
    const [row] = await t.db
      .insert(ads)
      .values({ title, is_offer: true, posted_by_user_id: posterId, currency_id: euro, price_from: 10 })
      .returning({ id: ads.id });
    if (!row) throw new Error('no ad');
    return row.id;
  };
  const topUp = (userId: number) =>
    t.db.transaction((tx) =>
      changeBalance(tx as unknown as Database, { userId, amount: 5, description: 'Dopuna', actorId: null }),
    );

  it('copies the name onto new ads and ledger entries, follows a rename and a new poster, and sorts by it', async () => {
    const zoran = await person('copies-zoran', 'Zoran', 'Šarić');
    const camil = await person('copies-camil', 'Ćamil', null);
    const ana = await person('copies-ana', 'Ana', 'Zec');
    const adIds = [
      await ad(camil, 'Ćamilov oglas'),
      await ad(zoran, 'Zoranov oglas'),
      await ad(ana, 'Anin oglas'),
    ];
    for (const userId of [zoran, ana, camil]) await topUp(userId);

    const posterCopies = async () =>
      Object.fromEntries(
        (
          await t.db.select({ id: ads.id, copy: ads.poster_name }).from(ads).where(inArray(ads.id, adIds))
        ).map((row) => [row.id, row.copy]),
      );
    // As the users list spells the full name: name, a space, the last name (none: nothing).
    expect(await posterCopies()).toEqual({
      [adIds[0] as number]: 'Ćamil ',
      [adIds[1] as number]: 'Zoran Šarić',
      [adIds[2] as number]: 'Ana Zec',
    });
    const adsByPoster = async (isDescending = false) =>
      (
        await listed<Record<string, unknown>>('jobs', {
          filters: { posted_by_user_id: [zoran, camil, ana] },
          ...sorted('user_name', isDescending),
        })
      ).map((row) => {
        expect(row).not.toHaveProperty('poster_name');
        return `${row.user_name}: ${row.title}`;
      });
    const ledgerByName = async () =>
      (
        await listed<Record<string, unknown>>('transactions', {
          filters: { user_id: [zoran, camil, ana] },
          ...sorted('name'),
        })
      ).map((row) => {
        expect(row).not.toHaveProperty('user_name');
        return row.name;
      });

    expect(await adsByPoster()).toEqual([
      'Ana Zec: Anin oglas',
      'Ćamil: Ćamilov oglas',
      'Zoran Šarić: Zoranov oglas',
    ]);
    expect(await adsByPoster(true)).toEqual([
      'Zoran Šarić: Zoranov oglas',
      'Ćamil: Ćamilov oglas',
      'Ana Zec: Anin oglas',
    ]);
    expect(await ledgerByName()).toEqual(['Ana Zec', 'Ćamil', 'Zoran Šarić']);

    await t.db.update(users).set({ name: 'Đorđe' }).where(eq(users.id, ana));
    expect(await adsByPoster()).toEqual([
      'Ćamil: Ćamilov oglas',
      'Đorđe Zec: Anin oglas',
      'Zoran Šarić: Zoranov oglas',
    ]);
    expect(await ledgerByName()).toEqual(['Ćamil', 'Đorđe Zec', 'Zoran Šarić']);
    const [entry] = await t.db
      .select({ copy: transactions.user_name })
      .from(transactions)
      .where(eq(transactions.user_id, ana));
    expect(entry?.copy).toBe('Đorđe Zec');

    await t.db
      .update(ads)
      .set({ posted_by_user_id: zoran })
      .where(eq(ads.id, adIds[0] as number));
    expect((await posterCopies())[adIds[0] as number]).toBe('Zoran Šarić');
  });
});
