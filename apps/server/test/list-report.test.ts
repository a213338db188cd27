import { formatDateTime } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../src/db/seed/seed-demo.ts';
import { LISTS } from '../src/modules/resources.ts';
import { userList } from '../src/modules/users/user-list.ts';
import { readDocx, readPdf, readXlsx, wallClock } from './helpers/read-report.ts';
import { createDemoTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let cookie: string;
/** The demo member `korisnik` in the app: a member's lists hold their own rows. */
let member: Record<string, string>;
beforeAll(async () => {
  ({ t, adminCookie: cookie } = await createDemoTestApp());
  const login = await t.request({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'korisnik', password: DEMO_PASSWORD },
  });
  member = { authorization: `Bearer ${login.json().access_token}` };
});
afterAll(() => t.close());

const report = (url: string, body: Record<string, unknown>, lang?: string, caller?: Record<string, string>) =>
  t.request({
    method: 'POST',
    url,
    payload: { is_report: true, ...body },
    ...(caller ? { headers: caller } : { cookie, headers: lang ? { 'accept-language': lang } : {} }),
  });

const CITY_COLUMNS = [
  { key: 'name', title: 'Naziv grada' },
  { key: 'post_code', title: 'Poštanski broj' },
  { key: 'countries.name', title: 'Država' },
  { key: 'is_active', title: 'Aktivan' },
];
/** Montenegro's cities by name, five to a page. */
const CITY_FILTER = {
  filters: { 'countries.name': 'Crna Gora' },
  options: { page: 1, itemsPerPage: 5, sortBy: ['name'], sortDesc: [false] },
};

async function expectedCities(): Promise<string[][]> {
  const response = await t.request({
    method: 'POST',
    url: '/api/os_cities/index',
    payload: { ...CITY_FILTER, options: { ...CITY_FILTER.options, itemsPerPage: 1000 } },
    cookie,
  });
  return (response.json().result as { name: string; post_code: string }[]).map((row) => [
    row.name,
    row.post_code,
  ]);
}

describe('list reports', () => {
  it('xlsx: every matching row with the chosen columns, titles, filters and sort', async () => {
    const response = await report('/api/os_cities/index', {
      ...CITY_FILTER,
      report_type: 'xlsx',
      report_name: 'Gradovi Crne Gore',
      report_ignore_pagination: true,
      show_columns: CITY_COLUMNS,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Gradovi Crne Gore.xlsx"; filename*=UTF-8''Gradovi%20Crne%20Gore.xlsx`,
    );
    const [header, ...rows] = await readXlsx(response.rawPayload, 4);
    expect(header).toEqual(['Naziv grada', 'Poštanski broj', 'Država', 'Aktivan']);
    const expected = await expectedCities();
    expect(expected.length).toBeGreaterThanOrEqual(25);
    expect(rows.map((row) => [row[0], String(row[1])])).toEqual(expected);
    expect(rows.map((row) => row[0])).toEqual(
      expect.arrayContaining(['Nikšić', 'Žabljak', 'Plužine', 'Šavnik']),
    );
    expect(new Set(rows.map((row) => row[2]))).toEqual(new Set(['Crna Gora']));
    expect(new Set(rows.map((row) => row[3]))).toEqual(new Set(['Aktivan']));
  });

  it('honours the page when show-all is off', async () => {
    const response = await report('/api/os_cities/index', {
      ...CITY_FILTER,
      report_type: 'xlsx',
      report_ignore_pagination: false,
      show_columns: CITY_COLUMNS,
    });
    const [, ...rows] = await readXlsx(response.rawPayload, 4);
    expect(rows.map((row) => row[0])).toEqual((await expectedCities()).slice(0, 5).map((row) => row[0]));
  });

  it('pdf: the default report, with diacritics as the same letters', async () => {
    const response = await report('/api/os_cities/index', {
      ...CITY_FILTER,
      report_ignore_pagination: true,
      show_columns: CITY_COLUMNS,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''report.pdf");
    const text = (await readPdf(response.rawPayload)).join(' ');
    for (const expected of [
      'report',
      'Naziv grada',
      'Poštanski broj',
      'Država',
      'Nikšić',
      'Žabljak',
      'Šavnik',
      '81400',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('docx: a table of the rows with the titles', async () => {
    const response = await report('/api/os_cities/index', {
      ...CITY_FILTER,
      report_type: 'docx',
      report_name: 'Gradovi – izvještaj',
      report_ignore_pagination: true,
      show_columns: CITY_COLUMNS,
    });
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''Gradovi%20%E2%80%93%20izvje%C5%A1taj.docx",
    );
    const docx = readDocx(response.rawPayload);
    expect(docx.header).toEqual(['Naziv grada', 'Poštanski broj', 'Država', 'Aktivan']);
    expect(docx.rows.map((row) => [row[0], row[1]])).toEqual(await expectedCities());
  });

  it('users: roles and user type by name, credit as a number, headers translated from plain keys', async () => {
    const response = await report(
      '/api/users/index',
      {
        filters: { username: { operator: 'equals', value: 'korisnik' } },
        report_type: 'xlsx',
        show_columns: ['username', 'roles', 'user_types', 'credit', 'is_active'],
      },
      'en',
    );
    const [header, row] = await readXlsx(response.rawPayload, 5);
    expect(header).toEqual(['Username', 'Roles', 'User type', 'Credits', 'Status']);
    expect(row?.[0]).toBe('korisnik');
    expect(row?.[1]).toBe('Korisnik');
    expect(row?.[2]).toBe('Fizičko lice');
    expect(typeof row?.[3]).toBe('number');
    expect(row?.[4]).toBe('Active');
  });

  it("words is_active as the list screens do, and shows times in Montenegro's zone, not the server's", async () => {
    const countries = await t.request({
      method: 'POST',
      url: '/api/os_countries/index',
      payload: { options: { page: 1, itemsPerPage: 1000 } },
      cookie,
    });
    type Country = { id: number; code: string; updated_at: string };
    const byCode = new Map((countries.json().result as Country[]).map((row) => [row.code, row]));
    const croatia = byCode.get('HR') as Country;
    const destroy = () =>
      t.request({
        method: 'DELETE',
        url: `/api/os_countries/destroy/${croatia.id}`,
        cookie,
      });
    expect((await destroy()).statusCode).toBe(200);
    vi.stubEnv('TZ', 'America/New_York');
    try {
      const response = await report('/api/os_countries/index', {
        options: { page: 1, itemsPerPage: 1000, sortBy: ['code'], sortDesc: [false] },
        report_type: 'xlsx',
        show_columns: ['code', 'is_active', 'updated_at'],
      });
      const [header, ...rows] = await readXlsx(response.rawPayload, 3);
      expect(header).toEqual(['Oznaka', 'Status', 'Ažurirano']);
      const cells = new Map(rows.map((row) => [row[0], row]));
      expect(cells.get('HR')?.[1]).toBe('Neaktivan');
      expect(cells.get('ME')?.[1]).toBe('Aktivan');
      const montenegro = byCode.get('ME') as Country;
      // A date cell showing Montenegro's wall clock.
      expect(wallClock(cells.get('ME')?.[2] ?? null)).toBe(formatDateTime(new Date(montenegro.updated_at)));
    } finally {
      vi.unstubAllEnvs();
      expect((await destroy()).statusCode).toBe(200);
    }
  });

  it('refuses a column the list does not have, before sending any file', async () => {
    const response = await report('/api/users/index', {
      report_type: 'xlsx',
      show_columns: ['username', 'password_hash'],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Nepoznata kolona izvještaja: password_hash.' });
  });

  it('refuses more columns than a file can hold, before sending any file', async () => {
    // Excel stops at 16 384 columns: the file broke off after its headers had gone out as a 200.
    const response = await report('/api/os_cities/index', {
      report_type: 'xlsx',
      show_columns: Array.from({ length: 20_000 }, () => 'name'),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('show_columns');
  });

  it('refuses an unknown report type', async () => {
    const response = await report('/api/users/index', { report_type: 'csv' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('report_type');
  });

  it('is refused to roles that may not read the list', async () => {
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/users/index',
      payload: { is_report: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each(LISTS.map((definition) => [definition.indexPath ?? definition.resource, definition] as const))(
    '%s: the report holds the rows of the page, in the list order',
    async (_name, definition) => {
      const route = definition.routes?.includes('index') === false ? 'index_active' : 'index';
      const url = `/api/${definition.indexPath ?? `${definition.resource}/${route}`}`;
      const options = { page: 1, itemsPerPage: 100 };
      // Staff read the back-office's lists with the session cookie, a member their own by token.
      const caller = definition.access.index === 'member' ? member : undefined;
      const list = await t.request({
        method: 'POST',
        url,
        payload: { options },
        ...(caller ? { headers: caller } : { cookie }),
      });
      expect(list.statusCode).toBe(200);
      const response = await report(
        url,
        { report_type: 'xlsx', show_columns: ['id'], options },
        undefined,
        caller,
      );
      expect(response.statusCode).toBe(200);
      const [, ...rows] = await readXlsx(response.rawPayload, 1);
      expect(rows.map((row) => row[0])).toEqual(
        (list.json().result as { id: number }[]).map((row) => row.id),
      );
    },
  );

  it('every row of a report that takes many batches, once each and in order', async () => {
    const count = 2345;
    await t.db.execute(sql`
      insert into ${users} (name, last_name, email, username, details, credit, password_hash)
      select 'Izvoz ' || lpad(g::text, 5, '0'), 'Đurović', 'izvoz' || g || '@primjer.me', 'izvoz.' || g,
             'Čišćenje ' || g, g % 7, 'x'
      from generate_series(1, ${count}) as g`);
    const response = await report('/api/users/index', {
      filters: { name: 'Izvoz ' },
      options: { page: 1, itemsPerPage: 10, sortBy: ['name'], sortDesc: [true] },
      report_type: 'xlsx',
      report_ignore_pagination: true,
      show_columns: ['name', 'last_name', 'details', 'credit'],
    });
    expect(response.statusCode).toBe(200);
    const [, ...rows] = await readXlsx(response.rawPayload, 4);
    expect(rows).toHaveLength(count);
    expect(rows.map((row) => row[0])).toEqual(
      Array.from({ length: count }, (_, index) => `Izvoz ${String(count - index).padStart(5, '0')}`),
    );
    // Users without a marketplace role have no balance.
    expect(rows[0]).toEqual([`Izvoz 0${count}`, 'Đurović', `Čišćenje ${count}`, null]);
  });

  it("loads only the fields its columns read: the users list's roles and balance subqueries are left out", async () => {
    const loadRows = vi.spyOn(userList, 'loadRows');
    try {
      const response = await report('/api/users/index', {
        filters: { username: { operator: 'equals', value: 'korisnik' } },
        report_type: 'xlsx',
        show_columns: ['username', 'user_types'],
      });
      expect(response.statusCode).toBe(200);
      const [header, row] = await readXlsx(response.rawPayload, 2);
      expect(header).toEqual(['Korisničko ime', 'Tip korisnika']);
      expect(row).toEqual(['korisnik', 'Fizičko lice']);
      const [, scope] = loadRows.mock.calls.at(-1) ?? [];
      expect(scope?.fields).toEqual(new Set(['username', 'user_types']));
      const loaded = (await loadRows.mock.results.at(-1)?.value) as Record<string, unknown>[];
      expect(Object.keys(loaded[0] ?? {}).sort()).toEqual(['id', 'user_types', 'username']);
    } finally {
      loadRows.mockRestore();
    }
  });

  it('loads every field when a column prints its cell from fields it does not name', async () => {
    const ads = LISTS.find((definition) => definition.resource === 'jobs');
    if (!ads) throw new Error('the ads list is declared');
    const loadRows = vi.spyOn(ads, 'loadRows');
    const isOffer = ads.columns.is_offer;
    const declared = isOffer?.reportFields;
    if (isOffer) isOffer.reportFields = undefined;
    try {
      const response = await report('/api/jobs/index', {
        report_type: 'xlsx',
        show_columns: ['title', 'is_offer'],
      });
      expect(response.statusCode).toBe(200);
      expect(loadRows.mock.calls.at(-1)?.[1].fields).toBeUndefined();
    } finally {
      if (isOffer) isOffer.reportFields = declared;
      loadRows.mockRestore();
    }
  });
});
