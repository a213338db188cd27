import { memberProfileFormSchema, memberProfileSchema } from '@usluge/contract';
import { and, eq, sql } from 'drizzle-orm';
import { defineCrud } from '../../crud/crud-definition.ts';
import type { Database } from '../../db/client.ts';
import { users, userTypes } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { defineList } from '../../list-engine/list-definition.ts';
import { userProfileColumns } from '../users/current-user-query.ts';
import { authorizeProfile } from './member-policy.ts';

/**
 * The member's profile as `GET /api/me`, `POST /api/me/update` and a stale update's 409 answer it.
 * Not a list route of its own (the profile is one row): the write path reads its rows through it.
 */
export const memberProfileRows = defineList({
  resource: 'me',
  routes: [],
  from: sql`${users}`,
  id: users.id,
  defaultSort: { key: 'updated_at', isDescending: true },
  columns: { updated_at: { expression: users.updated_at, type: 'date', isSortable: true } },
  rowSchema: memberProfileSchema,
  access: { index: 'member' },
  loadRows: (db, scope) =>
    db
      .select({
        ...userProfileColumns,
        address: users.address,
        pib: users.pib,
        user_type_id: users.user_type_id,
        user_types: sql<{ id: number; name: string } | null>`case when ${userTypes.id} is null then null
          else json_build_object('id', ${userTypes.id}, 'name', ${userTypes.name}) end`,
        credit: users.credit,
        updated_at: users.updated_at,
      })
      .from(users)
      .leftJoin(userTypes, eq(userTypes.id, users.user_type_id))
      .where(scope.where)
      .orderBy(scope.orderBy),
});

/** A member may move to an active user type only (keeping an inactive one they have is allowed). */
async function assertUserTypeChoice(tx: Database, userId: number, userTypeId: number): Promise<void> {
  const [current] = await tx
    .select({ userTypeId: users.user_type_id })
    .from(users)
    .where(eq(users.id, userId));
  if (current?.userTypeId === userTypeId) return;
  const [active] = await tx
    .select({ id: userTypes.id })
    .from(userTypes)
    .where(and(eq(userTypes.id, userTypeId), eq(userTypes.is_active, true)));
  if (!active) throw new AppError(422, 'invalid_reference', {}, 'user_type_id');
}

/**
 * `POST /api/me/update`: the member's own row through the one write path (version checked, image
 * stored and the replaced one removed after commit, once per Idempotency-Key). A username taken by
 * another account is a 409 on the field; the e-mail address is not changed here (the form has none).
 */
export const memberProfileCrud = defineCrud({
  list: memberProfileRows,
  table: users,
  formSchema: memberProfileFormSchema,
  uploads: [{ field: 'image_file', folder: 'user_images', column: 'image_url' }],
  constraints: {
    users_username_unique: { status: 409, field: 'username', message: 'conflict_username' },
    users_user_type_id_user_types_id_fk: { status: 422, field: 'user_type_id', message: 'invalid_reference' },
  },
  access: 'member',
  auditRecordType: 'users',
  namedReferences: { user_type_id: userTypes },
  async authorize(_tx, { actorId, id }) {
    authorizeProfile(actorId, id);
  },
  async beforeWrite(tx, { id, form }) {
    if (id !== undefined && form) await assertUserTypeChoice(tx, id, form.user_type_id);
  },
});
