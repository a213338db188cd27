import { savedViewRowSchema } from '@usluge/contract';
import { eq, or, type SQL, sql } from 'drizzle-orm';
import { savedViewDefaults, savedViews, users } from '../../db/schema/index.ts';
import { defineList, type ListViewer } from '../../list-engine/list-definition.ts';

/** A staff member's views: their own, and every one shared with all staff. */
const ownOrShared = (viewer: ListViewer): SQL =>
  or(eq(savedViews.user_id, viewer.userId), eq(savedViews.is_shared, true)) ?? sql`false`;

/**
 * `POST /api/saved_views/index` (`filters: {list}`): the views a list's toolbar offers the caller,
 * oldest first. A member has a handful per list, so the id's order is enough.
 */
export const savedViewList = defineList({
  resource: 'saved_views',
  routes: ['index'],
  from: sql`${savedViews}`,
  id: savedViews.id,
  scopeOf: ownOrShared,
  defaultSort: { key: 'id', isDescending: false },
  columns: {
    id: { expression: savedViews.id, type: 'id', isSortable: true },
    updated_at: {
      expression: savedViews.updated_at,
      type: 'date',
      isSortable: true,
    },
    list: { expression: savedViews.list, type: 'text', operators: ['equals'] },
    name: { expression: savedViews.name, type: 'text', operators: ['contains', 'equals'] },
    is_shared: { expression: savedViews.is_shared, type: 'boolean', operators: ['equals'] },
  },
  rowSchema: savedViewRowSchema,
  access: { index: 'staff' },
  docs: {
    summary: "A list's saved views: the caller's own and those shared with all staff",
    description:
      "`filters: {list: '<screen path without its slash>'}` (users, ads, ads-on-approval …). Each view's `state` is `{filters, sortBy, sortDesc, itemsPerPage, show_only_active, columns}`; `user_id` is its owner, who alone may change it; `is_default` says whether it is the caller's default of the list.",
  },
  loadRows: (db, scope) =>
    db
      .select({
        id: savedViews.id,
        list: savedViews.list,
        name: savedViews.name,
        state: savedViews.state,
        is_shared: savedViews.is_shared,
        // The reader's default (in a write's answer, the owner's: they made the write).
        is_default: sql<boolean>`exists (select 1 from ${savedViewDefaults}
          where ${savedViewDefaults.saved_view_id} = ${savedViews.id}
            and ${savedViewDefaults.user_id} = ${scope.viewer?.userId ?? savedViews.user_id})`,
        user_id: savedViews.user_id,
        owner_name: sql<string>`concat_ws(' ', ${users.name}, ${users.last_name})`,
        updated_at: savedViews.updated_at,
      })
      .from(savedViews)
      .innerJoin(users, eq(users.id, savedViews.user_id))
      .where(scope.where)
      .orderBy(scope.orderBy),
});
