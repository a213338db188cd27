/**
 * The list queries of the lists bench (list-api.ts): what a back-office screen asks of
 * `POST /api/users/index` over the 100 000 users of users-data.ts and of `POST /api/jobs/index`
 * over the 1 000 000 ads of ads-data.ts, and what the mobile app asks of `POST /api/ads/search`
 * over the same ads (the fractions below are of those data sets).
 */
import { AD_STATUS, type GlobalSearchRequest, type ListRequest, ROLE } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { selectRows } from '../apps/server/src/db/select-rows.ts';
import { ADS } from './ads-data.ts';
import { USERS } from './users-data.ts';

export type ListName = 'users' | 'ads' | 'search' | 'global';

/** A list's request, or (the shell's global search) `{q}`. */
export type ListQuery = { name: string; body: ListRequest | GlobalSearchRequest };

export type ListBench = {
  path: string;
  rows: number;
  queries: ListQuery[];
  /** Queries that name reference rows by id, looked up in the bench database. */
  queriesOf?: (db: Database) => Promise<ListQuery[]>;
};

/** The reference rows the search's queries filter by (seeded by name, so their ids vary). */
async function searchIds(db: Database) {
  const [ids] = await selectRows<{ mowing: number; garden: number; montenegro: number; podgorica: number }>(
    db,
    sql`select (select id from services where name = 'Košenje trave') as mowing,
               (select id from services where name = 'Baštenski radovi') as garden,
               (select id from os_countries where code = 'ME') as montenegro,
               (select k.id from os_cities k join os_countries c on c.id = k.os_country_id
                 where c.code = 'ME' and k.name = 'Podgorica') as podgorica`,
  );
  if (!ids) throw new Error('reference rows missing');
  return ids;
}

const page = (number: number, itemsPerPage: number, sortBy: string, isDescending: boolean) => ({
  options: { page: number, itemsPerPage, sortBy: [sortBy], sortDesc: [isDescending] },
});

export const LIST_BENCHES: Record<ListName, ListBench> = {
  users: {
    path: '/api/users/index',
    rows: USERS,
    queries: [
      { name: 'page 1 (updated_at desc)', body: {} },
      { name: 'page 5 000 of 20 (the last)', body: page(5000, 20, 'updated_at', true) },
      { name: 'sort full_name asc', body: page(1, 10, 'full_name', false) },
      { name: 'sort name desc', body: page(1, 10, 'name', true) },
      { name: 'sort email asc', body: page(1, 10, 'email', false) },
      { name: "full_name contains 'Đorđe 1' (~1 %)", body: { filters: { full_name: 'Đorđe 1' } } },
      // Typed without diacritics: found on the folded trigram indexes all the same.
      { name: "full_name contains 'djorde 1' (none: đ is d)", body: { filters: { full_name: 'djorde 1' } } },
      { name: "last_name contains 'scekic' (12.5 %)", body: { filters: { last_name: 'scekic' } } },
      { name: "email contains 'bench12345@'", body: { filters: { email: 'bench12345@' } } },
      { name: 'roles: moderator (1 %)', body: { filters: { roles: [ROLE.moderator] } } },
      { name: 'credit between 100 and 119 (4 %)', body: { filters: { credit: [100, 119] } } },
      {
        name: 'updated_at in March 2025 (5 %)',
        body: { filters: { updated_at: ['2025-03-01', '2025-03-31'] } },
      },
      { name: 'show_only_active false (2 %)', body: { show_only_active: false } },
    ],
  },
  ads: {
    path: '/api/jobs/index',
    rows: ADS,
    queries: [
      { name: 'page 1 (updated_at desc)', body: page(1, 10, 'updated_at', true) },
      { name: 'page 5 000 of 10', body: page(5000, 10, 'updated_at', true) },
      { name: 'page 50 000 of 20 (the last)', body: page(50_000, 20, 'updated_at', true) },
      { name: 'sort title asc', body: page(1, 10, 'title', false) },
      { name: 'sort user_name asc', body: page(1, 10, 'user_name', false) },
      { name: "title contains 'br. 99' (~1 %)", body: { filters: { title: 'br. 99' } } },
      {
        name: 'price_from ≥ 500, price_to ≤ 2000',
        body: {
          filters: {
            price_from: { operator: 'gte', value: 500 },
            price_to: { operator: 'lte', value: 2000 },
          },
        },
      },
      { name: "user_name contains 'Šćekić'", body: { filters: { user_name: 'Šćekić' } } },
      { name: "user_name contains 'scekic' (folded)", body: { filters: { user_name: 'scekic' } } },
      { name: "title contains 'kosenje' (folded, ~10 %)", body: { filters: { title: 'kosenje' } } },
      { name: "title contains 'cisc' (folded)", body: { filters: { title: 'cisc' } } },
      { name: "status 'Čeka odobrenje'", body: { filters: { status: AD_STATUS.awaitingApproval } } },
    ],
  },
  // A quarter of the ads are approved (and all active): the search reads ~250 000. Titles and
  // statuses both follow the row number, so 'Košenje' is in no approved ad: a fifth of those
  // have 'Krečenje'.
  search: {
    path: '/api/ads/search',
    rows: ADS,
    queries: [
      { name: 'newest first', body: {} },
      { name: 'page 100 of 10', body: page(100, 10, 'created_at', true) },
      { name: 'cheapest first', body: page(1, 10, 'price_from', false) },
      { name: 'demands (1/3)', body: { filters: { is_offer: false } } },
      { name: 'price 100–500 (overlap)', body: { filters: { price_from: 100, price_to: 500 } } },
      { name: "q 'krecenje' (a fifth)", body: { filters: { q: 'krecenje' } } },
      { name: "q '123456' (rare)", body: { filters: { q: '123456' } } },
    ],
    queriesOf: async (db): Promise<ListQuery[]> => {
      const ids = await searchIds(db);
      const queries: ListQuery[] = [
        { name: "service 'Košenje trave' (5 %)", body: { filters: { service_id: ids.mowing } } },
        { name: "folder 'Baštenski radovi'", body: { filters: { service_id: ids.garden } } },
        { name: 'country ME', body: { filters: { os_country_id: ids.montenegro } } },
        { name: 'city Podgorica', body: { filters: { os_city_id: ids.podgorica } } },
        {
          name: "Podgorica, the folder, 'krecenje', by price",
          body: {
            filters: { os_city_id: ids.podgorica, service_id: ids.garden, q: 'krecenje' },
            ...page(1, 10, 'price_from', false),
          },
        },
      ];
      return queries;
    },
  },
  // The shell's search box (POST /api/search) as an administrator types: users and ads together,
  // at most 20; common fragments match tens of thousands of rows, rare ones a handful.
  global: {
    path: '/api/search',
    rows: ADS,
    queries: [
      { name: "'kosenje' (~10 % of the ads)", body: { q: 'kosenje' } },
      { name: "'scekic' (12.5 % of the users, their ads)", body: { q: 'scekic' } },
      { name: "'djorde 12' (no match: đ is d)", body: { q: 'djorde 12' } },
      { name: "'dorde 12349' (one user)", body: { q: 'dorde 12349' } },
      { name: "'ko' (two letters)", body: { q: 'ko' } },
      { name: "'123456' (an ad's id and titles)", body: { q: '123456' } },
      { name: "'xq' (nothing)", body: { q: 'xq' } },
    ],
  },
};
