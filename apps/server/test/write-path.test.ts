import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ROLE, USER_TYPE } from '@usluge/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adStatusHistory,
  auditLog,
  countries,
  currencies,
  notificationRecipients,
  notifications,
  services,
  users,
  userTypes,
} from '../src/db/schema/index.ts';
import { selectRows } from '../src/db/select-rows.ts';
import { formOf } from './helpers/member-api.ts';
import { createDemoTestApp, type TestApp } from './helpers/test-app.ts';
import { smallPng } from './helpers/test-images.ts';

/**
 * The one write path (issue 17): every update and toggle carries the version the client read and
 * a stale one is refused; every write runs once per Idempotency-Key. Driven over HTTP on a
 * listening server, on PGlite and PostgreSQL.
 */
let t: TestApp;
let base = '';
let admin = '';

type Row = Record<string, unknown> & { id: number; updated_at: string };
type Answer = { status: number; body: Row & { message?: string; current?: Row } };

let keyCount = 0;
const newKey = () => `test-key-${process.pid}-${++keyCount}`;

async function call(
  method: string,
  url: string,
  body?: unknown,
  { key, cookie = admin }: { key?: string; cookie?: string } = {},
): Promise<Answer> {
  const isForm = body instanceof FormData;
  const headers: Record<string, string> = { cookie, origin: base, 'accept-language': 'me' };
  if (key) headers['idempotency-key'] = key;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const answer = await fetch(`${base}${url}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
  });
  return { status: answer.status, body: (await answer.json()) as Answer['body'] };
}

const statusesOf = (answers: Answer[]) => answers.map((answer) => answer.status).sort();

async function idWhere(rows: Promise<{ id: number }[]>): Promise<number> {
  const [row] = await rows;
  if (!row) throw new Error('seeded row missing');
  return row.id;
}

const person = (suffix: string) => ({
  name: 'Vesna',
  last_name: 'Šćepanović',
  email: `vesna.${suffix}@primjer.me`,
  username: `vesna.${suffix}`,
  phone: '+382 69 222 333',
  details: 'Čuvanje djece',
  user_type_id: String(USER_TYPE.individual),
  roles: [ROLE.member],
  password: 'Lozinka-123',
  confirm_password: 'Lozinka-123',
});

let adForm: Record<string, unknown>;

beforeAll(async () => {
  const demo = await createDemoTestApp();
  t = demo.t;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = demo.adminCookie;
  const mowing = await idWhere(
    t.db.select({ id: services.id }).from(services).where(eq(services.name, 'Košenje trave')),
  );
  const euro = await idWhere(
    t.db.select({ id: currencies.id }).from(currencies).where(eq(currencies.short_name, 'EUR')),
  );
  const poster = await idWhere(
    t.db.select({ id: users.id }).from(users).where(eq(users.username, 'korisnik')),
  );
  adForm = {
    title: 'Orezivanje živice',
    description: 'Uredno i brzo.',
    is_offer: 'true',
    services: [mowing],
    posted_by_user_id: String(poster),
    currency_id: String(euro),
    price_from: '15',
    price_to: '40',
    allCountries: 'true',
    allWorkingDays: 'true',
    places: [],
    ad_days: [],
  };
});
afterAll(() => t.close());

describe('no lost update', () => {
  /** Two saves of one row, each with the version it read, sent at once: one wins, one is told. */
  async function race(send: (version: string, label: string) => Promise<Answer>, version: string) {
    const answers = await Promise.all([send(version, 'prvi'), send(version, 'drugi')]);
    expect(statusesOf(answers)).toEqual([200, 409]);
    const won = answers.find((answer) => answer.status === 200) as Answer;
    const lost = answers.find((answer) => answer.status === 409) as Answer;
    expect(lost.body.message).toMatch(/^Neko je u međuvremenu izmijenio ovaj zapis/);
    // The current row is the winner's, as the list answers it.
    expect(lost.body.current).toEqual(won.body);
    return { won, lost };
  }

  it('a reference entity (JSON): exactly one of two updates with the same version is saved', async () => {
    const created = await call('POST', '/api/os_countries/store', { name: 'Kosovo', code: 'XK' });
    expect(created.status).toBe(201);
    const { won } = await race(
      (version, label) =>
        call('PUT', `/api/os_countries/update/${created.body.id}`, {
          name: `Kosovo ${label}`,
          code: 'XK',
          updated_at: version,
        }),
      created.body.updated_at,
    );
    const [saved] = await t.db
      .select({ name: countries.name })
      .from(countries)
      .where(eq(countries.id, created.body.id));
    expect(saved?.name).toBe(won.body.name);
    expect(won.body.updated_at).not.toBe(created.body.updated_at);
  });

  it('a user (multipart): exactly one of two updates with the same version is saved', async () => {
    const created = await call('POST', '/api/users/store', formOf(person('verzija')));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { password: _p, confirm_password: _c, ...fields } = person('verzija');
    await race(
      (version, label) =>
        call(
          'POST',
          `/api/users/update/${created.body.id}`,
          formOf({ ...fields, details: `Izmjena ${label}`, updated_at: version }),
        ),
      created.body.updated_at,
    );
  });

  it('a service (multipart): exactly one of two updates with the same version is saved', async () => {
    const created = await call(
      'POST',
      '/api/services/store',
      formOf({ name: 'Njega starijih', is_service: 'true', credit: '3', service_id: '' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await race(
      (version, label) =>
        call(
          'POST',
          `/api/services/update/${created.body.id}`,
          formOf({
            name: `Njega ${label}`,
            is_service: 'true',
            credit: '4',
            service_id: '',
            updated_at: version,
          }),
        ),
      created.body.updated_at,
    );
  });

  it('an ad (multipart): exactly one of two updates with the same version is saved', async () => {
    const created = await call('POST', '/api/jobs/store', formOf(adForm));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await race(
      (version, label) =>
        call(
          'POST',
          `/api/jobs/update/${created.body.id}`,
          formOf({ ...adForm, title: `Orezivanje ${label}`, updated_at: version }),
        ),
      created.body.updated_at,
    );
  });

  it('a stale update writes nothing and answers the current row; a fresh version then saves', async () => {
    const created = await call('POST', '/api/currencies/store', {
      name: 'Švajcarski franak',
      short_name: 'CHF',
    });
    const first = await call('PUT', `/api/currencies/update/${created.body.id}`, {
      name: 'Franak',
      short_name: 'CHF',
      updated_at: created.body.updated_at,
    });
    expect(first.status).toBe(200);
    const stale = await call('PUT', `/api/currencies/update/${created.body.id}`, {
      name: 'Prepisano',
      short_name: 'CHF',
      updated_at: created.body.updated_at,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ name: 'Franak', updated_at: first.body.updated_at });
    const [saved] = await t.db
      .select({ name: currencies.name })
      .from(currencies)
      .where(eq(currencies.id, created.body.id));
    expect(saved?.name).toBe('Franak');
    const english = await fetch(`${base}/api/currencies/update/${created.body.id}`, {
      method: 'PUT',
      headers: { cookie: admin, origin: base, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ name: 'x', short_name: 'CHF', updated_at: created.body.updated_at }),
    });
    expect(((await english.json()) as { message: string }).message).toMatch(
      /^Someone has changed this record/,
    );
    const fresh = await call('PUT', `/api/currencies/update/${created.body.id}`, {
      name: 'Franak (CHF)',
      short_name: 'CHF',
      updated_at: first.body.updated_at,
    });
    expect(fresh.status).toBe(200);
  });

  it('without a version the last write wins, as older clients expect', async () => {
    const created = await call('POST', '/api/user_types/store', { name: 'Udruženje' });
    const answers = await Promise.all([
      call('PUT', `/api/user_types/update/${created.body.id}`, { name: 'Udruženje A' }),
      call('PUT', `/api/user_types/update/${created.body.id}`, { name: 'Udruženje B' }),
    ]);
    expect(statusesOf(answers)).toEqual([200, 200]);
  });

  it('a malformed version is a 422 on the field, JSON and multipart alike', async () => {
    const created = await call('POST', '/api/user_types/store', { name: 'Zadruga' });
    const json = await call('PUT', `/api/user_types/update/${created.body.id}`, {
      name: 'Zadruga',
      updated_at: 'juče',
    });
    expect(json.status).toBe(422);
    const multipart = await call(
      'POST',
      `/api/services/update/${created.body.id}`,
      formOf({ name: 'x', is_service: 'false', updated_at: 'juče' }),
    );
    expect(multipart.status).toBe(422);
    expect(Object.keys((multipart.body as unknown as { errors: object }).errors)).toEqual(['updated_at']);
  });

  it('a toggle (deactivate/restore) with a stale ?updated_at= is refused and changes nothing', async () => {
    const created = await call('POST', '/api/os_countries/store', { name: 'Andora', code: 'AD' });
    const edited = await call('PUT', `/api/os_countries/update/${created.body.id}`, {
      name: 'Albanija',
      code: 'AL',
    });
    const stale = await call(
      'DELETE',
      `/api/os_countries/destroy/${created.body.id}?updated_at=${encodeURIComponent(created.body.updated_at)}`,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ is_active: true, updated_at: edited.body.updated_at });
    const fresh = await call(
      'DELETE',
      `/api/os_countries/destroy/${created.body.id}?updated_at=${encodeURIComponent(edited.body.updated_at)}`,
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.is_active).toBe(false);
  });

  it('a favourite toggle and a status change with a stale version are refused', async () => {
    const service = await call(
      'POST',
      '/api/services/store',
      formOf({ name: 'Selidbe klavira', is_service: 'true', credit: '9', service_id: '' }),
    );
    const starred = await call('GET', `/api/services/set-unset-favorite-service/${service.body.id}`);
    expect(starred.body.is_favorite).toBe(true);
    const stale = await call(
      'GET',
      `/api/services/set-unset-favorite-service/${service.body.id}?updated_at=${encodeURIComponent(service.body.updated_at)}`,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ is_favorite: true });

    const ad = await call('POST', '/api/jobs/store', formOf(adForm));
    await call('POST', `/api/jobs/update/${ad.body.id}`, formOf({ ...adForm, title: 'Novi naslov' }));
    const decision = await call('PUT', `/api/jobs/changeStatus/${ad.body.id}`, {
      ad_status_id: 2,
      status_comment: null,
      updated_at: ad.body.updated_at,
    });
    expect(decision.status).toBe(409);
    expect(decision.body.current).toMatchObject({ title: 'Novi naslov' });
    const decisions = await t.db
      .select({ id: adStatusHistory.id })
      .from(adStatusHistory)
      .where(and(eq(adStatusHistory.ad_id, ad.body.id), eq(adStatusHistory.to_status_id, 2)));
    expect(decisions).toEqual([]);
  });

  it('every write gives a row a new version, even several within one millisecond', async () => {
    const created = await call('POST', '/api/user_types/store', { name: 'Fondacija' });
    const versions = new Set([created.body.updated_at]);
    for (let i = 0; i < 5; i++) {
      const answer = await call('DELETE', `/api/user_types/destroy/${created.body.id}`);
      versions.add(answer.body.updated_at);
    }
    expect(versions.size).toBe(6);
    // A version ahead of the clock (a write within the same millisecond, or a clock that went back)
    // is still followed by a later one, never by one the row had before.
    const ahead = new Date(Date.now() + 3_600_000);
    await t.db.update(userTypes).set({ updated_at: ahead }).where(eq(userTypes.id, created.body.id));
    const next = await call('DELETE', `/api/user_types/destroy/${created.body.id}`);
    expect(new Date(next.body.updated_at).getTime()).toBe(ahead.getTime() + 1);
  });
});

describe('no action counts twice', () => {
  /** The same request twice at once with one key: both get the first answer. */
  async function twice(method: string, url: string, body: () => unknown) {
    const key = newKey();
    const answers = await Promise.all([
      call(method, url, body(), { key }),
      call(method, url, body(), { key }),
    ]);
    expect(answers[0]?.status).toBeLessThan(300);
    expect(answers[1]).toEqual(answers[0]);
    return answers[0] as Answer;
  }

  it('store: one row for a key sent twice at once', async () => {
    const answer = await twice('POST', '/api/os_countries/store', () => ({
      name: 'Sjeverna Makedonija',
      code: 'MK',
    }));
    expect(answer.status).toBe(201);
    const rows = await t.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'MK'));
    expect(rows).toHaveLength(1);
  });

  it('multipart store with an image: one row and one stored file', async () => {
    const png = await smallPng();
    const images = () =>
      fs.existsSync(path.join(t.dataDir, 'uploads', 'user_images'))
        ? fs.readdirSync(path.join(t.dataDir, 'uploads', 'user_images'))
        : [];
    const before = images().length;
    const answer = await twice('POST', '/api/users/store', () =>
      formOf(person('jednom'), { image_file: png }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const rows = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'vesna.jednom'));
    expect(rows).toHaveLength(1);
    // One file for the one row: the replay stored none (and left none behind).
    expect(images()).toHaveLength(before + 1);
    expect(images().some((name) => String(answer.body.image_url).endsWith(name))).toBe(true);
  });

  /** The audit entries of one kind written for a resource's rows: one per change made. */
  async function auditedIds(recordType: string, action: string, ids: number[]): Promise<number[]> {
    const rows = await t.db
      .select({ id: auditLog.record_id })
      .from(auditLog)
      .where(and(eq(auditLog.record_type, recordType), eq(auditLog.action, action)));
    return rows.map((row) => row.id ?? 0).filter((id) => ids.includes(id));
  }

  /** The row's version as stored, in ms: it moved once when it is the one both answers carry. */
  async function storedVersion(table: typeof countries | typeof users, id: number): Promise<number> {
    const [row] = await t.db.select({ updated_at: table.updated_at }).from(table).where(eq(table.id, id));
    return row?.updated_at.getTime() ?? 0;
  }

  it('an update (JSON) sent twice at once with one key saves once: one answer twice, one new version', async () => {
    const created = await call('POST', '/api/os_countries/store', { name: 'Austrija', code: 'AT' });
    expect(created.status).toBe(201);
    // Without the key the second would be a 409: the first moved the version it carries.
    const answer = await twice('PUT', `/api/os_countries/update/${created.body.id}`, () => ({
      name: 'Austrija (Österreich)',
      code: 'AT',
      updated_at: created.body.updated_at,
    }));
    expect(answer.status).toBe(200);
    expect(answer.body.name).toBe('Austrija (Österreich)');
    expect(answer.body.updated_at).not.toBe(created.body.updated_at);
    expect(await storedVersion(countries, created.body.id)).toBe(Date.parse(answer.body.updated_at));
    expect(await auditedIds('os_countries', 'update', [created.body.id])).toEqual([created.body.id]);
  });

  it('a multipart update of a user sent twice at once with one key saves once', async () => {
    const created = await call('POST', '/api/users/store', formOf(person('izmjena.jednom')));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { password: _p, confirm_password: _c, ...fields } = person('izmjena.jednom');
    const answer = await twice('POST', `/api/users/update/${created.body.id}`, () =>
      formOf({ ...fields, details: 'Čuvanje djece vikendom', updated_at: created.body.updated_at }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.details).toBe('Čuvanje djece vikendom');
    expect(answer.body.updated_at).not.toBe(created.body.updated_at);
    expect(await storedVersion(users, created.body.id)).toBe(Date.parse(answer.body.updated_at));
    expect(await auditedIds('users', 'update', [created.body.id])).toEqual([created.body.id]);
  });

  it('a bulk deactivation sent twice at once with one key toggles each row once', async () => {
    const ids: number[] = [];
    for (const name of ['Zadruga Sjever', 'Zadruga Jug']) {
      ids.push((await call('POST', '/api/user_types/store', { name })).body.id);
    }
    // A second run would answer the rows as unchanged (already inactive): the answers would differ.
    const answer = await twice('POST', '/api/user_types/destroy_bulk', () => ({ is_active: false, ids }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      changed: ids,
      unchanged: [],
      refused: [],
      next_after_id: null,
      remaining: 0,
    });
    const rows = await t.db
      .select({ is_active: userTypes.is_active })
      .from(userTypes)
      .where(inArray(userTypes.id, ids));
    expect(rows.map((row) => row.is_active)).toEqual([false, false]);
    expect((await auditedIds('user_types', 'toggle', ids)).sort((a, b) => a - b)).toEqual(ids);
  });

  it('a toggle sent twice with one key deactivates once (it does not restore again)', async () => {
    const created = await call('POST', '/api/user_types/store', { name: 'Ustanova' });
    const answer = await twice('DELETE', `/api/user_types/destroy/${created.body.id}`, () => undefined);
    expect(answer.body.is_active).toBe(false);
  });

  it('a favourite toggled twice with one key is toggled once', async () => {
    const created = await call(
      'POST',
      '/api/services/store',
      formOf({ name: 'Dostava lijekova', is_service: 'true', credit: '2', service_id: '' }),
    );
    const answer = await twice(
      'GET',
      `/api/services/set-unset-favorite-service/${created.body.id}`,
      () => undefined,
    );
    expect(answer.body.is_favorite).toBe(true);
  });

  it('a notification sent twice with one key goes out once', async () => {
    const answer = await twice('POST', '/api/notifications/store', () => ({
      subject: 'Održavanje sistema',
      notification_text: 'Aplikacija neće raditi u nedjelju od 2 do 4.',
      notification_user_types: [USER_TYPE.individual],
      notification_for_users: [],
    }));
    expect(answer.status).toBe(201);
    const sent = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.subject, 'Održavanje sistema'));
    expect(sent).toHaveLength(1);
    const [recipients] = await selectRows<{ n: number; distinct_users: number }>(
      t.db,
      sql`select count(*)::int as n, count(distinct user_id)::int as distinct_users
          from ${notificationRecipients} where notification_id = ${sent[0]?.id}`,
    );
    expect(recipients?.n).toBeGreaterThan(0);
    expect(recipients?.n).toBe(recipients?.distinct_users);
  });

  it('a status change and a bulk status change sent twice with one key decide once', async () => {
    const one = await call('POST', '/api/jobs/store', formOf(adForm));
    const two = await call('POST', '/api/jobs/store', formOf(adForm));
    await twice('PUT', `/api/jobs/changeStatus/${one.body.id}`, () => ({
      ad_status_id: 2,
      status_comment: null,
    }));
    const bulk = await twice('PUT', '/api/jobs/changeStatus', () => ({
      ids: [two.body.id],
      ad_status_id: 3,
      status_comment: 'Nedostaje opis usluge.',
    }));
    expect(bulk.body).toEqual({
      changed: [two.body.id],
      unchanged: [],
      refused: [],
      next_after_id: null,
      remaining: 0,
    });
    for (const [id, statusId] of [
      [one.body.id, 2],
      [two.body.id, 3],
    ] as const) {
      const decisions = await t.db
        .select({ id: adStatusHistory.id })
        .from(adStatusHistory)
        .where(and(eq(adStatusHistory.ad_id, id), eq(adStatusHistory.to_status_id, statusId)));
      expect(decisions).toHaveLength(1);
    }
  });

  it('the same key with another request is a 422 that changes nothing, the id in the path included', async () => {
    const a = await call('POST', '/api/user_types/store', { name: 'Kooperativa A' });
    const b = await call('POST', '/api/user_types/store', { name: 'Kooperativa B' });
    const key = newKey();
    expect((await call('DELETE', `/api/user_types/destroy/${a.body.id}`, undefined, { key })).status).toBe(
      200,
    );
    const other = await call('DELETE', `/api/user_types/destroy/${b.body.id}`, undefined, { key });
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/Idempotency-Key/);
    const body = await call('POST', '/api/user_types/store', { name: 'Kooperativa C' }, { key });
    expect(body.status).toBe(422);
  });

  it('a failed write stores no key: the same key with a corrected body then saves', async () => {
    const key = newKey();
    const created = await call('POST', '/api/os_countries/store', { name: 'Grčka', code: 'GR' });
    const stale = await call(
      'PUT',
      `/api/os_countries/update/${created.body.id}`,
      { name: 'Grčka', code: 'GR', updated_at: '2001-01-01T00:00:00.000Z' },
      { key },
    );
    expect(stale.status).toBe(409);
    const retried = await call(
      'PUT',
      `/api/os_countries/update/${created.body.id}`,
      { name: 'Grčka (Hellas)', code: 'GR', updated_at: created.body.updated_at },
      { key },
    );
    expect(retried.status).toBe(200);
  });

  it('every route that changes data declares the Idempotency-Key, and the API document lists it', async () => {
    const writes = t.app.routeRecords.filter(
      (route) =>
        ['POST', 'PUT', 'DELETE'].includes(route.method) &&
        route.url.startsWith('/api/') &&
        !route.isListRead &&
        // Anonymous calls (sign-in, the account pages) have no caller to keep keys for.
        route.access !== 'public',
    );
    const undeclared = writes.filter((route) => !route.isIdempotent).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    expect(writes.length).toBeGreaterThan(25);
    const document = (await (await fetch(`${base}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const update = document.paths['/api/os_countries/update/{id}']?.put;
    expect(update?.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key')).toBe(true);
  });
});

describe('restoring a services folder with its items', () => {
  const node = async (name: string, parentId: number | null, isService = false) => {
    const answer = await call(
      'POST',
      '/api/services/store',
      formOf({
        name,
        is_service: String(isService),
        credit: isService ? '1' : '',
        service_id: parentId ?? '',
      }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.id;
  };
  const isActive = async (id: number) =>
    (await t.db.select({ isActive: services.is_active }).from(services).where(eq(services.id, id)))[0]
      ?.isActive;

  it('brings back what was deactivated together with the folder, not what was off before', async () => {
    const folder = await node('Popravke u kući', null);
    const sub = await node('Vodoinstalateri', folder);
    const leak = await node('Curenje vode', sub, true);
    const boiler = await node('Bojler', sub, true);
    const tiles = await node('Pločice', folder, true);
    // Tiles go off on their own first.
    await call('DELETE', `/api/services/destroy/${tiles}`);
    const off = await call('DELETE', `/api/services/destroy/${folder}`);
    expect(off.body.changed_nodes).toBe(4);
    const tree = (await call('POST', '/api/services/index_active', { show_inactive_items: true }))
      .body as unknown as {
      result: { id: number; deactivated_items: number; services: { id: number }[] }[];
    };
    expect(tree.result.find((n) => n.id === folder)?.deactivated_items).toBe(3);

    const back = await call('DELETE', `/api/services/destroy/${folder}?with_items=true`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ is_active: true, changed_nodes: 4, deactivated_items: 0 });
    expect([await isActive(sub), await isActive(leak), await isActive(boiler)]).toEqual([true, true, true]);
    expect(await isActive(tiles)).toBe(false);
  });

  it('restoring the folder alone leaves its items off, as deactivated on their own from then on', async () => {
    const folder = await node('Prevoz', null);
    const van = await node('Kombi prevoz', folder, true);
    await call('DELETE', `/api/services/destroy/${folder}`);
    const back = await call('DELETE', `/api/services/destroy/${folder}`);
    expect(back.body).toMatchObject({ is_active: true, changed_nodes: 1 });
    expect(await isActive(van)).toBe(false);
    // Off and on again with items: the van was off before this deactivation, so it stays off.
    await call('DELETE', `/api/services/destroy/${folder}`);
    const again = await call('DELETE', `/api/services/destroy/${folder}?with_items=true`);
    expect(again.body.changed_nodes).toBe(1);
    expect(await isActive(van)).toBe(false);
  });
});
