import type { AuditRow, AuditTimeline } from '@usluge/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { createDemoTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * The audit trail (issue 19 item 1): every kind of write appends an entry with its before/after in
 * the write's transaction; the table refuses changes; administrators read it as a list, staff a
 * record's timeline (ads and reports only, unless administrators).
 */
let t: TestApp;
let admin = '';
let moderator = '';
let moderatorUser: TestUser;
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
export const nextKey = () => `audit-${++keyCount}`;

beforeAll(async () => {
  ({ t, adminCookie: admin } = await createDemoTestApp());
  // Ids apart from the roles' (1, 2, 3).
  await createUser(t.db, { username: 'audit-filler-1', roleIds: [] });
  moderatorUser = await createUser(t.db, { username: 'audit-moderator', roleIds: [ROLE.moderator] });
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
