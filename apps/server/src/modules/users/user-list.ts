import { ROLE, userRowSchema } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { qualified } from '../../db/qualified-column.ts';
import {
  fullNameOf,
  type PersonColumns,
  userFullName,
  userRoles,
  users,
  userTypes,
} from '../../db/schema/index.ts';
import { defineList, type ListColumn, pickFields, type RowScope } from '../../list-engine/list-definition.ts';
import { selectInScope } from '../../list-engine/scoped-select.ts';
import { userProfileColumns } from './current-user-query.ts';

export const contains = ['contains', 'equals'] as const;

/** Who did something (changed a price, added credits): their full name, null when not known. */
export const personName = (person: PersonColumns) =>
  sql<string | null>`nullif(trim(${fullNameOf(person)}), '')`;

/** Columns the list and the staff picker share: who a user is, not how to reach them. */
export const userIdentityColumns = {
  updated_at: {
    expression: users.updated_at,
    type: 'date',
    operators: ['between', 'gte', 'lte'],
    isSortable: true,
  },
  name: { expression: users.name, type: 'text', operators: contains, isSortable: true },
  full_name: { expression: userFullName, type: 'text', operators: contains, isSortable: true },
  last_name: { expression: users.last_name, type: 'text', operators: contains, isSortable: true },
  username: { expression: users.username, type: 'text', operators: contains, isSortable: true },
  user_type_id: { expression: users.user_type_id, type: 'id', operators: ['equals', 'in'] },
  is_active: { expression: users.is_active, type: 'boolean', operators: ['equals'], isSortable: true },
  roles: {
    expression: users.id,
    type: 'id',
    operators: ['equals', 'in'],
    // "Holds this role" (or any of these roles).
    condition: (_operator, roleIds) =>
      sql`exists (select 1 from ${userRoles} where ${userRoles.user_id} = ${qualified(users.id)} and ${userRoles.role_id} in (${sql.join(
        roleIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
  },
} satisfies Record<string, ListColumn>;

/**
 * What the users list's name search ("Ime i prezime" contains) looks in besides the full name
 * (which holds every fragment of name and last name): username and e-mail, each on its own trigram
 * index (an OR of them: BitmapOr). Not the picker's: moderators use it, and it says nothing about
 * how to reach a user.
 */
const NAME_SEARCHED = [users.username, users.email];

/** A user as the list shows them, for a scope (list-engine/scoped-select.ts). */
const userRows = (db: Database, scope: RowScope) =>
  db
    .select(
      pickFields(
        {
          ...userProfileColumns,
          full_name: sql<string>`trim(${userFullName})`,
          address: users.address,
          pib: users.pib,
          // Balances belong to marketplace roles: a user who is only an administrator has none (SPEC 6).
          credit: sql<
            number | null
          >`case when exists (select 1 from ${userRoles} where ${userRoles.user_id} = ${qualified(users.id)} and ${userRoles.role_id} <> ${ROLE.administrator}) then ${users.credit} end`.mapWith(
            users.credit,
          ),
          user_type_id: users.user_type_id,
          user_types: sql<{
            id: number;
            name: string;
          } | null>`case when ${userTypes.id} is null then null else json_build_object('id', ${userTypes.id}, 'name', ${userTypes.name}) end`,
          is_active: users.is_active,
          updated_at: users.updated_at,
        },
        scope,
      ),
    )
    .from(users)
    .leftJoin(userTypes, eq(userTypes.id, users.user_type_id))
    .where(scope.where)
    .orderBy(scope.orderBy);

/** The users list of the back-office: administrators only; its picker is userPickerList. */
export const userList = defineList({
  resource: 'users',
  from: sql`${users}`,
  id: users.id,
  isActiveColumn: users.is_active,
  routes: ['index'],
  defaultSort: { key: 'updated_at', isDescending: true },
  // What its list screen shows.
  reportColumns: [
    'updated_at',
    'full_name',
    'email',
    'username',
    'phone',
    'details',
    'credit',
    'roles',
    'is_active',
  ],
  columns: {
    ...userIdentityColumns,
    full_name: { ...userIdentityColumns.full_name, alsoMatches: NAME_SEARCHED },
    email: { expression: users.email, type: 'text', operators: contains, isSortable: true },
    phone: { expression: users.phone, type: 'text', operators: contains, isSortable: true },
    // One user by id: where a hint of a shared contact (issue 19) leads.
    id: { expression: users.id, type: 'id', operators: ['equals', 'in'] },
    details: { expression: users.details, type: 'text', operators: contains },
    credit: {
      expression: users.credit,
      type: 'number',
      operators: ['equals', 'gte', 'lte', 'between'],
      isSortable: true,
      format: 'credits',
    },
  },
  rowSchema: userRowSchema,
  access: { index: 'administrator' },
  loadRows: (db, scope) => selectInScope(db, scope, userRows),
});
