import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accountTokens, users } from '../db/schema/index.ts';
import { hashToken, newToken } from './tokens.ts';

export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

/** How long each kind of e-mailed link works. */
export const ACCOUNT_TOKEN_HOURS: Record<AccountTokenPurpose, number> = {
  verify_account: 24,
  reset_password: 1,
  delete_account: 24,
};

/** A new single-use token for the user; earlier unused ones of the same purpose stop working. */
export async function issueAccountToken(
  tx: Database,
  userId: number,
  purpose: AccountTokenPurpose,
): Promise<string> {
  await tx
    .update(accountTokens)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(accountTokens.user_id, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.used_at),
      ),
    );
  const token = newToken();
  await tx.insert(accountTokens).values({
    user_id: userId,
    purpose,
    token_hash: hashToken(token),
    expires_at: sql`now() + make_interval(hours => ${ACCOUNT_TOKEN_HOURS[purpose]})`,
  });
  return token;
}

const usable = (token: string, purpose: AccountTokenPurpose) =>
  and(
    eq(accountTokens.token_hash, hashToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.used_at),
    gt(accountTokens.expires_at, sql`now()`),
  );

/** The user a still-valid token belongs to, without using it up (the reset page's first check). */
export async function peekAccountToken(
  db: Database,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<number | null> {
  const [row] = await db
    .select({ userId: accountTokens.user_id })
    .from(accountTokens)
    .where(usable(token, purpose));
  return row?.userId ?? null;
}

/** Uses a token up: the user it belongs to, or null when it is unknown, used or expired. */
export async function consumeAccountToken(
  tx: Database,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<number | null> {
  const [row] = await tx
    .update(accountTokens)
    .set({ used_at: sql`now()` })
    .where(usable(token, purpose))
    .returning({ userId: accountTokens.user_id });
  return row?.userId ?? null;
}

/**
 * Whether a verification token was used up and its account is verified: the link opened again
 * (a reload after success, or an older link once a newer one verified it). Used tokens keep their
 * hash and used_at, so this is known without keeping anything more, for as long as the row exists.
 */
export async function isVerifiedThrough(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.user_id))
    .where(
      and(
        eq(accountTokens.token_hash, hashToken(token)),
        eq(accountTokens.purpose, 'verify_account'),
        isNotNull(accountTokens.used_at),
        isNotNull(users.email_verified_at),
      ),
    );
  return row !== undefined;
}
