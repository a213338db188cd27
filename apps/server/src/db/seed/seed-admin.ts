import { randomBytes } from 'node:crypto';
import { ROLE } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.ts';
import type { Database } from '../client.ts';
import { userRoles, users } from '../schema/index.ts';
import { lockSeeding } from './seed-lock.ts';

export const ADMIN_USERNAME = 'admin';

/**
 * Creates the first staff account `admin` when it does not exist. Returns the password when one
 * was generated (no ADMIN_PASSWORD given), so that it can be shown once.
 */
export async function ensureAdmin(
  db: Database,
  adminPassword: string | undefined,
): Promise<{ generatedPassword?: string }> {
  const findAdmin = (handle: Database) =>
    handle
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${ADMIN_USERNAME}`)
      .limit(1);
  if ((await findAdmin(db)).length > 0) return {};
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const isCreated = await db.transaction(async (tx) => {
    // Two servers starting at once on one PostgreSQL must not both create the admin.
    await lockSeeding(tx);
    if ((await findAdmin(tx)).length > 0) return false;
    const [admin] = await tx
      .insert(users)
      .values({
        name: 'Administrator',
        last_name: null,
        email: 'admin@usluge.me',
        username: ADMIN_USERNAME,
        password_hash: passwordHash,
        email_verified_at: new Date(),
      })
      .returning({ id: users.id });
    if (!admin) throw new Error('admin insert returned nothing');
    await tx.insert(userRoles).values({ user_id: admin.id, role_id: ROLE.administrator });
    return true;
  });
  return isCreated && !adminPassword ? { generatedPassword: password } : {};
}
