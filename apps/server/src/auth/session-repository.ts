import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { appendAudit } from '../audit/append-audit.ts';
import type { Database } from '../db/client.ts';
import { perDatabase } from '../db/per-database.ts';
import { refreshTokens, sessions, users } from '../db/schema/index.ts';
import { roleIdsOf } from '../modules/users/current-user-query.ts';
import { cachedSession, forgetSession, forgetUserSessions, keepSession } from './session-cache.ts';
import { hashToken, newToken } from './tokens.ts';

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type IssuedTokens = { accessToken: string; refreshToken: string };

type SessionMeta = { ip?: string; userAgent?: string; audience?: string };

export async function createSession(db: Database, userId: number, meta: SessionMeta): Promise<IssuedTokens> {
  const accessToken = newToken();
  const refreshToken = newToken();
  await db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        user_id: userId,
        access_token_hash: hashToken(accessToken),
        access_expires_at: new Date(Date.now() + ACCESS_TOKEN_TTL_MS),
        ip: meta.ip,
        user_agent: meta.userAgent?.slice(0, 300),
      })
      .returning({ id: sessions.id });
    if (!session) throw new Error('session insert returned nothing');
    await tx.insert(refreshTokens).values({
      session_id: session.id,
      token_hash: hashToken(refreshToken),
      expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    // A session opens only by signing in: the entry is written with it.
    await appendAudit(tx as unknown as Database, {
      action: 'sign_in',
      recordType: 'users',
      recordId: userId,
      changes: meta.audience ? { audience: { before: null, after: meta.audience } } : {},
      actor: { id: userId, ip: meta.ip ?? null },
    });
  });
  return { accessToken, refreshToken };
}

/** The one statement every signed-in request may run, prepared once per database. */
function sessionLookup(db: Database) {
  return db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      roleIds: roleIdsOf(users.id),
      accessExpiresAt: sessions.access_expires_at,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.access_token_hash, sql.placeholder('hash')),
        gt(sessions.access_expires_at, sql`now()`),
        isNull(sessions.revoked_at),
        eq(users.is_active, true),
      ),
    )
    .limit(1)
    .prepare('find_session_by_access_token');
}

const sessionLookups = perDatabase(sessionLookup);

/** The live session an access token belongs to, with its user's roles; null if none. */
export async function findSessionByAccessToken(db: Database, accessToken: string) {
  const hash = hashToken(accessToken);
  const cached = cachedSession(db, hash);
  if (cached) return cached;
  const [row] = await sessionLookups.of(db).execute({ hash });
  if (!row) return null;
  const { accessExpiresAt, ...session } = row;
  keepSession(db, hash, session, accessExpiresAt);
  return session;
}

export type RefreshOutcome =
  | { kind: 'rotated'; userId: number; sessionId: string; tokens: IssuedTokens }
  | { kind: 'invalid' }
  /** The token was already used: someone replayed it, so the session is revoked. */
  | { kind: 'replayed'; sessionId: string };

/** Rotates a refresh token: the old one is spent, the session gets a new access and refresh token. */
export async function rotateRefreshToken(db: Database, refreshToken: string): Promise<RefreshOutcome> {
  const outcome = await rotateInTransaction(db, refreshToken);
  // The old access token is no longer the session's (rotated), or the session is over (replayed).
  if (outcome.kind !== 'invalid') await forgetSession(outcome.sessionId);
  return outcome;
}

function rotateInTransaction(db: Database, refreshToken: string): Promise<RefreshOutcome> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.session_id,
        usedAt: refreshTokens.used_at,
        expiresAt: refreshTokens.expires_at,
        revokedAt: sessions.revoked_at,
        userId: users.id,
        isUserActive: users.is_active,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.session_id))
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(eq(refreshTokens.token_hash, hashToken(refreshToken)))
      .for('update', { of: refreshTokens })
      .limit(1);
    if (!found || found.revokedAt !== null) return { kind: 'invalid' } as const;
    if (found.usedAt !== null) {
      await tx.update(sessions).set({ revoked_at: sql`now()` }).where(eq(sessions.id, found.sessionId));
      return { kind: 'replayed', sessionId: found.sessionId } as const;
    }
    if (found.expiresAt.getTime() <= Date.now() || !found.isUserActive) return { kind: 'invalid' } as const;

    const tokens = { accessToken: newToken(), refreshToken: newToken() };
    await tx.update(refreshTokens).set({ used_at: sql`now()` }).where(eq(refreshTokens.id, found.id));
    await tx.insert(refreshTokens).values({
      session_id: found.sessionId,
      token_hash: hashToken(tokens.refreshToken),
      expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    await tx
      .update(sessions)
      .set({
        access_token_hash: hashToken(tokens.accessToken),
        access_expires_at: new Date(Date.now() + ACCESS_TOKEN_TTL_MS),
        last_seen_at: sql`now()`,
      })
      .where(eq(sessions.id, found.sessionId));
    return { kind: 'rotated', userId: found.userId, sessionId: found.sessionId, tokens } as const;
  });
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await forgetSession(sessionId);
  await db.update(sessions).set({ revoked_at: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (disabled account, password change). */
export function revokeUserSessions(db: Database, userId: number): Promise<void> {
  return endSessionsOf(db, userId, null);
}

/**
 * Ends every session of a user but one: a member who changed the password in one session stays
 * signed in there, and every other device has to sign in with the new password.
 */
export function revokeOtherSessions(db: Database, userId: number, keptSessionId: string): Promise<void> {
  return endSessionsOf(db, userId, keptSessionId);
}

async function endSessionsOf(db: Database, userId: number, keptSessionId: string | null): Promise<void> {
  await forgetUserSessions(userId);
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        keptSessionId === null ? undefined : ne(sessions.id, keptSessionId),
      ),
    );
}

/** The session a refresh token belongs to, used by logout when the access token has expired. */
export async function findSessionIdByRefreshToken(
  db: Database,
  refreshToken: string,
): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.session_id })
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, hashToken(refreshToken)))
    .limit(1);
  return row?.sessionId ?? null;
}
