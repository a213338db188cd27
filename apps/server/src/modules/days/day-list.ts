import { dayRowSchema } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { days } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';

export const dayList = defineList({
  resource: 'days',
  from: sql`${days}`,
  id: days.id,
  isActiveColumn: days.is_active,
  defaultSort: { key: 'id', isDescending: false },
  columns: {
    id: { expression: days.id, type: 'id', operators: ['equals', 'in'], isSortable: true },
    updated_at: {
      expression: days.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    name: { expression: days.name, type: 'text', operators: ['contains', 'equals'], isSortable: true },
    is_active: { expression: days.is_active, type: 'boolean', operators: ['equals'], isSortable: true },
  },
  rowSchema: dayRowSchema,
  access: { index: 'administrator', indexActive: 'staff' },
  loadRows: async (db, scope) => {
    const rows = await db
      .select({ id: days.id, name: days.name, is_active: days.is_active, updated_at: days.updated_at })
      .from(days)
      .where(scope.where)
      .orderBy(scope.orderBy);
    return rows.map((row) => ({ ...row, active: row.is_active }));
  },
});
