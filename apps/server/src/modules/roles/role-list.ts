import { roleRowSchema } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { roles } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';

/** Roles are fixed (DESIGN.md section 5): listed for pickers, never edited. */
export const roleList = defineList({
  resource: 'roles',
  from: sql`${roles}`,
  id: roles.id,
  isActiveColumn: roles.is_active,
  defaultSort: { key: 'id', isDescending: false },
  columns: {
    id: { expression: roles.id, type: 'id', operators: ['equals', 'in'], isSortable: true },
    name: { expression: roles.name, type: 'text', operators: ['contains', 'equals'], isSortable: true },
    updated_at: { expression: roles.updated_at, type: 'date', operators: ['between'], isSortable: true },
  },
  rowSchema: roleRowSchema,
  access: { index: 'administrator', indexActive: 'staff' },
  loadRows: (db, scope) =>
    db
      .select({ id: roles.id, name: roles.name, is_active: roles.is_active, updated_at: roles.updated_at })
      .from(roles)
      .where(scope.where)
      .orderBy(scope.orderBy),
});
