import { AD_STATUS, BULK_CHUNK_SIZE, type BulkResult } from '@usluge/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, auditLog, cities, countries, users } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../src/db/seed/seed-demo.ts';
import { createDemoTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin = '';
let moderator = '';
let countryIds: number[] = [];

const call = (
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  { cookie = admin, key }: { cookie?: string; key?: string } = {},
) =>
  t.request({
    method,
    url,
    payload: payload as Record<string, unknown>,
    cookie,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

/** Inserts `count` cities named `<prefix> <n>`, spread over the seeded countries; answers their ids. */
async function makeCities(prefix: string, count: number): Promise<number[]> {
  const rows = await t.db
    .insert(cities)
    .values(
      Array.from({ length: count }, (_, n) => ({
        name: `${prefix} ${n}`,
        post_code: String(81_000 + n),
        os_country_id: countryIds[n % countryIds.length] ?? 0,
      })),
    )
    .returning({ id: cities.id });
  return rows.map((row) => row.id);
}

const activeOf = async (ids: number[]) =>
  new Map(
    (
      await t.db
        .select({ id: cities.id, isActive: cities.is_active })
        .from(cities)
        .where(inArray(cities.id, ids))
    ).map((row) => [row.id, row.isActive]),
  );

const toggleAudits = async (ids: number[]) =>
  (
    await t.db
      .select({ id: auditLog.record_id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.record_type, 'os_cities'),
          eq(auditLog.action, 'toggle'),
          inArray(auditLog.record_id, ids),
        ),
      )
  ).map((row) => row.id ?? 0);

/** Runs a filter-mode bulk to its end, chunk after chunk, as the web app does. */
async function runAllChunks(url: string, method: 'POST' | 'PUT', body: Record<string, unknown>) {
  const answers: BulkResult[] = [];
  let afterId: number | null = 0;
  while (afterId !== null) {
    const response = await call(method, url, { ...body, after_id: afterId });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as BulkResult;
    answers.push(answer);
    afterId = answer.next_after_id;
  }
  return answers;
}

beforeAll(async () => {
  const demo = await createDemoTestApp();
  t = demo.t;
  admin = demo.adminCookie;
  moderator = await t.signIn('moderator', DEMO_PASSWORD);
  countryIds = (await t.db.select({ id: countries.id }).from(countries)).map((row) => row.id);
});
afterAll(() => t.close());

describe('POST /api/{entity}/destroy_bulk', () => {
  it('deactivates exactly the rows the filter matches, chunk after chunk, with progress and an audit entry per row', async () => {
    const matching = await makeCities('Masovno Brisanje', BULK_CHUNK_SIZE + 37);
    const others = await makeCities('Ostaje Netaknut', 5);
    // Already inactive: reported unchanged, not toggled back on.
    const alreadyInactive = matching.filter((_, n) => n % 9 === 4);
    await t.db.update(cities).set({ is_active: false }).where(inArray(cities.id, alreadyInactive));

    const answers = await runAllChunks('/api/os_cities/destroy_bulk', 'POST', {
      is_active: false,
      filters: { name: { operator: 'contains', value: 'masovno brisanje' } },
    });

    expect(answers).toHaveLength(2);
    expect(answers.map((answer) => answer.remaining)).toEqual([37, 0]);
    const changed = answers.flatMap((answer) => answer.changed);
    const unchanged = answers.flatMap((answer) => answer.unchanged);
    expect(answers.flatMap((answer) => answer.refused)).toEqual([]);
    expect(unchanged.sort((a, b) => a - b)).toEqual(alreadyInactive);
    expect([...changed, ...unchanged].sort((a, b) => a - b)).toEqual(matching);
    const states = await activeOf([...matching, ...others]);
    expect(matching.every((id) => states.get(id) === false)).toBe(true);
    expect(others.every((id) => states.get(id) === true)).toBe(true);
    expect((await toggleAudits(changed)).sort((a, b) => a - b)).toEqual([...changed].sort((a, b) => a - b));
    expect(await toggleAudits(alreadyInactive)).toEqual([]);
  });

  it('restores with the list’s own show_only_active, and a retry with the same key applies once', async () => {
    const ids = await makeCities('Vracanje Jednom', 4);
    await t.db
      .update(cities)
      .set({ is_active: false })
      .where(inArray(cities.id, ids.slice(0, 3)));
    const body = {
      is_active: true,
      // The resource's own list, named: the same as leaving it out.
      list: 'os_cities',
      filters: { name: 'vraćanje jednom' },
      show_only_active: false,
      after_id: 0,
    };
    const first = await call('POST', '/api/os_cities/destroy_bulk', body, { key: 'bulk-restore-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      changed: ids.slice(0, 3),
      unchanged: [],
      refused: [],
      next_after_id: null,
      remaining: 0,
    });
    const retry = await call('POST', '/api/os_cities/destroy_bulk', body, { key: 'bulk-restore-1' });
    expect(retry.json()).toEqual(first.json());
    // Not toggled back by the retry: one audit entry each.
    expect([...(await activeOf(ids)).values()]).toEqual([true, true, true, true]);
    expect((await toggleAudits(ids)).sort((a, b) => a - b)).toEqual(ids.slice(0, 3));
  });

  it('takes ids too, and lists a refused row with its reason while the others change', async () => {
    const [self] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const other = await createUser(t.db, { username: 'masovno.deaktiviran', roleIds: [ROLE.member] });
    const response = await call('POST', '/api/users/destroy_bulk', {
      is_active: false,
      ids: [other.id, self?.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      changed: [other.id],
      unchanged: [],
      refused: [{ id: self?.id, message: 'Ne možete deaktivirati sopstveni nalog.' }],
      next_after_id: null,
      remaining: 0,
    });
    const [row] = await t.db.select({ isActive: users.is_active }).from(users).where(eq(users.id, other.id));
    expect(row?.isActive).toBe(false);
  });

  it('refuses bad targets with a 422 and changes nothing', async () => {
    const ids = await makeCities('Lose Granice', 2);
    const tooMany = Array.from({ length: 501 }, (_, n) => n + 1);
    for (const body of [
      { is_active: false, ids: tooMany },
      { is_active: false, ids: [] },
      { is_active: false },
      { is_active: false, ids, filters: { name: 'lose granice' } },
      { is_active: false, filters: { no_such_column: 'x' } },
      { is_active: false, filters: { name: { operator: 'gte', value: 'lose granice' } } },
      { is_active: 'no', ids },
      // Another list's filters only where it lists the same rows.
      { is_active: false, filters: { name: 'lose granice' }, list: 'jobs' },
      { is_active: false, filters: { name: 'lose granice' }, list: 'no_such_list' },
    ]) {
      const response = await call('POST', '/api/os_cities/destroy_bulk', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect([...(await activeOf(ids)).values()]).toEqual([true, true]);
  });

  it('is open to whom destroy/{id} is: a moderator may not deactivate users or cities; saved views have no bulk toggle', async () => {
    const [city] = await makeCities('Moderator Ne', 1);
    const target = await createUser(t.db, { username: 'zasticen.od.moderatora', roleIds: [ROLE.member] });
    const asModerator = { cookie: moderator };
    expect(
      (await call('POST', '/api/users/destroy_bulk', { is_active: false, ids: [target.id] }, asModerator))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/os_cities/destroy_bulk', { is_active: false, ids: [city ?? 0] }, asModerator))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/saved_views/destroy_bulk', { is_active: false, ids: [1] })).statusCode,
    ).toBe(404);
    expect([...(await activeOf([city ?? 0])).values()]).toEqual([true]);
  });

  it('does not hold the event loop: over 1 000 matching rows one request changes a chunk while a timer keeps firing', async () => {
    const matching = await makeCities('Petlja Dogadjaja', 1000);
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks += 1;
    }, 2);
    let answer: BulkResult;
    try {
      const response = await call('POST', '/api/os_cities/destroy_bulk', {
        is_active: false,
        filters: { name: 'petlja dogadjaja' },
      });
      answer = response.json() as BulkResult;
    } finally {
      clearInterval(timer);
    }
    expect(answer.changed).toEqual(matching.slice(0, BULK_CHUNK_SIZE));
    expect(answer.next_after_id).toBe(matching[BULK_CHUNK_SIZE - 1]);
    expect(answer.remaining).toBe(1000 - BULK_CHUNK_SIZE);
    // The timer ran between the rows, never kept waiting long.
    expect(ticks).toBeGreaterThan(BULK_CHUNK_SIZE / 4);
    expect(longestGap).toBeLessThan(1000);
    const states = await activeOf(matching);
    expect(matching.filter((id) => states.get(id) === false)).toEqual(answer.changed);
  });
});

describe('PUT /api/jobs/changeStatus with filters', () => {
  it('decides every ad the ads list’s filters match, reports an ad already in the status as unchanged', async () => {
    const waiting = (
      await t.db
        .select({ id: ads.id })
        .from(ads)
        .where(and(eq(ads.ad_status_id, AD_STATUS.awaitingApproval), eq(ads.is_active, true)))
    ).map((row) => row.id);
    const [approved] = await t.db
      .select({ id: ads.id })
      .from(ads)
      .where(eq(ads.ad_status_id, AD_STATUS.approved));
    expect(waiting.length).toBeGreaterThan(1);
    const notWaiting = await t.db
      .select({ id: ads.id, status: ads.ad_status_id })
      .from(ads)
      .where(sql`${ads.ad_status_id} <> ${AD_STATUS.awaitingApproval}`);

    const answers = await runAllChunks('/api/jobs/changeStatus', 'PUT', {
      ad_status_id: AD_STATUS.approved,
      filters: { status: AD_STATUS.awaitingApproval },
      show_only_active: true,
    });
    const changed = answers.flatMap((answer) => answer.changed);
    expect(changed.sort((a, b) => a - b)).toEqual([...waiting].sort((a, b) => a - b));
    const now = await t.db
      .select({ id: ads.id, status: ads.ad_status_id })
      .from(ads)
      .where(inArray(ads.id, [...waiting, ...notWaiting.map((row) => row.id)]));
    const statusOf = new Map(now.map((row) => [row.id, row.status]));
    expect(waiting.every((id) => statusOf.get(id) === AD_STATUS.approved)).toBe(true);
    expect(notWaiting.every((row) => statusOf.get(row.id) === row.status)).toBe(true);

    const again = await call(
      'PUT',
      '/api/jobs/changeStatus',
      { ad_status_id: AD_STATUS.approved, ids: [approved?.id ?? 0] },
      { cookie: moderator },
    );
    expect(again.json()).toMatchObject({ changed: [], unchanged: [approved?.id], refused: [] });
  });

  it("takes the review queue's filters as the queue's rows: an ad awaiting approval but taken down is not among them", async () => {
    const rows = await t.db
      .select({ id: ads.id })
      .from(ads)
      .where(sql`${ads.ad_status_id} <> ${AD_STATUS.awaitingApproval}`)
      .orderBy(ads.id)
      .limit(3);
    const [queued, alsoQueued, takenDown] = rows.map((row) => row.id);
    await t.db
      .update(ads)
      .set({ ad_status_id: AD_STATUS.awaitingApproval, is_active: true })
      .where(inArray(ads.id, [queued ?? 0, alsoQueued ?? 0]));
    await t.db
      .update(ads)
      .set({ ad_status_id: AD_STATUS.awaitingApproval, is_active: false })
      .where(eq(ads.id, takenDown ?? 0));
    const answers = await runAllChunks('/api/jobs/changeStatus', 'PUT', {
      ad_status_id: AD_STATUS.approved,
      filters: {},
      list: 'jobs_queue',
    });
    expect(answers.flatMap((answer) => answer.changed).sort((a, b) => a - b)).toEqual([queued, alsoQueued]);
    const [left] = await t.db
      .select({ status: ads.ad_status_id })
      .from(ads)
      .where(eq(ads.id, takenDown ?? 0));
    expect(left?.status).toBe(AD_STATUS.awaitingApproval);
  });

  it('refuses an unknown filter of the ads list, or a list that is not an ads list, with a 422', async () => {
    for (const body of [
      { ad_status_id: AD_STATUS.approved, filters: { password_hash: 'x' } },
      { ad_status_id: AD_STATUS.approved, filters: {}, list: 'os_cities' },
    ]) {
      const response = await call('PUT', '/api/jobs/changeStatus', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});
