import { ROLE, type UserStoreForm, userStoreSchema, userUpdateSchema } from '@usluge/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { appendRoleChange } from '../../audit/append-audit.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { forgetUserSessions } from '../../auth/session-cache.ts';
import { revokeUserSessions } from '../../auth/session-repository.ts';
import { defineCrud } from '../../crud/crud-definition.ts';
import type { Database } from '../../db/client.ts';
import { roles, userRoles, users, userTypes } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { userList } from './user-list.ts';

type UserForm = UserStoreForm & { roles: number[]; user_type_id: number };

async function isActive(tx: Database, userId: number): Promise<boolean | null> {
  const [row] = await tx.select({ isActive: users.is_active }).from(users).where(eq(users.id, userId));
  return row?.isActive ?? null;
}

/** Roles are chosen from the active ones (SPEC.md 6). */
async function assertActiveRoles(tx: Database, roleIds: readonly number[]): Promise<void> {
  const found = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, [...roleIds]), eq(roles.is_active, true)));
  if (found.length !== roleIds.length) throw new AppError(422, 'invalid_reference', {}, 'roles');
}

/**
 * Users: the spec's multipart form with a profile image. Passwords are stored as argon2id hashes;
 * balances never change here (only the credits ledger moves them). An administrator cannot lock
 * themself out: no deactivating their own account, no removing their own Administrator role.
 * Deactivating a user ends every session they have, at once.
 */
export const userCrud = defineCrud({
  list: userList,
  table: users,
  formSchema: userStoreSchema,
  updateSchema: userUpdateSchema,
  uploads: [{ field: 'image_file', folder: 'user_images', column: 'image_url', removeField: 'remove_image' }],
  constraints: {
    users_email_unique: { status: 409, field: 'email', message: 'conflict_email' },
    users_username_unique: { status: 409, field: 'username', message: 'conflict_username' },
    users_user_type_id_user_types_id_fk: { status: 422, field: 'user_type_id', message: 'invalid_reference' },
  },
  access: 'administrator',
  secretFields: ['password_hash'],
  namedReferences: { user_type_id: userTypes },
  async beforeWrite(tx, { kind, id, actorId, form }) {
    if (form) await assertActiveRoles(tx, (form as UserForm).roles);
    if (id !== actorId) return;
    if (kind === 'destroy' && (await isActive(tx, id))) throw new AppError(409, 'cannot_deactivate_self');
    if (kind === 'update' && form && !(form as UserForm).roles.includes(ROLE.administrator)) {
      throw new AppError(422, 'cannot_remove_own_admin_role', {}, 'roles');
    }
  },
  async toValues(form) {
    const {
      roles: _roles,
      password,
      confirm_password: _confirmation,
      ...values
    } = form as UserForm & {
      password?: string;
    };
    return password ? { ...values, password_hash: await hashPassword(password) } : values;
  },
  async afterWrite(tx, { id, kind, form }) {
    if (kind === 'destroy') {
      if (!(await isActive(tx, id))) await revokeUserSessions(tx, id);
      return;
    }
    const chosen = (form as UserForm | undefined)?.roles ?? [];
    const had = await tx
      .delete(userRoles)
      .where(eq(userRoles.user_id, id))
      .returning({ role_id: userRoles.role_id });
    await appendRoleChange(
      tx,
      id,
      had.map((row) => row.role_id),
      chosen,
    );
    await tx.insert(userRoles).values(chosen.map((role_id) => ({ user_id: id, role_id })));
    // Signed-in sessions carry the roles: they change at once, not when a cached session expires.
    await forgetUserSessions(id);
    // A new password ends the sessions opened with the old one.
    if (kind === 'update' && (form as { password?: string }).password) await revokeUserSessions(tx, id);
  },
});
