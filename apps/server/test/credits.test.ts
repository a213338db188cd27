import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countries,
  creditPrices,
  currencies,
  leadTransactions,
  transactions,
  users,
} from '../src/db/schema/index.ts';
import { createTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';
import { isOnPostgres } from './helpers/test-database.ts';

let t: TestApp;
let admin: string;
let moderator: string;
let member: TestUser;
let memberAndModerator: TestUser;
let adminOnly: TestUser;
let priceId: number;
let inactivePriceId: number;

const call = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  cookie = admin,
  headers = {},
) =>
  t.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    cookie,
    headers,
  });

const balanceOf = async (userId: number) =>
  (await t.db.select({ credit: users.credit }).from(users).where(eq(users.id, userId)))[0]?.credit;

const ledgerOf = (userId: number) =>
  t.db
    .select({ amount: transactions.credit_amount, state: transactions.credit_state })
    .from(transactions)
    .where(eq(transactions.user_id, userId))
    .orderBy(transactions.id);

async function countryAndCurrency(code: string, currency: string) {
  const [country] = await t.db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
  const [money] = await t.db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.short_name, currency));
  if (!country || !money) throw new Error(`no ${code} / ${currency} in the reference data`);
  return { os_country_id: country.id, currency_id: money.id };
}

beforeAll(async () => {
  t = await createTestApp();
  // Filler users first, so that no user id coincides with a role id.
  for (let i = 0; i < 4; i++) await createUser(t.db, { username: `filler-${i}`, roleIds: [] });
  await createUser(t.db, { username: 'credits-admin', roleIds: [ROLE.administrator] });
  await createUser(t.db, { username: 'credits-mod', roleIds: [ROLE.moderator] });
  member = await createUser(t.db, { username: 'credits-member', roleIds: [ROLE.member] });
  memberAndModerator = await createUser(t.db, {
    username: 'credits-two-roles',
    roleIds: [ROLE.member, ROLE.moderator],
  });
  adminOnly = await createUser(t.db, { username: 'credits-admin-only', roleIds: [ROLE.administrator] });
  admin = await t.signIn('credits-admin');
  moderator = await t.signIn('credits-mod');
  // Prices of our own, so that their ids are not the seed's.
  await t.db.update(creditPrices).set({ is_active: false });
  const created = await call('POST', '/api/credit_prices/store', {
    ...(await countryAndCurrency('HR', 'USD')),
    price_per_credit: '0.35',
  });
  expect(created.statusCode, created.body).toBe(201);
  priceId = created.json().id;
  const [inactive] = await t.db
    .select({ id: creditPrices.id })
    .from(creditPrices)
    .where(eq(creditPrices.is_active, false));
  if (!inactive) throw new Error('no inactive price');
  inactivePriceId = inactive.id;
});
afterAll(() => t.close());

describe('credit prices', () => {
  it('creates a price with its country and currency names, and starts its history', async () => {
    const list = await call('POST', '/api/credit_prices/index', {
      filters: { 'os_countries.name': 'Hrvat', 'currencies.name': { operator: 'contains', value: 'dolar' } },
    });
    expect(list.statusCode).toBe(200);
    const row = list.json().result.find((r: { id: number }) => r.id === priceId);
    expect(row).toMatchObject({
      price_per_credit: 0.35,
      os_countries: { name: 'Hrvatska' },
      currencies: { short_name: 'USD' },
      is_active: true,
    });
    const history = await call('POST', '/api/credit_prices/credit-price-history', {
      filters: { credit_price_id: priceId },
    });
    expect(history.json().result).toEqual([
      expect.objectContaining({
        credit_price_id: priceId,
        price: 0.35,
        changed_by: 'Ime credits-admin Prezime',
      }),
    ]);
  });

  it('refuses a second price for the same country and currency (409 on the currency)', async () => {
    const again = await call('POST', '/api/credit_prices/store', {
      ...(await countryAndCurrency('HR', 'USD')),
      price_per_credit: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'Cijena kredita za ovu državu i valutu već postoji.',
      errors: { currency_id: ['Cijena kredita za ovu državu i valutu već postoji.'] },
    });
  });

  it('refuses missing fields, a price of 0 and more than 2 decimals with the spec messages', async () => {
    const empty = await call('POST', '/api/credit_prices/store', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      os_country_id: ['Obavezno polje'],
      currency_id: ['Obavezno polje'],
      price_per_credit: ['Unesite vrijednost'],
    });
    const ids = await countryAndCurrency('RS', 'EUR');
    expect(
      (await call('POST', '/api/credit_prices/store', { ...ids, price_per_credit: 0 })).json().errors,
    ).toEqual({
      price_per_credit: ['Unesite vrijednost veću od 0.'],
    });
    expect(
      (await call('POST', '/api/credit_prices/store', { ...ids, price_per_credit: '1.005' })).json().errors,
    ).toEqual({ price_per_credit: ['Najviše 2 decimale.'] });
    expect(
      (
        await call('POST', '/api/credit_prices/store', {
          ...ids,
          os_country_id: 999_999,
          price_per_credit: 1,
        })
      ).json(),
    ).toMatchObject({ errors: { os_country_id: ['Izabrana vrijednost ne postoji.'] } });
  });

  it('appends to the history when the price changes, and not on other edits', async () => {
    const mark = await call('POST', '/api/currencies/store', {
      name: 'Konvertibilna marka',
      short_name: 'BAM',
      sign: 'KM',
    });
    expect(mark.statusCode, mark.body).toBe(201);
    const ids = { ...(await countryAndCurrency('BA', 'EUR')), currency_id: mark.json().id };
    const store = await call('POST', '/api/credit_prices/store', { ...ids, price_per_credit: 1.1 });
    expect(store.statusCode, store.body).toBe(201);
    const created = store.json();
    const changed = await call('PUT', `/api/credit_prices/update/${created.id}`, {
      ...ids,
      price_per_credit: '1.25',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().price_per_credit).toBe(1.25);
    await call('PUT', `/api/credit_prices/update/${created.id}`, { ...ids, price_per_credit: 1.25 });
    await call('DELETE', `/api/credit_prices/destroy/${created.id}`);
    await call('DELETE', `/api/credit_prices/destroy/${created.id}`);
    const history = await call('POST', '/api/credit_prices/credit-price-history', {
      filters: { credit_price_id: created.id },
      options: { sortBy: ['updated_at'], sortDesc: [false] },
    });
    expect(history.json().result.map((r: { price: number }) => r.price)).toEqual([1.1, 1.25]);
  });

  it('is for administrators only', async () => {
    expect((await call('POST', '/api/credit_prices/index', {}, moderator)).statusCode).toBe(403);
    expect((await call('POST', '/api/credit_prices/credit-price-history', {}, moderator)).statusCode).toBe(
      403,
    );
    expect(
      (
        await call(
          'POST',
          '/api/credit_prices/store',
          { os_country_id: 1, currency_id: 1, price_per_credit: 1 },
          moderator,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('adding credits to a user', () => {
  it('tops up: the row, the balance and the ledger change together', async () => {
    const before = (await balanceOf(member.id)) ?? 0;
    const answer = await call('POST', '/api/lead_transactions/store', {
      credit_amount: '+500',
      credit_price_id: priceId,
      credit_for_user_id: member.id,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({
      credit_for_user_id: member.id,
      credit_price_id: priceId,
      credit_before_adding: before,
      add_credit_amount: 500,
      credit_after_adding: before + 500,
      total_price: 175,
      price_per_credit: 0.35,
      currencies: { short_name: 'USD', sign: '$' },
      created_by: 'Ime credits-admin Prezime',
    });
    expect(await balanceOf(member.id)).toBe(before + 500);
    expect((await ledgerOf(member.id)).at(-1)).toEqual({ amount: 500, state: before + 500 });
    const history = await call('POST', '/api/lead_transactions/index', {
      filters: { credit_for_user_id: member.id },
    });
    expect(history.json().result[0]).toMatchObject({
      id: answer.json().id,
      credit_after_adding: before + 500,
    });
    const report = await call('POST', '/api/transactions/index', { filters: { user_id: member.id } });
    expect(report.json().result[0]).toMatchObject({
      name: 'Ime credits-member Prezime',
      description: expect.stringMatching(/^Dopuna kredita: 500 × \d+,\d\d [A-Z]{3}$/),
      credit_amount: 500,
      credit_state: before + 500,
    });
  });

  it('corrects with a negative amount, and refuses one that would overdraw with 409, changing nothing', async () => {
    const before = (await balanceOf(member.id)) ?? 0;
    const correction = await call('POST', '/api/lead_transactions/store', {
      credit_amount: '-100',
      credit_price_id: priceId,
      credit_for_user_id: member.id,
    });
    expect(correction.statusCode).toBe(201);
    expect(correction.json()).toMatchObject({ add_credit_amount: -100, credit_after_adding: before - 100 });
    const rowsBefore = (await t.db.select({ n: sql<number>`count(*)::int` }).from(leadTransactions))[0]?.n;
    const overdraw = await call('POST', '/api/lead_transactions/store', {
      credit_amount: `-${before}`,
      credit_price_id: priceId,
      credit_for_user_id: member.id,
    });
    expect(overdraw.statusCode).toBe(409);
    expect(overdraw.json()).toEqual({
      message: `Stanje kredita ne može biti negativno (trenutno stanje: ${before - 100}).`,
      errors: {
        credit_amount: [`Stanje kredita ne može biti negativno (trenutno stanje: ${before - 100}).`],
      },
    });
    expect(await balanceOf(member.id)).toBe(before - 100);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(leadTransactions))[0]?.n).toBe(
      rowsBefore,
    );
  });

  it('refuses bad quantities, inactive prices and users who hold no balance', async () => {
    for (const credit_amount of ['abc', '1e3', '5.123', '', '0']) {
      const answer = await call('POST', '/api/lead_transactions/store', {
        credit_amount,
        credit_price_id: priceId,
        credit_for_user_id: member.id,
      });
      expect(answer.statusCode, credit_amount).toBe(422);
      expect(answer.json().errors.credit_amount).toHaveLength(1);
    }
    const inactive = await call('POST', '/api/lead_transactions/store', {
      credit_amount: 5,
      credit_price_id: inactivePriceId,
      credit_for_user_id: member.id,
    });
    expect(inactive.json()).toMatchObject({
      errors: { credit_price_id: ['Izabrana cijena kredita nije aktivna.'] },
    });
    const noBalance = await call('POST', '/api/lead_transactions/store', {
      credit_amount: 5,
      credit_price_id: priceId,
      credit_for_user_id: adminOnly.id,
    });
    expect(noBalance.statusCode).toBe(422);
    expect(noBalance.json().errors.credit_for_user_id).toEqual([
      'Ovaj korisnik je samo administrator i nema stanje kredita.',
    ]);
    const twoRoles = await call('POST', '/api/lead_transactions/store', {
      credit_amount: 5,
      credit_price_id: priceId,
      credit_for_user_id: memberAndModerator.id,
    });
    expect(twoRoles.statusCode).toBe(201);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, crediting once', async () => {
    const before = (await balanceOf(memberAndModerator.id)) ?? 0;
    const body = { credit_amount: 40, credit_price_id: priceId, credit_for_user_id: memberAndModerator.id };
    const headers = { 'idempotency-key': 'dopuna-2026-11-23-a' };
    const first = await call('POST', '/api/lead_transactions/store', body, admin, headers);
    const retry = await call('POST', '/api/lead_transactions/store', body, admin, headers);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await balanceOf(memberAndModerator.id)).toBe(before + 40);
    const otherBody = await call(
      'POST',
      '/api/lead_transactions/store',
      { ...body, credit_amount: 41 },
      admin,
      headers,
    );
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json().message).toBe('Ovaj Idempotency-Key je već upotrijebljen za drugačiji zahtjev.');
    const badKey = await call('POST', '/api/lead_transactions/store', body, admin, {
      'idempotency-key': 'ključ',
    });
    expect(badKey.statusCode).toBe(422);
    expect(await balanceOf(memberAndModerator.id)).toBe(before + 40);
  });

  it('is for administrators only', async () => {
    const answer = await call(
      'POST',
      '/api/lead_transactions/store',
      { credit_amount: 5, credit_price_id: priceId, credit_for_user_id: member.id },
      moderator,
    );
    expect(answer.statusCode).toBe(403);
    expect((await call('POST', '/api/transactions/index', {}, moderator)).statusCode).toBe(403);
    expect((await call('POST', '/api/lead_transactions/index', {}, moderator)).statusCode).toBe(403);
  });
});

describe('the ledger under concurrency', () => {
  it('keeps balance = sum of the ledger through 200 parallel top-ups and corrections, never negative', async () => {
    const target = await createUser(t.db, { username: 'credits-race', roleIds: [ROLE.member] });
    // Top-ups of 9 and corrections of 5, 13 and 6: they sum to less than nothing, so many must be refused.
    const amounts = Array.from({ length: 200 }, (_, i) => [9, -5, -13, 9, -6][i % 5] ?? 9);
    const answers = await Promise.all(
      amounts.map((credit_amount) =>
        call('POST', '/api/lead_transactions/store', {
          credit_amount,
          credit_price_id: priceId,
          credit_for_user_id: target.id,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().message).toMatch(/^Stanje kredita ne može biti negativno/);
    }
    const ledger = await ledgerOf(target.id);
    expect(ledger).toHaveLength(statuses.filter((s) => s === 201).length);
    let state = 0;
    for (const entry of ledger) {
      state = Math.round((state + entry.amount) * 100) / 100;
      expect(entry.state).toBe(state);
      expect(entry.state).toBeGreaterThanOrEqual(0);
    }
    expect(await balanceOf(target.id)).toBe(state);
    const staffRows = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(leadTransactions)
      .where(eq(leadTransactions.credit_for_user_id, target.id));
    expect(staffRows[0]?.n).toBe(ledger.length);
    expect(statuses.filter((s) => s === 409).length).toBeGreaterThan(10);
    console.info(
      `ledger race (${isOnPostgres ? 'PostgreSQL' : 'PGlite'}): ${ledger.length} applied, ${statuses.filter((s) => s === 409).length} refused, balance ${state}`,
    );
  });

  it('credits once for 50 parallel retries with one Idempotency-Key', async () => {
    const target = await createUser(t.db, { username: 'credits-retries', roleIds: [ROLE.member] });
    const body = { credit_amount: 25, credit_price_id: priceId, credit_for_user_id: target.id };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/api/lead_transactions/store', body, admin, {
          'idempotency-key': `retry-${target.id}`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await balanceOf(target.id)).toBe(25);
    expect(await ledgerOf(target.id)).toEqual([{ amount: 25, state: 25 }]);
  });
});
