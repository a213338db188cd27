import type { CurrentUser } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { qualified } from '../../db/qualified-column.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';

/** The user's roles as `[{id, name}]`, ordered by id. */
export const rolesJson = (userId: AnyPgColumn) =>
  sql<{ id: number; name: string }[]>`coalesce((
    select json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}) order by ${roles.id})
    from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.role_id}
    where ${userRoles.user_id} = ${qualified(userId)}), '[]'::json)`;

/** The user's role ids, ordered; what access checks need. */
export const roleIdsOf = (userId: AnyPgColumn) =>
  sql<
    number[]
  >`coalesce((select array_agg(${userRoles.role_id} order by ${userRoles.role_id}) from ${userRoles} where ${userRoles.user_id} = ${qualified(userId)}), '{}')`;

/** What every answer about a user shows; never the password hash. */
export const userProfileColumns = {
  id: users.id,
  name: users.name,
  last_name: users.last_name,
  email: users.email,
  username: users.username,
  phone: users.phone,
  details: users.details,
  image_url: users.image_url,
  roles: rolesJson(users.id),
};

/** The user's part of the current-user answer; the session routes add what the server offers. */
export async function findCurrentUser(
  db: Database,
  userId: number,
): Promise<Omit<CurrentUser, 'seeders_enabled'> | null> {
  const [row] = await db.select(userProfileColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/**
 * What sign-in needs to know about an account, found by its username or (the app only) its e-mail
 * address, case-insensitively; a username that matches wins over another account's e-mail.
 */
export async function findLoginCandidate(db: Database, login: string, { isEmailAllowed = false } = {}) {
  const byUsername = sql`lower(${users.username}) = lower(${login})`;
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.password_hash,
      isActive: users.is_active,
      roleIds: roleIdsOf(users.id),
      isVerificationPending: sql<boolean>`(${users.registered_at} is not null and ${users.email_verified_at} is null)`,
    })
    .from(users)
    .where(isEmailAllowed ? sql`${byUsername} or lower(${users.email}) = lower(${login})` : byUsername)
    .orderBy(sql`${byUsername} desc`)
    .limit(1);
  return row ?? null;
}
