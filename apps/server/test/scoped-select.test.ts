import type { ParsedListRequest } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDefinition } from '../src/list-engine/list-definition.ts';
import { buildOrderBy, buildWhere } from '../src/list-engine/list-query.ts';
import { adList } from '../src/modules/ads/ad-list.ts';
import { adSearchList } from '../src/modules/ads/ad-search-list.ts';
import { userList } from '../src/modules/users/user-list.ts';
import { createDemoTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  ({ t, adminCookie } = await createDemoTestApp());
});
afterAll(() => t.close());

const request = (filters: ParsedListRequest['filters'], sortBy: string[] = [], sortDesc: boolean[] = []) =>
  ({ filters, options: { page: 1, itemsPerPage: 7, sortBy, sortDesc } }) as ParsedListRequest;

/** A page's scope as the list engine gives it to loadRows: the page's ids, in list order. */
function pageScope(definition: ListDefinition<{ id: number }>, body: ParsedListRequest, offset: number) {
  const where = buildWhere(definition, body, 'index', { userId: 1 });
  const orderBy = buildOrderBy(definition, body);
  return {
    where: sql`${definition.id} in (select ${definition.id} from ${definition.from} where ${where} order by ${orderBy} limit ${7} offset ${offset})`,
    orderBy,
  };
}

const cases: [string, ListDefinition<{ id: number }>, ParsedListRequest][] = [
  ['users, newest', userList, request({})],
  ['users, a name fragment, by e-mail', userList, request({ full_name: 'a' }, ['email'], [false])],
  ['users, credit between, by credit', userList, request({ credit: [0, 1_000_000] }, ['credit'], [true])],
  ['staff ads, newest', adList, request({})],
  [
    'staff ads, a title fragment and a status, by title',
    adList,
    request({ title: 'a', status: [1, 2, 3] }, ['title'], [false]),
  ],
  ['search, newest', adSearchList, request({})],
  ['search, offers by price', adSearchList, request({ is_offer: true }, ['price_from'], [false])],
];

describe('list pages read through the select built once per list', () => {
  it.each(cases)(
    '%s: the same rows, in the same order, as the select built whole',
    async (_name, definition, body) => {
      for (const offset of [0, 7, 14]) {
        const scope = pageScope(definition, body, offset);
        // Twice: the first builds the template, the second reads through it.
        const first = await definition.loadRows(t.db, scope);
        const second = await definition.loadRows(t.db, scope);
        // A scope that picks fields (every one here) builds the select whole.
        const whole = await definition.loadRows(t.db, {
          ...scope,
          fields: new Set(Object.keys(first[0] ?? {})),
        });
        expect(second).toEqual(first);
        expect(first).toEqual(whole);
      }
    },
  );

  it('the lists answer pages over HTTP with their rows', async () => {
    const users = await t.request({
      method: 'POST',
      url: '/api/users/index',
      payload: { options: { itemsPerPage: 5 } },
      cookie: adminCookie,
    });
    expect(users.statusCode).toBe(200);
    expect(users.json().result).toHaveLength(5);
    const ads = await t.request({
      method: 'POST',
      url: '/api/jobs/index',
      payload: { options: { itemsPerPage: 5, sortBy: ['title'], sortDesc: [false] } },
      cookie: adminCookie,
    });
    expect(ads.statusCode).toBe(200);
    expect(ads.json().result).toHaveLength(5);
  });
});
