import { ROLE } from '@usluge/contract';
import { Column, is } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDefinition } from '../src/list-engine/list-definition.ts';
import { LISTS } from '../src/modules/resources.ts';
import { createDemoTestApp, createUser, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 18: the generic list client and the pickers sort by updated_at, so every list served by
 * the engine accepts it, both ways (a list without an updated_at sorts by the row's own time).
 */

type List = ListDefinition<{ id: number }>;
type Row = { id: number; updated_at?: string };
type Page = { result: Row[]; total_rows: number };

const PAGE = 100;

/** Each route of each list, as registerListRoutes serves it. */
const ROUTES = LISTS.flatMap((list: List) => {
  const modes = list.routes ?? (list.isActiveColumn ? ['index', 'index_active'] : ['index']);
  return modes.map((mode) => ({
    list,
    url: `/api/${mode === 'index' && list.indexPath ? list.indexPath : `${list.resource}/${mode}`}`,
  }));
});

let t: TestApp;
let cookie = '';

beforeAll(async () => {
  ({ t } = await createDemoTestApp());
  // Staff and a member at once: one caller may read every list, the member's own ones included.
  await createUser(t.db, {
    username: 'sorter',
    roleIds: [ROLE.administrator, ROLE.moderator, ROLE.member],
  });
  cookie = await t.signIn('sorter');
});
afterAll(() => t.close());

const page = async (url: string, isDescending: boolean) => {
  const response = await t.request({
    method: 'POST',
    url,
    cookie,
    payload: { options: { itemsPerPage: PAGE, sortBy: ['updated_at'], sortDesc: [isDescending] } },
  });
  return { status: response.statusCode, body: response.json() as Page & { message?: string } };
};

describe('every list sorts by updated_at', () => {
  it('serves every list route (none is left out of this test)', () => {
    expect(ROUTES.map(({ url }) => url)).toEqual(
      expect.arrayContaining(['/api/leads/index', '/api/audit/index']),
    );
    for (const { list } of ROUTES) expect(list.columns.updated_at?.isSortable, list.resource).toBe(true);
  });

  it.each(ROUTES.map(({ list, url }) => ({ list, url, name: url })))(
    '$name ascending and descending',
    async ({ list, url }) => {
      const ascending = await page(url, false);
      const descending = await page(url, true);
      expect(ascending.status, ascending.body.message).toBe(200);
      expect(descending.status, descending.body.message).toBe(200);
      const column = list.columns.updated_at;
      // Where the sort is on the row's own updated_at, the answer shows it in order.
      const isOwnVersion =
        column !== undefined &&
        !column.sortExpression &&
        is(column.expression, Column) &&
        column.expression.name === 'updated_at';
      if (isOwnVersion && descending.body.result.every((row) => row.updated_at)) {
        const times = descending.body.result.map((row) => Date.parse(row.updated_at ?? ''));
        expect(times).toEqual([...times].sort((a, b) => b - a));
      }
      // The id breaks ties both ways, so one whole page read backwards is the other.
      if (ascending.body.total_rows <= PAGE) {
        expect(descending.body.result.map((row) => row.id)).toEqual(
          ascending.body.result.map((row) => row.id).reverse(),
        );
      }
    },
  );
});
