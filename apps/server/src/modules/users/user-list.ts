import { userRowSchema } from '@usluge/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { userRoles, users, userTypes } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';
import { userProfileColumns } from './current-user-query.ts';

const contains = ['contains', 'equals'] as const;

/** "Ime i prezime": matches the users_full_name_trgm index expression. */
const fullName = sql<string>`(${users.name} || ' ' || coalesce(${users.last_name}, ''))`;

export const userList = defineList({
  resource: 'users',
  from: sql`${users}`,
  id: users.id,
  isActiveColumn: users.is_active,
  defaultSort: { key: 'updated_at', isDescending: true },
  columns: {
    updated_at: {
      expression: users.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    name: { expression: users.name, type: 'text', operators: contains, isSortable: true },
    full_name: { expression: fullName, type: 'text', operators: contains, isSortable: true },
    last_name: { expression: users.last_name, type: 'text', operators: contains, isSortable: true },
    email: { expression: users.email, type: 'text', operators: contains, isSortable: true },
    username: { expression: users.username, type: 'text', operators: contains, isSortable: true },
    phone: { expression: users.phone, type: 'text', operators: contains, isSortable: true },
    details: { expression: users.details, type: 'text', operators: contains },
    credit: {
      expression: users.credit,
      type: 'number',
      operators: ['equals', 'gte', 'lte', 'between'],
      isSortable: true,
    },
    user_type_id: { expression: users.user_type_id, type: 'id', operators: ['equals', 'in'] },
    is_active: { expression: users.is_active, type: 'boolean', operators: ['equals'], isSortable: true },
    roles: {
      expression: users.id,
      type: 'id',
      operators: ['equals', 'in'],
      // "Holds this role" (or any of these roles).
      condition: (_operator, roleIds) =>
        sql`exists (select 1 from ${userRoles} where ${userRoles.user_id} = ${users.id} and ${userRoles.role_id} in (${sql.join(
          roleIds.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
    },
  },
  rowSchema: userRowSchema,
  access: { index: 'administrator', indexActive: 'staff' },
  loadRows: (db, ids) =>
    db
      .select({
        ...userProfileColumns,
        full_name: sql<string>`trim(${fullName})`,
        address: users.address,
        pib: users.pib,
        credit: users.credit,
        user_type_id: users.user_type_id,
        user_types: sql<{
          id: number;
          name: string;
        } | null>`case when ${userTypes.id} is null then null else json_build_object('id', ${userTypes.id}, 'name', ${userTypes.name}) end`,
        is_active: users.is_active,
        updated_at: users.updated_at,
      })
      .from(users)
      .leftJoin(userTypes, eq(userTypes.id, users.user_type_id))
      .where(inArray(users.id, ids)),
});
