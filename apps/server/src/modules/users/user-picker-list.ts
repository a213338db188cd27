import { userPickerRowSchema } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { userFullName, users } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';
import { userIdentityColumns } from './user-list.ts';

/**
 * `/api/users/index_active` for staff pickers (notification targets, an ad's user): moderators use
 * it, so it answers who a user is and nothing about how to reach them.
 */
export const userPickerList = defineList({
  resource: 'users',
  from: sql`${users}`,
  id: users.id,
  isActiveColumn: users.is_active,
  routes: ['index_active'],
  defaultSort: { key: 'updated_at', isDescending: true },
  columns: userIdentityColumns,
  rowSchema: userPickerRowSchema,
  access: { index: 'staff' },
  loadRows: (db, scope) =>
    db
      .select({
        id: users.id,
        name: users.name,
        last_name: users.last_name,
        full_name: sql<string>`trim(${userFullName})`,
        username: users.username,
        user_type_id: users.user_type_id,
        is_active: users.is_active,
        updated_at: users.updated_at,
      })
      .from(users)
      .where(scope.where)
      .orderBy(scope.orderBy),
});
