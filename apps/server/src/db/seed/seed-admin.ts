import { randomBytes } from 'node:crypto';
import { ROLE } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.ts';
import type { Database } from '../client.ts';
import { userRoles, users } from '../schema/index.ts';

export const ADMIN_USERNAME = 'admin';

/**
 * Creates the first staff account `admin` when it does not exist. Returns the password when one
 * was generated (no ADMIN_PASSWORD given), so that it can be shown once.
 */
export async function ensureAdmin(
  db: Database,
  adminPassword: string | undefined,
): Promise<{ generatedPassword?: string }> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${ADMIN_USERNAME}`)
    .limit(1);
  if (existing) return {};
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({
        name: 'Administrator',
        last_name: null,
        email: 'admin@usluge.me',
        username: ADMIN_USERNAME,
        password_hash: await hashPassword(password),
        email_verified_at: new Date(),
      })
      .returning({ id: users.id });
    if (!admin) throw new Error('admin insert returned nothing');
    await tx.insert(userRoles).values({ user_id: admin.id, role_id: ROLE.administrator });
  });
  return adminPassword ? {} : { generatedPassword: password };
}
