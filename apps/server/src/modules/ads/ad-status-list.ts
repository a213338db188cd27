import { adStatusSchema } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { adStatuses } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';

/**
 * The ad statuses picker (`POST /api/ad_statuses/index_active`): the ads list's status filter.
 * Four seeded rows, never edited; sorted by id, their order in the workflow (the table has no other
 * sort index, and four rows need none).
 */
export const adStatusList = defineList({
  resource: 'ad_statuses',
  from: sql`${adStatuses}`,
  id: adStatuses.id,
  isActiveColumn: adStatuses.is_active,
  routes: ['index_active'],
  defaultSort: { key: 'id', isDescending: false },
  columns: {
    id: { expression: adStatuses.id, type: 'id', operators: ['equals', 'in'], isSortable: true },
    name: { expression: adStatuses.name, type: 'text', operators: ['contains', 'equals'] },
    // Seeded once and never edited: their versions follow the id, which the primary key sorts.
    updated_at: {
      expression: adStatuses.updated_at,
      sortExpression: adStatuses.id,
      type: 'date',
      isSortable: true,
    },
  },
  rowSchema: adStatusSchema,
  access: { index: 'administrator', indexActive: 'staff' },
  loadRows: (db, scope) =>
    db
      .select({
        id: adStatuses.id,
        name: adStatuses.name,
        background_color: adStatuses.background_color,
        is_reason_required: adStatuses.is_reason_required,
      })
      .from(adStatuses)
      .where(scope.where)
      .orderBy(scope.orderBy),
});
