import fs from 'node:fs';
import path from 'node:path';
import { AD_STATUS, type AuditRow, type AuditTimeline, isAuditRecordType, USER_TYPE } from '@usluge/contract';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, auditLog, creditPrices, users } from '../src/db/schema/index.ts';
import { seed } from '../src/db/seed/seed.ts';
import { CRUDS, LISTS } from '../src/modules/resources.ts';
import { readXlsx } from './helpers/read-report.ts';
import {
  createTestApp,
  createUser,
  DEMO_ADMIN_PASSWORD,
  ROLE,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from './helpers/test-app.ts';

/**
 * The audit trail (issue 19 item 1): every kind of write appends an entry with its before/after in
 * the write's transaction; the table refuses changes; administrators read it as a list, staff a
 * record's timeline (ads and reports only, unless administrators).
 */
let t: TestApp;
let admin = '';
let moderator = '';
let moderatorUser: TestUser;
let member: TestUser;
let adminId = 0;
let keyCount = 0;

type Json = Record<string, unknown> & { message?: string; errors?: Record<string, string[]> };
const json = <T = Json>(response: LightMyRequestResponse) => response.json<T & Json>();

const auditIndex = (cookie: string, body: object) =>
  t.request({ method: 'POST', url: '/api/audit/index', cookie, payload: body });
const timeline = (cookie: string, type: string, id: number, beforeId?: number) =>
  t.request({
    method: 'GET',
    url: `/api/audit/timeline/${type}/${id}${beforeId === undefined ? '' : `?before_id=${beforeId}`}`,
    cookie,
  });
/** A staff form for a new member, an individual, named after `username`. */
const userForm = (username: string) => ({
  name: 'Revizija',
  last_name: 'Korisnik',
  email: `${username}@firma.me`,
  username,
  phone: '+382 67 111 222',
  details: '',
  address: 'Njegoševa 12, Podgorica',
  pib: '',
  user_type_id: USER_TYPE.individual as number,
  roles: [ROLE.member] as number[],
  password: 'Lozinka-123',
  confirm_password: 'Lozinka-123',
});
const nextKey = () => `audit-${++keyCount}`;
const write = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, cookie = admin) =>
  t.request({
    method,
    url,
    cookie,
    headers: { 'idempotency-key': nextKey() },
    ...(payload ? { payload } : {}),
  });

/** The entries of a record, newest first. */
const entriesOf = (recordType: string, recordId: number | null) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.record_type, recordType),
        recordId === null ? sql`${auditLog.record_id} is null` : eq(auditLog.record_id, recordId),
      ),
    )
    .orderBy(desc(auditLog.id));
const latestOf = async (recordType: string, recordId: number | null) =>
  (await entriesOf(recordType, recordId))[0];
const entryCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp({ env: { SEEDERS_ENABLED: 'true' } });
  await seed(t.db, { isDemoSeeded: true, adminPassword: DEMO_ADMIN_PASSWORD });
  admin = await t.signIn('admin', DEMO_ADMIN_PASSWORD);
  adminId = (await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin')))[0]?.id ?? 0;
  // Ids apart from the roles' (1, 2, 3).
  await createUser(t.db, { username: 'audit-filler-1', roleIds: [] });
  moderatorUser = await createUser(t.db, { username: 'audit-moderator', roleIds: [ROLE.moderator] });
  member = await createUser(t.db, { username: 'audit-member', roleIds: [ROLE.member] });
  moderator = await t.signIn('audit-moderator');
});
afterAll(() => t.close());

describe('reading the trail', () => {
  it('lists entries newest first with the filters an administrator sets; a moderator gets 403', async () => {
    const at = (minute: number) => new Date(Date.UTC(2031, 0, 5, 10, minute));
    await t.db.insert(auditLog).values([
      {
        created_at: at(1),
        actor_id: 901,
        actor_name: 'Audit Ana',
        ip: '10.0.0.1',
        action: 'update',
        record_type: 'os_countries',
        record_id: 77,
        changes: { name: { before: 'A', after: 'B' } },
      },
      {
        created_at: at(2),
        actor_id: 902,
        actor_name: 'Audit Boris',
        ip: '10.0.0.2',
        action: 'create',
        record_type: 'os_countries',
        record_id: 78,
        changes: {},
      },
      {
        created_at: at(3),
        actor_id: 901,
        actor_name: 'Audit Ana',
        ip: '10.0.0.1',
        action: 'toggle',
        record_type: 'services',
        record_id: 77,
        changes: { is_active: { before: true, after: false } },
      },
    ]);
    const window = {
      created_at: { operator: 'between', value: [at(0).toISOString(), at(10).toISOString()] },
    };
    const all = await auditIndex(admin, { filters: window });
    expect(all.statusCode).toBe(200);
    const rows = json<{ result: AuditRow[] }>(all).result;
    expect(rows.map((row) => row.action)).toEqual(['toggle', 'create', 'update']);
    expect(rows[2]).toMatchObject({
      actor_id: 901,
      actor_name: 'Audit Ana',
      ip: '10.0.0.1',
      record_type: 'os_countries',
      record_id: 77,
      changes: { name: { before: 'A', after: 'B' } },
    });
    const ids = async (filters: object) =>
      json<{ result: AuditRow[] }>(
        await auditIndex(admin, { filters: { ...window, ...filters } }),
      ).result.map((row) => `${row.action}:${row.record_type}:${row.record_id}`);
    expect(await ids({ actor_id: 901 })).toEqual(['toggle:services:77', 'update:os_countries:77']);
    expect(await ids({ action: 'create' })).toEqual(['create:os_countries:78']);
    expect(await ids({ record_type: 'os_countries', record_id: 77 })).toEqual(['update:os_countries:77']);
    expect(
      await ids({ created_at: { operator: 'between', value: [at(2).toISOString(), at(2).toISOString()] } }),
    ).toEqual(['create:os_countries:78']);

    expect((await auditIndex(moderator, { filters: window })).statusCode).toBe(403);
  });

  it("pages a record's timeline newest first, 50 at a time, through before_id", async () => {
    const start = Date.UTC(2031, 1, 1);
    await t.db.insert(auditLog).values(
      Array.from({ length: 120 }, (_, index) => ({
        // Pairs share a time: the id breaks the tie.
        created_at: new Date(start + Math.floor(index / 2) * 1000),
        actor_id: 903,
        actor_name: 'Audit Vesna',
        action: 'update',
        record_type: 'services',
        record_id: 4321,
        changes: { n: { before: index - 1, after: index } },
      })),
    );
    const seen: number[] = [];
    let beforeId: number | undefined;
    const sizes: number[] = [];
    for (;;) {
      const answer = await timeline(admin, 'services', 4321, beforeId);
      expect(answer.statusCode).toBe(200);
      const page = json<AuditTimeline>(answer);
      sizes.push(page.rows.length);
      seen.push(...page.rows.map((row) => Number((row.changes.n as { after: number }).after)));
      if (page.next_before_id === null) break;
      beforeId = page.next_before_id;
    }
    expect(sizes).toEqual([50, 50, 20]);
    expect(seen).toEqual(Array.from({ length: 120 }, (_, index) => 119 - index));
  });

  it('lets staff read the timeline of ads and reports only; an unknown record type is a 422', async () => {
    expect((await timeline(moderator, 'jobs', 1)).statusCode).toBe(200);
    expect((await timeline(moderator, 'ad_reports', 1)).statusCode).toBe(200);
    expect((await timeline(moderator, 'users', moderatorUser.id)).statusCode).toBe(403);
    expect((await timeline(moderator, 'services', 4321)).statusCode).toBe(403);
    expect((await timeline(admin, 'users', moderatorUser.id)).statusCode).toBe(200);
    const unknown = await timeline(admin, 'pg_authid', 1);
    expect(unknown.statusCode).toBe(422);
    expect(json(unknown).errors?.record_type).toBeDefined();
    expect((await t.request({ method: 'GET', url: '/api/audit/timeline/jobs/1' })).statusCode).toBe(401);
  });
});

describe('writing the trail', () => {
  let countryId = 0;

  it('records a create with its fields, who made it and from where', async () => {
    const answer = await write('POST', '/api/os_countries/store', { name: 'Auditlandija', code: 'AUD' });
    expect(answer.statusCode, answer.body).toBe(201);
    countryId = json<{ id: number }>(answer).id;
    const entry = await latestOf('os_countries', countryId);
    expect(entry).toMatchObject({
      action: 'create',
      actor_id: adminId,
      ip: '127.0.0.1',
      changes: { name: { before: null, after: 'Auditlandija' }, code: { before: null, after: 'AUD' } },
    });
    expect(entry?.actor_name).toBeTruthy();
  });

  it('records an update of two fields as exactly those two, before and after', async () => {
    const answer = await write('PUT', `/api/os_countries/update/${countryId}`, {
      name: 'Auditlandija Nova',
      code: 'AUN',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await latestOf('os_countries', countryId))?.changes).toEqual({
      name: { before: 'Auditlandija', after: 'Auditlandija Nova' },
      code: { before: 'AUD', after: 'AUN' },
    });
  });

  it('records a toggle as is_active before and after', async () => {
    const answer = await write('DELETE', `/api/os_countries/destroy/${countryId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await latestOf('os_countries', countryId)).toMatchObject({
      action: 'toggle',
      changes: { is_active: { before: true, after: false } },
    });
  });

  it('leaves no entry for a write that fails and rolls back', async () => {
    const before = await entryCount();
    const answer = await write('POST', '/api/os_countries/store', { name: 'Druga zemlja', code: 'AUN' });
    expect(answer.statusCode).toBe(409);
    expect(await entryCount()).toBe(before);
  });

  it("records a password change only as changed, and a user's roles before and after", async () => {
    const form = userForm('revizija.korisnik');
    const created = await write('POST', '/api/users/store', form);
    expect(created.statusCode, created.body).toBe(201);
    const { id, updated_at } = json<{ id: number; updated_at: string }>(created);
    const stored = await entriesOf('users', id);
    expect(stored.map((entry) => entry.action).sort()).toEqual(['create', 'roles']);
    expect(stored.find((entry) => entry.action === 'create')?.changes.password_hash).toEqual({
      before: null,
      after: 'changed',
    });
    const updated = await write('POST', `/api/users/update/${id}`, {
      ...form,
      roles: [ROLE.member, ROLE.moderator],
      password: 'Nova-Lozinka-9',
      confirm_password: 'Nova-Lozinka-9',
      updated_at,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [roles, update] = await entriesOf('users', id);
    expect(update).toMatchObject({
      action: 'update',
      changes: { password_hash: { before: null, after: 'changed' } },
    });
    expect(Object.keys(update?.changes ?? {})).toEqual(['password_hash']);
    expect(roles).toMatchObject({
      action: 'roles',
      changes: {
        roles: {
          before: [{ id: ROLE.member, name: 'Korisnik' }],
          after: [
            { id: ROLE.member, name: 'Korisnik' },
            { id: ROLE.moderator, name: 'Moderator' },
          ],
        },
      },
    });
    // No hash, no password, anywhere in the trail.
    const all = JSON.stringify(await entriesOf('users', id));
    expect(all).not.toContain('argon2');
    expect(all).not.toContain('Nova-Lozinka-9');
  });

  it("records a user's type by id and name, before and after, as the trail shows it", async () => {
    const form = userForm('tip.korisnika');
    const created = await write('POST', '/api/users/store', form);
    expect(created.statusCode, created.body).toBe(201);
    const { id, updated_at } = json<{ id: number; updated_at: string }>(created);
    const create = (await entriesOf('users', id)).find((entry) => entry.action === 'create');
    expect(create?.changes.user_type_id).toEqual({
      before: null,
      after: { id: USER_TYPE.individual, name: 'Fizičko lice' },
    });
    const updated = await write('POST', `/api/users/update/${id}`, {
      ...form,
      user_type_id: USER_TYPE.company,
      pib: '02123456',
      password: '',
      confirm_password: '',
      updated_at,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const update = (await entriesOf('users', id)).find((entry) => entry.action === 'update');
    expect(update?.changes).toEqual({
      user_type_id: {
        before: { id: USER_TYPE.individual, name: 'Fizičko lice' },
        after: { id: USER_TYPE.company, name: 'Pravno lice' },
      },
      pib: { before: null, after: '02123456' },
    });
  });

  it("records an ad's status change with the status before and after", async () => {
    const [ad] = await t.db
      .select({ id: ads.id })
      .from(ads)
      .where(and(eq(ads.ad_status_id, AD_STATUS.awaitingApproval), eq(ads.is_active, true)))
      .limit(1);
    if (!ad) throw new Error('no demo ad awaiting approval');
    const answer = await write(
      'PUT',
      `/api/jobs/changeStatus/${ad.id}`,
      { ad_status_id: AD_STATUS.approved },
      moderator,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await latestOf('jobs', ad.id)).toMatchObject({
      action: 'status',
      actor_id: moderatorUser.id,
      changes: { ad_status_id: { before: AD_STATUS.awaitingApproval, after: AD_STATUS.approved } },
    });
  });

  it('records a credit movement with the balance before and after', async () => {
    const [price] = await t.db
      .select({ id: creditPrices.id })
      .from(creditPrices)
      .where(eq(creditPrices.is_active, true))
      .limit(1);
    const answer = await write('POST', '/api/lead_transactions/store', {
      credit_amount: '+40',
      credit_price_id: price?.id,
      credit_for_user_id: member.id,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await latestOf('users', member.id)).toMatchObject({
      action: 'credits',
      actor_id: adminId,
      changes: { credit: { before: 0, after: 40 } },
    });
  });

  it('records a notification sent by staff with its subject, text and targets, each by id and name', async () => {
    const answer = await write(
      'POST',
      '/api/notifications/store',
      {
        subject: 'Održavanje sistema',
        notification_text: 'Aplikacija neće raditi u nedjelju od 2 do 4.',
        notification_user_types: [USER_TYPE.individual],
        notification_for_users: [member.id],
      },
      moderator,
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const id = json<{ id: number }>(answer).id;
    expect(await entriesOf('notifications', id)).toEqual([
      expect.objectContaining({
        action: 'create',
        actor_id: moderatorUser.id,
        ip: '127.0.0.1',
        changes: {
          subject: { before: null, after: 'Održavanje sistema' },
          notification_text: { before: null, after: 'Aplikacija neće raditi u nedjelju od 2 do 4.' },
          notification_user_types: {
            before: null,
            after: [{ id: USER_TYPE.individual, name: 'Fizičko lice' }],
          },
          notification_for_users: {
            before: null,
            after: [{ id: member.id, name: 'Ime audit-member Prezime' }],
          },
        },
      }),
    ]);
    // The trail's report writes the targets by name, as its screen does, not as JSON.
    const report = await auditIndex(admin, {
      filters: { record_type: 'notifications', record_id: id },
      is_report: true,
      report_type: 'xlsx',
      show_columns: ['record_id', 'changes'],
    });
    expect(report.statusCode, report.body).toBe(200);
    const [, row] = await readXlsx(report.rawPayload, 2);
    expect(row?.[1]).toContain('Tipovi korisnika: — → Fizičko lice');
    expect(row?.[1]).toContain('Korisnici: — → Ime audit-member Prezime');
  });

  it('records a sign-in, and a failed one of an unknown name with the name typed and no actor', async () => {
    expect((await entriesOf('users', moderatorUser.id)).some((entry) => entry.action === 'sign_in')).toBe(
      true,
    );
    const failed = await t.request({
      method: 'POST',
      url: '/api/loginWeb',
      payload: { username: 'niko-nepoznat', password: 'pogresna' },
    });
    expect(failed.statusCode).toBe(401);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sign_in_failed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actor_id: null,
      record_id: null,
      ip: '127.0.0.1',
      changes: { username: { before: null, after: 'niko-nepoznat' } },
    });
  });

  it('records a lifted sign-in lock', async () => {
    const answer = await write('POST', `/api/users/unlock/${moderatorUser.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await latestOf('users', moderatorUser.id)).toMatchObject({ action: 'unlock', actor_id: adminId });
  });

  it('records an export with the list, its filters, sort, columns and format', async () => {
    const answer = await t.request({
      method: 'POST',
      url: '/api/os_countries/index',
      cookie: admin,
      payload: {
        filters: { name: 'Audit' },
        options: { page: 1, itemsPerPage: 10, sortBy: ['name'], sortDesc: [false] },
        is_report: true,
        report_type: 'xlsx',
        show_columns: ['name', 'code'],
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const entry = await latestOf('os_countries', null);
    expect(entry).toMatchObject({ action: 'export', actor_id: adminId });
    expect(entry?.changes.filters?.after).toMatchObject({
      filters: { name: 'Audit' },
      sort: { sortBy: ['name'], sortDesc: [false] },
      columns: ['name', 'code'],
      format: 'xlsx',
    });
  });

  it('records a seed file downloaded', async () => {
    const answer = await t.request({
      method: 'GET',
      url: '/api/seeder_generator/os_countries',
      cookie: admin,
    });
    expect(answer.statusCode).toBe(200);
    expect(await latestOf('seeders', null)).toMatchObject({
      action: 'seed_download',
      actor_id: adminId,
      changes: { table: { before: null, after: 'os_countries' } },
    });
  });

  it("records a member's write beside the generic one (an ad reported from the app)", async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'audit-member', password: TEST_PASSWORD },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = json<{ access_token: string }>(signedIn).access_token;
    const [ad] = await t.db
      .select({ id: ads.id })
      .from(ads)
      .where(
        and(
          eq(ads.ad_status_id, AD_STATUS.approved),
          eq(ads.is_active, true),
          ne(ads.posted_by_user_id, member.id),
        ),
      )
      .limit(1);
    if (!ad) throw new Error('no approved demo ad');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/ad_reports/store',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': nextKey() },
      payload: { ad_id: ad.id, reason: 'spam', text: null },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await latestOf('ad_reports', ad.id)).toMatchObject({
      action: 'create',
      actor_id: member.id,
      changes: { reason: { before: null, after: 'spam' } },
    });
  });

  it("records a member's own sign-up and password change, the password only as changed", async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Jelena',
        last_name: 'Revizija',
        email: 'jelena.revizija@primjer.me',
        username: 'jelena.revizija',
        phone: '+382 69 123 456',
        user_type_id: USER_TYPE.individual,
        password: 'Moja-Lozinka-1',
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const [created] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'jelena.revizija'));
    const id = created?.id ?? 0;
    const [roles, create] = await entriesOf('users', id);
    expect(create).toMatchObject({
      action: 'create',
      actor_id: id,
      changes: {
        username: { before: null, after: 'jelena.revizija' },
        password_hash: { before: null, after: 'changed' },
      },
    });
    expect(roles).toMatchObject({
      action: 'roles',
      changes: { roles: { before: [], after: [{ id: ROLE.member, name: 'Korisnik' }] } },
    });

    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'audit-member', password: TEST_PASSWORD },
    });
    const token = json<{ access_token: string }>(signedIn).access_token;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/me/change-password',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': nextKey() },
      payload: { password: TEST_PASSWORD, new_password: 'Nova-Lozinka-77' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const entry = await latestOf('users', member.id);
    expect(entry).toMatchObject({
      action: 'update',
      actor_id: member.id,
      changes: { password_hash: { before: null, after: 'changed' } },
    });
    expect(JSON.stringify(entry)).not.toContain('Nova-Lozinka-77');
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the trail in the database itself', async () => {
    await expect(t.db.execute(sql`update audit_log set action = 'update'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await entryCount()).toBeGreaterThan(0);
  });

  it('exports the trail itself as a report', async () => {
    const answer = await auditIndex(admin, {
      filters: { action: 'export' },
      is_report: true,
      report_type: 'pdf',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('pdf');
  });
});

describe('the trail as a report', () => {
  it("writes each entry as its screen does, in the report's language: labels, status names, amounts, names", async () => {
    // Writes of their own, by an administrator nothing else uses: the report filters on them.
    const reporter = await createUser(t.db, { username: 'audit-reporter', roleIds: [ROLE.administrator] });
    const cookie = await t.signIn('audit-reporter');
    const creditee = await createUser(t.db, { username: 'audit-creditee', roleIds: [ROLE.member] });
    const as = (method: 'POST' | 'PUT', url: string, payload: object) => write(method, url, payload, cookie);

    const country = await as('POST', '/api/os_countries/store', { name: 'Izvještajna', code: 'IZV' });
    expect(country.statusCode, country.body).toBe(201);
    const countryId = json<{ id: number }>(country).id;
    const renamed = await as('PUT', `/api/os_countries/update/${countryId}`, {
      name: 'Izvještajna Nova',
      code: 'IZN',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Two decisions to two statuses: a name found by the wrong id would show.
    const waiting = await t.db
      .select({ id: ads.id })
      .from(ads)
      .where(and(eq(ads.ad_status_id, AD_STATUS.awaitingApproval), eq(ads.is_active, true)))
      .orderBy(desc(ads.id))
      .limit(2);
    const [rejectedAd, approvedAd] = waiting.map((ad) => ad.id);
    if (rejectedAd === undefined || approvedAd === undefined)
      throw new Error('two demo ads awaiting approval');
    const rejected = await as('PUT', `/api/jobs/changeStatus/${rejectedAd}`, {
      ad_status_id: AD_STATUS.rejected,
      status_comment: 'Nejasna cijena',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const approved = await as('PUT', `/api/jobs/changeStatus/${approvedAd}`, {
      ad_status_id: AD_STATUS.approved,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [price] = await t.db
      .select({ id: creditPrices.id })
      .from(creditPrices)
      .where(eq(creditPrices.is_active, true))
      .limit(1);
    const credited = await as('POST', '/api/lead_transactions/store', {
      credit_amount: 1234.5,
      credit_price_id: price?.id,
      credit_for_user_id: creditee.id,
    });
    expect(credited.statusCode, credited.body).toBe(201);

    const exported = async (lang: 'me' | 'en') => {
      const answer = await t.request({
        method: 'POST',
        url: '/api/audit/index',
        cookie: admin,
        headers: { 'accept-language': lang },
        payload: {
          filters: {
            actor_id: reporter.id,
            action: { operator: 'in', value: ['update', 'status', 'credits'] },
          },
          options: { page: 1, itemsPerPage: 50, sortBy: ['created_at'], sortDesc: [true] },
          is_report: true,
          report_type: 'xlsx',
        },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const [header, ...rows] = await readXlsx(answer.rawPayload, 7);
      expect(rows.every((row) => row[0] instanceof Date)).toBe(true);
      // The rest of each row as it reads; a credit movement's line of the balance only.
      return {
        header,
        rows: rows.map(([, ...cells]) =>
          cells[2] === (lang === 'me' ? 'Krediti' : 'Credits')
            ? [...cells.slice(0, 5), String(cells[5]).split('\n')[0]]
            : cells,
        ),
      };
    };
    const actor = `Ime audit-reporter Prezime (#${reporter.id})`;
    const ip = '127.0.0.1';
    expect(await exported('me')).toEqual({
      header: ['Kreirano', 'Ko', 'Adresa', 'Radnja', 'Vrsta zapisa', 'ID zapisa', 'Izmjene'],
      rows: [
        [actor, ip, 'Krediti', 'Korisnici', creditee.id, 'Krediti: 0 → 1.234,5'],
        [actor, ip, 'Promjena statusa', 'Oglasi', approvedAd, 'Status: Čeka odobrenje → Odobren'],
        [
          actor,
          ip,
          'Promjena statusa',
          'Oglasi',
          rejectedAd,
          'Status: Čeka odobrenje → Odbijen\nRazlog statusa: — → Nejasna cijena',
        ],
        [actor, ip, 'Izmjena', 'Države', countryId, 'Oznaka: IZV → IZN\nIme: Izvještajna → Izvještajna Nova'],
      ],
    });
    expect(await exported('en')).toEqual({
      header: ['Created', 'Who', 'Address', 'Action', 'Record type', 'Record ID', 'Changes'],
      rows: [
        [actor, ip, 'Credits', 'Users', creditee.id, 'Credits: 0 → 1,234.5'],
        [actor, ip, 'Status change', 'Ads', approvedAd, 'Status: Awaiting approval → Approved'],
        [
          actor,
          ip,
          'Status change',
          'Ads',
          rejectedAd,
          'Status: Awaiting approval → Rejected\nStatus reason: — → Nejasna cijena',
        ],
        [
          actor,
          ip,
          'Updated',
          'Countries',
          countryId,
          'Code: IZV → IZN\nName: Izvještajna → Izvještajna Nova',
        ],
      ],
    });
  });
});

/**
 * How each write route's audit entry is written (issue 19: "written once by the write path and the
 * few writes beside it"): the source file under src/ that appends it and, where one does, the test
 * that sees it; or why the route leaves none. The generic store, update, destroy and destroy_bulk
 * of every resource in CRUDS go through crud-queries.ts writeRow and are not listed one by one.
 */
type HowAudited =
  | { writtenIn: string; seenBy?: readonly [testFile: string, title: string] }
  | { none: string };

const TRAIL = 'audit-trail.test.ts';
const CRUD_AUDIT: HowAudited = {
  writtenIn: 'crud/crud-queries.ts',
  seenBy: [TRAIL, 'records an update of two fields as exactly those two, before and after'],
};
const SIGN_IN: HowAudited = {
  writtenIn: 'auth/session-repository.ts',
  seenBy: [TRAIL, 'records a sign-in, and a failed one of an unknown name with the name typed and no actor'],
};
const OWN_SESSION = {
  none: "rotates or ends the caller's own session; the sign-in that opened it is recorded",
};

const WRITE_ROUTE_AUDIT: Record<string, HowAudited> = {
  'POST /api/loginWeb': SIGN_IN,
  'POST /api/login': SIGN_IN,
  'POST /api/refresh-token': OWN_SESSION,
  'GET /api/refresh-token-web': OWN_SESSION,
  'POST /api/logout': OWN_SESSION,
  'GET /api/logout': OWN_SESSION,
  'POST /api/register': {
    writtenIn: 'modules/account/routes.ts',
    seenBy: [TRAIL, "records a member's own sign-up and password change, the password only as changed"],
  },
  'POST /api/verify-account': { writtenIn: 'modules/account/routes.ts' },
  'POST /api/forgot-password': {
    none: 'mails a one-time link; the password set with it is recorded by set-new-password',
  },
  'POST /api/check-uuid': { none: 'reads a reset token (a POST keeps the token out of addresses)' },
  'POST /api/set-new-password': { writtenIn: 'modules/account/routes.ts' },
  'POST /api/delete-account': {
    none: 'mails a one-time link; the closing it confirms is recorded by delete-account/confirm',
  },
  'POST /api/delete-account/confirm': { writtenIn: 'modules/account/routes.ts' },
  'POST /api/users/unlock/:id': {
    writtenIn: 'modules/users/routes.ts',
    seenBy: [TRAIL, 'records a lifted sign-in lock'],
  },
  'POST /api/lead_transactions/store': {
    writtenIn: 'ledger/ledger.ts',
    seenBy: [TRAIL, 'records a credit movement with the balance before and after'],
  },
  'PUT /api/jobs/changeStatus/:id': {
    writtenIn: 'modules/ads/ad-status-change.ts',
    seenBy: [TRAIL, "records an ad's status change with the status before and after"],
  },
  'PUT /api/jobs/changeStatus': { writtenIn: 'modules/ads/ad-status-change.ts' },
  'POST /api/jobs/claim/:id': {
    none: "a moderator's five-minute claim on an ad: a lock, not a change of it",
  },
  'DELETE /api/jobs/claim/:id': { none: 'releases a claim: a lock, not a change of the ad' },
  'POST /api/me/ads/store': { writtenIn: 'crud/crud-queries.ts' },
  'POST /api/me/ads/update/:id': {
    writtenIn: 'crud/crud-queries.ts',
    seenBy: [
      'ad-revisions.test.ts',
      "shows exactly the poster's changes of an approved ad, which goes back to review marked edited",
    ],
  },
  'DELETE /api/me/ads/destroy/:id': { writtenIn: 'crud/crud-queries.ts' },
  'POST /api/me/update': { writtenIn: 'crud/crud-queries.ts' },
  'POST /api/me/change-password': {
    writtenIn: 'modules/me/profile-routes.ts',
    seenBy: [TRAIL, "records a member's own sign-up and password change, the password only as changed"],
  },
  'POST /api/me/delete': { writtenIn: 'modules/me/profile-routes.ts' },
  'PUT /api/me/notifications/read': { writtenIn: 'modules/me/inbox-routes.ts' },
  'POST /api/leads/contact': { writtenIn: 'modules/leads/member-lead-routes.ts' },
  'PUT /api/leads/answer/:id': { writtenIn: 'modules/leads/member-lead-routes.ts' },
  'POST /api/refund_requests/store': { writtenIn: 'modules/refund-requests/routes.ts' },
  'PUT /api/refund_requests/decide/:id': { writtenIn: 'modules/refund-requests/routes.ts' },
  'POST /api/ad_reports/store': {
    writtenIn: 'modules/ad-reports/routes.ts',
    seenBy: [TRAIL, "records a member's write beside the generic one (an ad reported from the app)"],
  },
  'PUT /api/ad_reports/resolve/:ad_id': { writtenIn: 'modules/ad-reports/routes.ts' },
  'POST /api/notifications/store': {
    writtenIn: 'modules/notifications/routes.ts',
    seenBy: [
      TRAIL,
      'records a notification sent by staff with its subject, text and targets, each by id and name',
    ],
  },
  'PUT /api/preferences': { writtenIn: 'modules/saved-views/preference-routes.ts' },
  'PUT /api/saved_views/default/:id': { writtenIn: 'modules/saved-views/preference-routes.ts' },
  'GET /api/services/set-unset-favorite-service/:id': { writtenIn: 'modules/services/routes.ts' },
  'POST /api/all_tables/pgsql': {
    none: 'a read (the tables a seed file can be made of); the download is recorded as seed_download',
  },
};

describe('every write route is audited', () => {
  const crudResources = new Set(CRUDS.map((crud) => crud.list.resource));
  const isCrudRoute = (url: string) => {
    const match = /^\/api\/(\w+)\/(store|update\/:id|destroy\/:id|destroy_bulk)$/.exec(url);
    return match?.[1] !== undefined && crudResources.has(match[1]);
  };

  it('names how each route that changes data records it, and a new one fails until it is added', () => {
    const writes = t.app.routeRecords
      .filter(
        (route) =>
          route.url.startsWith('/api/') &&
          route.method !== 'HEAD' &&
          (route.isIdempotent ||
            route.isStateChanging ||
            (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && !route.isListRead)),
      )
      .map((route) => ({ key: `${route.method} ${route.url}`, url: route.url }));
    const unlisted = writes.filter(({ key, url }) => !isCrudRoute(url) && !(key in WRITE_ROUTE_AUDIT));
    expect(
      unlisted.map(({ key }) => key),
      'add these to WRITE_ROUTE_AUDIT',
    ).toEqual([]);
    const keys = new Set(writes.map(({ key }) => key));
    expect(
      Object.keys(WRITE_ROUTE_AUDIT).filter((key) => !keys.has(key)),
      'no such route',
    ).toEqual([]);
    // Every resource's generic writes are among them (the table does not list them).
    expect(writes.filter(({ url }) => isCrudRoute(url)).length).toBeGreaterThanOrEqual(
      crudResources.size * 3,
    );
  });

  it('names files that append entries, and tests that exist', () => {
    const read = (file: string) => fs.readFileSync(path.resolve(import.meta.dirname, file), 'utf8');
    for (const [route, how] of [...Object.entries(WRITE_ROUTE_AUDIT), ['crud', CRUD_AUDIT] as const]) {
      if ('none' in how) continue;
      expect(read(`../src/${how.writtenIn}`), route).toMatch(/appendAudit\(/);
      if (how.seenBy) expect(read(how.seenBy[0]), route).toContain(how.seenBy[1]);
    }
  });
});

describe('the record types of the trail', () => {
  it('names every list (an export is recorded under it) and every resource the write path records', () => {
    const written = [
      ...LISTS.map((list) => list.resource),
      ...CRUDS.map((crud) => crud.auditRecordType ?? crud.list.resource),
    ];
    expect(written.filter((type) => !isAuditRecordType(type))).toEqual([]);
  });

  it("opens the timelines of saved views and of a member's list settings (refused before)", async () => {
    expect((await timeline(admin, 'saved_views', 9_999)).statusCode).toBe(200);
    expect((await timeline(admin, 'user_preferences', adminId)).statusCode).toBe(200);
    expect((await timeline(moderator, 'saved_views', 9_999)).statusCode).toBe(403);
  });
});
