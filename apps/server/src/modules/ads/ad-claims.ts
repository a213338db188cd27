import { AD_CLAIM_MINUTES } from '@usluge/contract';
import { and, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { adClaims, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { pgErrorOf } from '../../http/pg-error.ts';
import { personName } from '../users/user-list.ts';

const PG_FOREIGN_KEY_VIOLATION = '23503';
const claimLength = sql.raw(`interval '${AD_CLAIM_MINUTES} minutes'`);

/**
 * Who reviews the ad of `adId` (a column of the outer query): the holder's name while their claim
 * has not expired, else null. One primary-key look-up per row (ad_claims.ad_id).
 */
export const claimedByOf = (adId: AnyPgColumn | SQL): SQL<string | null> =>
  sql<
    string | null
  >`(select ${personName(users)} from ${adClaims} inner join ${users} on ${users.id} = ${adClaims.user_id}
     where ${adClaims.ad_id} = ${adId} and ${adClaims.expires_at} > now())`;

/** The unexpired claim on the ad held by someone other than `userId`: their name, or undefined. */
async function otherHolderOf(tx: Database, adId: number, userId: number): Promise<string | undefined> {
  const [holder] = await tx
    .select({ name: personName(users) })
    .from(adClaims)
    .innerJoin(users, eq(users.id, adClaims.user_id))
    .where(and(eq(adClaims.ad_id, adId), ne(adClaims.user_id, userId), gt(adClaims.expires_at, sql`now()`)));
  return holder === undefined ? undefined : (holder.name ?? '');
}

/** 409 naming the holder, in the request's language; `claimed_by` carries the name alone. */
const claimedError = (name: string) =>
  new AppError(409, 'ad_claimed', { name }, undefined, { claimed_by: name });

/**
 * Claims the ad for `AD_CLAIM_MINUTES`, or renews the caller's claim, in one statement: the row is
 * taken over only when it is the caller's or has expired (two moderators at once: the unique key
 * makes the second wait and then see the first's claim). Someone else's live claim is a 409
 * naming them; an ad that does not exist is a 404.
 */
export async function claimAd(tx: Database, adId: number, userId: number) {
  // Twice at most: a claim that expired or was released between the insert and the holder's look-up.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [claim] = await tx
      .insert(adClaims)
      .values({
        ad_id: adId,
        user_id: userId,
        claimed_at: sql`now()`,
        expires_at: sql`now() + ${claimLength}`,
      })
      .onConflictDoUpdate({
        target: adClaims.ad_id,
        set: {
          // A renewal keeps when the review began; a takeover starts it now.
          claimed_at: sql`case when ${adClaims.user_id} = excluded.user_id then ${adClaims.claimed_at} else now() end`,
          user_id: sql`excluded.user_id`,
          expires_at: sql`excluded.expires_at`,
        },
        setWhere: sql`${adClaims.user_id} = excluded.user_id or ${adClaims.expires_at} <= now()`,
      })
      .returning({ ad_id: adClaims.ad_id, expires_at: adClaims.expires_at })
      .catch((error: unknown) => {
        if (pgErrorOf(error)?.code === PG_FOREIGN_KEY_VIOLATION) throw notFound();
        throw error;
      });
    if (claim) {
      const [me] = await tx
        .select({ name: personName(users) })
        .from(users)
        .where(eq(users.id, userId));
      return { ...claim, claimed_by: me?.name ?? '' };
    }
    const holder = await otherHolderOf(tx, adId, userId);
    if (holder !== undefined) throw claimedError(holder);
  }
  throw new AppError(409, 'conflict');
}

/** Releases the caller's claim on the ad; someone else's stays. Nothing to release is fine. */
export async function releaseClaim(tx: Database, adId: number, userId: number): Promise<void> {
  await tx.delete(adClaims).where(and(eq(adClaims.ad_id, adId), eq(adClaims.user_id, userId)));
}

/**
 * Before a decision on the ad (its row locked by the caller): refused with a 409 naming the
 * moderator who holds a live claim on it, when that is someone other than the one deciding.
 */
export async function refuseIfClaimedByOther(tx: Database, adId: number, userId: number): Promise<void> {
  const holder = await otherHolderOf(tx, adId, userId);
  if (holder !== undefined) throw claimedError(holder);
}

/** After a decision: the ad is no longer under review (whoever's expired claim it was). */
export async function endClaim(tx: Database, adId: number): Promise<void> {
  await tx.delete(adClaims).where(eq(adClaims.ad_id, adId));
}
