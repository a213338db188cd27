import type { PreferencesAnswer, SavedViewRow, SavedViewState } from '@usluge/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { seed } from '../src/db/seed/seed.ts';
import { type Caller, listenForMembers, type MemberApi } from './helpers/member-api.ts';
import { createTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Saved views and column choices (issue 18 item 3): a staff member's views of a list, own or
 * shared with all staff, one default per list; their columns per list kept on the server.
 */
let t: TestApp;
let api: MemberApi;
let administrator: Caller;
let moderator: Caller;
let otherModerator: Caller;
let member: Caller;
let adminUser: TestUser;
let moderatorUser: TestUser;

type Row = SavedViewRow & { id: number; updated_at: string };

const waiting: SavedViewState = {
  filters: { status: '1', created_at: '~20.11.2026' },
  sortBy: ['created_at'],
  sortDesc: [false],
  itemsPerPage: 20,
  show_only_active: null,
  columns: ['title', 'status', 'created_at'],
};

async function store(caller: Caller, body: Record<string, unknown>): Promise<Row> {
  const answer = await api.call<Row>('POST', '/api/saved_views/store', caller, {
    list: 'ads',
    state: waiting,
    ...body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function viewsOf(caller: Caller, list: string): Promise<Row[]> {
  const answer = await api.call<{ result: Row[] }>('POST', '/api/saved_views/index', caller, {
    filters: { list },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
}

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.db, { isDemoSeeded: false, adminPassword: 'Pogledi-admin-2026' });
  api = await listenForMembers(t.app);
  // Fillers first, so that no person's id matches a view's by chance.
  for (const filler of ['pogled.popuna1', 'pogled.popuna2', 'pogled.popuna3', 'pogled.popuna4']) {
    await createUser(t.db, { username: filler, roleIds: [] });
  }
  adminUser = await createUser(t.db, { username: 'pogled.admin', roleIds: [ROLE.administrator] });
  moderatorUser = await createUser(t.db, { username: 'pogled.moderator', roleIds: [ROLE.moderator] });
  await createUser(t.db, { username: 'pogled.moderator2', roleIds: [ROLE.moderator] });
  await createUser(t.db, { username: 'pogled.clan', roleIds: [ROLE.member] });
  administrator = await api.staffCookie('pogled.admin');
  moderator = await api.staffCookie('pogled.moderator');
  otherModerator = await api.staffCookie('pogled.moderator2');
  member = await api.memberToken('pogled.clan');
});
afterAll(() => t.close());

describe('saved views', () => {
  it('a shared view is listed to every staff member, a private one to its owner only', async () => {
    const shared = await store(administrator, { name: 'Čeka više od 3 dana', is_shared: true });
    const own = await store(administrator, { name: 'Moji oglasi' });
    expect(shared).toMatchObject({ list: 'ads', state: waiting, is_shared: true, user_id: adminUser.id });
    expect(shared.owner_name).toBe('Ime pogled.admin Prezime');

    expect((await viewsOf(administrator, 'ads')).map((view) => view.id)).toEqual([shared.id, own.id]);
    const seenByModerator = await viewsOf(moderator, 'ads');
    expect(seenByModerator.map((view) => view.name)).toEqual(['Čeka više od 3 dana']);
    expect(seenByModerator[0]?.state).toEqual(waiting);
    // Another list's views are not this list's.
    expect(await viewsOf(administrator, 'users')).toEqual([]);
  });

  it("only the owner updates or deletes a view: another's, shared or not, is a 404", async () => {
    const view = await store(moderator, { name: 'Za izmjenu', is_shared: true });
    const foreignUpdate = await api.call('PUT', `/api/saved_views/update/${view.id}`, otherModerator, {
      name: 'Tuđe',
      state: waiting,
      is_shared: true,
      is_default: false,
    });
    expect(foreignUpdate.status).toBe(404);
    expect((await api.call('DELETE', `/api/saved_views/destroy/${view.id}`, administrator)).status).toBe(404);

    const renamed = await api.call<Row>('PUT', `/api/saved_views/update/${view.id}`, moderator, {
      name: 'Preimenovan',
      state: { ...waiting, itemsPerPage: 50 },
      is_shared: false,
      is_default: false,
      updated_at: view.updated_at,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Preimenovan', list: 'ads', is_shared: false });
    // A stale version is refused.
    const stale = await api.call('PUT', `/api/saved_views/update/${view.id}`, moderator, {
      name: 'Opet',
      state: waiting,
      updated_at: view.updated_at,
    });
    expect(stale.status).toBe(409);

    const deleted = await api.call<Row>('DELETE', `/api/saved_views/destroy/${view.id}`, moderator);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ id: view.id, name: 'Preimenovan' });
    expect((await viewsOf(moderator, 'ads')).some((row) => row.id === view.id)).toBe(false);
    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.record_type, 'saved_views'), eq(auditLog.record_id, view.id)));
    expect(audited.map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('setting a default clears the owner’s previous default of that list, and no one else’s', async () => {
    const first = await store(otherModerator, { list: 'users', name: 'Prvi', is_default: true });
    const othersDefault = await store(moderator, { list: 'users', name: 'Prvi', is_default: true });
    const second = await store(otherModerator, { list: 'users', name: 'Drugi', is_default: true });
    const defaults = (await viewsOf(otherModerator, 'users')).map((view) => [view.id, view.is_default]);
    expect(defaults).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    const backToFirst = await api.call<Row>('PUT', `/api/saved_views/update/${first.id}`, otherModerator, {
      name: 'Prvi',
      state: waiting,
      is_default: true,
    });
    expect(backToFirst.status).toBe(200);
    expect((await viewsOf(otherModerator, 'users')).map((view) => view.is_default)).toEqual([true, false]);
    expect((await viewsOf(moderator, 'users')).find((view) => view.id === othersDefault.id)?.is_default).toBe(
      true,
    );
  });

  it("a staff member makes another's shared view their own default; unsharing it clears that choice", async () => {
    const shared = await store(administrator, { list: 'refunds', name: 'Zajednički', is_shared: true });
    const privateOne = await store(administrator, { list: 'refunds', name: 'Samo moj' });
    const own = await store(moderator, { list: 'refunds', name: 'Moj', is_default: true });
    const setDefault = (caller: Caller, id: number, isDefault: boolean, key?: string) =>
      api.call<Row>('PUT', `/api/saved_views/default/${id}`, caller, { is_default: isDefault }, key);

    // The shared view replaces the moderator's own default; the owner's choice is not touched.
    const chosen = await setDefault(moderator, shared.id, true, 'pogled-default-1');
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body).toMatchObject({ id: shared.id, is_default: true, user_id: adminUser.id });
    // A retry of the same request applies once: one audit entry.
    expect((await setDefault(moderator, shared.id, true, 'pogled-default-1')).status).toBe(200);
    const defaultsOf = async (caller: Caller) =>
      (await viewsOf(caller, 'refunds')).filter((view) => view.is_default).map((view) => view.id);
    expect(await defaultsOf(moderator)).toEqual([shared.id]);
    expect(await defaultsOf(administrator)).toEqual([]);
    const audited = await t.db
      .select({ actor: auditLog.actor_id, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.record_type, 'saved_views'), eq(auditLog.record_id, shared.id)));
    expect(audited.filter((entry) => entry.actor === moderatorUser.id)).toEqual([
      { actor: moderatorUser.id, changes: { is_default: { before: false, after: true } } },
    ]);

    // Another's private view cannot be chosen (as if it did not exist); a member has no views.
    expect((await setDefault(moderator, privateOne.id, true)).status).toBe(404);
    expect((await setDefault(member, shared.id, true)).status).toBe(403);
    expect(
      (await api.call('PUT', `/api/saved_views/default/${shared.id}`, moderator, { is_default: 'da' }))
        .status,
    ).toBe(422);

    // The owner stops sharing it: it is no longer the moderator's default (nor listed to them).
    const unshared = await api.call<Row>('PUT', `/api/saved_views/update/${shared.id}`, administrator, {
      name: 'Zajednički',
      state: waiting,
      is_shared: false,
      updated_at: shared.updated_at,
    });
    expect(unshared.status, JSON.stringify(unshared.body)).toBe(200);
    expect(await defaultsOf(moderator)).toEqual([]);

    // Own views through the same route: chosen, then cleared.
    expect((await setDefault(moderator, own.id, true)).body.is_default).toBe(true);
    expect((await setDefault(moderator, own.id, false)).body.is_default).toBe(false);
    expect(await defaultsOf(moderator)).toEqual([]);
  });

  it('the same name twice on one list is a 422 on the name, in the request’s language', async () => {
    await store(administrator, { list: 'cities', name: 'Dupli' });
    const again = await api.call('POST', '/api/saved_views/store', administrator, {
      list: 'cities',
      name: 'Dupli',
      state: waiting,
    });
    expect(again.status).toBe(422);
    expect(again.body.errors?.name).toEqual(['Već imate pogled sa ovim imenom na ovoj listi.']);
    // Another member may use the name, and so may the same member on another list.
    await store(moderator, { list: 'cities', name: 'Dupli' });
    await store(administrator, { list: 'countries', name: 'Dupli' });
  });

  it('refuses an unknown list, a long name, too many columns and oversized filters', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const answer = await api.call('POST', '/api/saved_views/store', administrator, {
        list: 'ads',
        name: 'Granice',
        state: waiting,
        ...body,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      return answer.body.errors ?? {};
    };
    expect(Object.keys(await refused({ list: 'dashboard' }))).toEqual(['list']);
    expect(await refused({ name: 'x'.repeat(81) })).toEqual({ name: ['Maks 80 karaktera.'] });
    expect(Object.keys(await refused({ name: '  ' }))).toEqual(['name']);
    const columns = Array.from({ length: 51 }, (_, i) => `c${i}`);
    expect(Object.keys(await refused({ state: { ...waiting, columns } }))).toEqual(['state.columns']);
    expect(Object.keys(await refused({ state: { ...waiting, columns: ['a b'] } }))).toEqual([
      'state.columns.0',
    ]);
    const filters = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`f${i}`, 'x']));
    expect(Object.keys(await refused({ state: { ...waiting, filters } }))).toEqual(['state.filters']);
    expect(Object.keys(await refused({ state: { ...waiting, filters: { name: 'x'.repeat(501) } } }))).toEqual(
      ['state.filters.name'],
    );
    expect(Object.keys(await refused({ state: { ...waiting, sortBy: ['a', 'b', 'c', 'd'] } }))).toEqual([
      'state.sortBy',
    ]);
  });

  it('is for staff: a member is refused', async () => {
    expect(
      (await api.call('POST', '/api/saved_views/index', member, { filters: { list: 'ads' } })).status,
    ).toBe(403);
    expect(
      (await api.call('POST', '/api/saved_views/store', member, { list: 'ads', name: 'x', state: waiting }))
        .status,
    ).toBe(403);
  });
});

describe('column preferences', () => {
  it('are kept per staff member and merged: lists not named stay as they were', async () => {
    expect((await api.call<PreferencesAnswer>('GET', '/api/preferences', moderator)).body).toEqual({
      lists: {},
    });
    const first = await api.call<PreferencesAnswer>('PUT', '/api/preferences', moderator, {
      lists: { users: { columns: ['full_name', 'credit_balance', 'roles'] }, ads: { columns: ['title'] } },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await api.call<PreferencesAnswer>('PUT', '/api/preferences', moderator, {
      lists: { ads: { columns: ['status', 'title'] } },
    });
    expect(second.body.lists).toEqual({
      users: { columns: ['full_name', 'credit_balance', 'roles'] },
      ads: { columns: ['status', 'title'] },
    });
    expect((await api.call<PreferencesAnswer>('GET', '/api/preferences', moderator)).body).toEqual(
      second.body,
    );
    // Another member's choices are their own.
    expect((await api.call<PreferencesAnswer>('GET', '/api/preferences', administrator)).body).toEqual({
      lists: {},
    });
    expect(moderatorUser.id).not.toBe(adminUser.id);
  });

  it('are bounded: unknown lists, repeated or malformed keys and too many columns are refused', async () => {
    const refused = async (lists: unknown) => {
      const answer = await api.call('PUT', '/api/preferences', administrator, { lists });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    };
    await refused({ dashboard: { columns: ['a'] } });
    await refused({ users: { columns: ['name', 'name'] } });
    await refused({ users: { columns: ['x'.repeat(61)] } });
    await refused({ users: { columns: Array.from({ length: 51 }, (_, i) => `c${i}`) } });
    await refused({ users: { columns: ['name'], extra: true } });
    expect((await api.call('GET', '/api/preferences', member)).status).toBe(403);
  });
});
