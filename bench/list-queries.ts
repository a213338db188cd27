/**
 * The list queries of the lists bench (list-api.ts): what a back-office screen asks of
 * `POST /api/users/index` over the 100 000 users of users-data.ts and of `POST /api/jobs/index`
 * over the 1 000 000 ads of ads-data.ts (the fractions below are of those data sets).
 */
import { AD_STATUS, type ListRequest, ROLE } from '@usluge/contract';
import { ADS } from './ads-data.ts';
import { USERS } from './users-data.ts';

export type ListName = 'users' | 'ads';

export type ListQuery = { name: string; body: ListRequest };

export type ListBench = { path: string; rows: number; queries: ListQuery[] };

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
      { name: "status 'Čeka odobrenje'", body: { filters: { status: AD_STATUS.awaitingApproval } } },
    ],
  },
};
