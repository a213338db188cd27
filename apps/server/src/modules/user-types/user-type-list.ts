import { userTypeRowSchema } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { userTypes } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';

export const userTypeList = defineList({
  resource: 'user_types',
  from: sql`${userTypes}`,
  id: userTypes.id,
  isActiveColumn: userTypes.is_active,
  defaultSort: { key: 'updated_at', isDescending: true },
  // What its list screen shows.
  reportColumns: ['updated_at', 'name', 'is_active'],
  columns: {
    updated_at: {
      expression: userTypes.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    name: { expression: userTypes.name, type: 'text', operators: ['contains', 'equals'], isSortable: true },
    is_active: { expression: userTypes.is_active, type: 'boolean', operators: ['equals'], isSortable: true },
  },
  rowSchema: userTypeRowSchema,
  access: { index: 'administrator', indexActive: 'staff' },
  loadRows: (db, scope) =>
    db
      .select({
        id: userTypes.id,
        name: userTypes.name,
        is_active: userTypes.is_active,
        updated_at: userTypes.updated_at,
      })
      .from(userTypes)
      .where(scope.where)
      .orderBy(scope.orderBy),
});
