import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
let moderator: string;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'ref-admin', roleIds: [ROLE.administrator] });
  await createUser(t.db, { username: 'ref-mod', roleIds: [ROLE.moderator] });
  admin = await t.signIn('ref-admin');
  moderator = await t.signIn('ref-mod');
});
afterAll(() => t.close());

const call = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  cookie = admin,
  lang?: string,
) =>
  t.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    cookie,
    headers: lang ? { 'accept-language': lang } : {},
  });

type Case = {
  entity: string;
  valid: Record<string, unknown>;
  edited: Record<string, unknown>;
  /** An empty body: the fields and their messages. */
  required: Record<string, string[]>;
  /** A second body that breaks uniqueness, and the field the 409 names. */
  duplicate?: { body: Record<string, unknown>; field: string; message: string };
  filter: Record<string, unknown>;
};

async function existingCountryId(code: string): Promise<number> {
  const response = await call('POST', '/api/os_countries/index', {
    filters: { code: { operator: 'equals', value: code } },
  });
  return response.json().result[0].id;
}

const CASES: (() => Promise<Case>)[] = [
  async () => ({
    entity: 'os_countries',
    valid: { name: 'Sjeverna Makedonija', code: 'MK' },
    edited: { name: 'Makedonija', code: 'MK' },
    required: { name: ['Obavezno polje.'], code: ['Obavezno polje.'] },
    duplicate: {
      body: { name: 'Druga', code: 'mk' },
      field: 'code',
      message: 'Država sa ovom oznakom već postoji.',
    },
    filter: { name: 'makedon' },
  }),
  async () => {
    const me = await existingCountryId('ME');
    return {
      entity: 'os_cities',
      valid: { name: 'Virpazar', post_code: '81305', os_country_id: me },
      edited: { name: 'Virpazar', post_code: '81306', os_country_id: me },
      required: {
        name: ['Obavezno polje.'],
        post_code: ['Obavezno polje.'],
        os_country_id: ['Obavezno polje'],
      },
      duplicate: {
        body: { name: 'VIRPAZAR', post_code: '1', os_country_id: me },
        field: 'name',
        message: 'Grad sa ovim imenom već postoji u izabranoj državi.',
      },
      filter: { 'countries.name': 'crna', post_code: '81306' },
    };
  },
  async () => ({
    entity: 'user_types',
    valid: { name: 'Udruženje' },
    edited: { name: 'Nevladino udruženje' },
    required: { name: ['Obavezno polje.'] },
    duplicate: {
      body: { name: 'nevladino UDRUŽENJE' },
      field: 'name',
      message: 'Tip korisnika sa ovim imenom već postoji.',
    },
    filter: { name: 'nevladino' },
  }),
  async () => ({
    entity: 'currencies',
    valid: { name: 'Švajcarski franak', short_name: 'CHF', sign: 'Fr' },
    edited: { name: 'Švajcarski franak', short_name: 'CHF', sign: null },
    required: { name: ['Obavezno polje.'], short_name: ['Obavezno polje.'] },
    duplicate: {
      body: { name: 'Franak', short_name: 'chf' },
      field: 'short_name',
      message: 'Valuta sa ovom oznakom već postoji.',
    },
    filter: { short_name: 'CH' },
  }),
  async () => ({
    entity: 'days',
    valid: { name: 'Praznik' },
    edited: { name: 'Državni praznik' },
    required: { name: ['Obavezno polje.'] },
    duplicate: { body: { name: 'Ponedjeljak' }, field: 'name', message: 'Dan sa ovim imenom već postoji.' },
    filter: { name: 'državni' },
  }),
];

describe.each(
  CASES.map((make, index) => [['countries', 'cities', 'user types', 'currencies', 'days'][index], make]),
)('reference data: %s', (_label, make) => {
  let c: Case;
  let id: number;
  beforeAll(async () => {
    c = await (make as () => Promise<Case>)();
  });

  it('refuses an empty body with the spec messages and creates nothing', async () => {
    const before = (await call('POST', `/api/${c.entity}/index`, {})).json().total_rows;
    const response = await call('POST', `/api/${c.entity}/store`, {});
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Podaci nisu ispravni.', errors: c.required });
    expect((await call('POST', `/api/${c.entity}/index`, {})).json().total_rows).toBe(before);
  });

  it('creates a row and answers it', async () => {
    const response = await call('POST', `/api/${c.entity}/store`, c.valid);
    expect(response.statusCode, response.body).toBe(201);
    const row = response.json();
    expect(row).toMatchObject({ ...c.valid, is_active: true });
    id = row.id;
  });

  it('updates the row', async () => {
    const response = await call('PUT', `/api/${c.entity}/update/${id}`, c.edited);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, ...c.edited });
  });

  it('answers a duplicate with 409 on the field it concerns', async () => {
    if (!c.duplicate) return;
    const response = await call('POST', `/api/${c.entity}/store`, c.duplicate.body);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: c.duplicate.message,
      errors: { [c.duplicate.field]: [c.duplicate.message] },
    });
  });

  it('finds the row with its filters', async () => {
    const response = await call('POST', `/api/${c.entity}/index`, { filters: c.filter });
    expect(response.json().result.map((row: { id: number }) => row.id)).toEqual([id]);
  });

  it('destroy deactivates, a second destroy restores; index_active follows', async () => {
    const listed = async () =>
      (
        await call(
          'POST',
          `/api/${c.entity}/index_active`,
          { options: { page: 1, itemsPerPage: 1000 } },
          moderator,
        )
      )
        .json()
        .result.map((row: { id: number }) => row.id);
    expect(await listed()).toContain(id);
    const off = await call('DELETE', `/api/${c.entity}/destroy/${id}`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id, is_active: false });
    expect(await listed()).not.toContain(id);
    const on = await call('DELETE', `/api/${c.entity}/destroy/${id}`);
    expect(on.json()).toMatchObject({ id, is_active: true });
    expect(await listed()).toContain(id);
  });

  it('answers 404 for an unknown id and 422 for a malformed one', async () => {
    expect((await call('PUT', `/api/${c.entity}/update/999999`, c.edited)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/${c.entity}/destroy/999999`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/${c.entity}/destroy/abc`)).statusCode).toBe(422);
  });

  it('is for administrators only: a moderator may not write', async () => {
    expect((await call('POST', `/api/${c.entity}/store`, c.valid, moderator)).statusCode).toBe(403);
  });
});

describe('reference data: specifics', () => {
  it('cities carry their country name and are filtered by country in index_active', async () => {
    const me = await existingCountryId('ME');
    const hr = await existingCountryId('HR');
    const response = await call('POST', '/api/os_cities/index_active', {
      filters: { os_country_id: me },
      options: { page: 1, itemsPerPage: 1000 },
    });
    const rows = response.json().result as { os_country_id: number; countries: { name: string } }[];
    expect(rows.length).toBeGreaterThanOrEqual(25);
    expect(rows.every((row) => row.os_country_id === me && row.countries.name === 'Crna Gora')).toBe(true);
    expect(rows.some((row) => row.os_country_id === hr)).toBe(false);
  });

  it('refuses a city in a country that does not exist, on the country field', async () => {
    const response = await call('POST', '/api/os_cities/store', {
      name: 'Nigdje',
      post_code: '1',
      os_country_id: 99999,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ os_country_id: ['Izabrana vrijednost ne postoji.'] });
  });

  it('countries index_active honours show_inactive_items', async () => {
    const created = (await call('POST', '/api/os_countries/store', { name: 'Albanija', code: 'AL' })).json();
    await call('DELETE', `/api/os_countries/destroy/${created.id}`);
    const active = await call('POST', '/api/os_countries/index_active', {
      options: { page: 1, itemsPerPage: 1000 },
    });
    expect(active.json().result.map((row: { code: string }) => row.code)).not.toContain('AL');
    const all = await call('POST', '/api/os_countries/index_active', {
      filters: { show_inactive_items: true },
      options: { page: 1, itemsPerPage: 1000 },
    });
    expect(all.json().result.map((row: { code: string }) => row.code)).toContain('AL');
  });

  it('validates lengths with the spec messages, in English when asked', async () => {
    const me = await call('POST', '/api/os_countries/store', { name: 'x'.repeat(101), code: 'Y' });
    expect(me.json().errors).toEqual({ name: ['Maks 100 karaktera.'] });
    const en = await call('POST', '/api/os_countries/store', { name: '', code: 'Y' }, admin, 'en');
    expect(en.json()).toEqual({
      message: 'The data is not valid.',
      errors: { name: ['This field is required.'] },
    });
  });

  it('days answer active as well as is_active', async () => {
    const response = await call('POST', '/api/days/index_active', {});
    const first = response.json().result[0];
    expect(first).toMatchObject({ id: 1, name: 'Ponedjeljak', is_active: true, active: true });
  });
});
