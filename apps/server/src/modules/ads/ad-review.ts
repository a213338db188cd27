import { AD_STATUS } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import { appendAudit, changedFields } from '../../audit/append-audit.ts';
import { nextVersion } from '../../crud/row-version.ts';
import type { Database } from '../../db/client.ts';
import { adStatusHistory, ads } from '../../db/schema/index.ts';
import { type AdContentState, readAdContent } from './ad-revisions.ts';

/** Statuses a moderator has decided; the poster's edit of such an ad needs a new review. */
const REVIEWED: readonly number[] = [AD_STATUS.approved, AD_STATUS.rejected];

/** What the status history says of a poster's edit (stored in Montenegrin, as decisions are). */
const EDITED_BY_POSTER = 'Oglašivač je izmijenio oglas.';
const RESTORED_BY_POSTER = 'Oglašivač je ponovo aktivirao oglas.';

/** An ad's status and its content as one comparable text, read in the edit's transaction. */
export type AdReviewState = AdContentState;

/** Everything a moderator approves (ad-revisions.ts: the same content a revision keeps). */
export const readAdReviewState = readAdContent;

/**
 * After the poster's edit, in its transaction: when a moderator had decided on the ad (approved
 * or rejected) and its content changed, it goes back to awaiting approval, marked edited (the
 * moderation desk shows it), with a history entry by the poster. The decision's comment goes: it
 * was about the content as it was. An unchanged save, or an ad still awaiting approval, stays.
 */
export async function reviewPosterEdit(
  tx: Database,
  adId: number,
  posterId: number,
  before: AdReviewState,
): Promise<void> {
  if (!REVIEWED.includes(before.statusId)) return;
  const after = await readAdReviewState(tx, adId);
  if (after.text === before.text) return;
  const [was] = await tx.select({ comment: ads.status_comment }).from(ads).where(eq(ads.id, adId));
  await tx
    .update(ads)
    .set({
      ad_status_id: AD_STATUS.awaitingApproval,
      status_comment: null,
      edited_at: sql`now()`,
      updated_at: nextVersion(ads.updated_at),
    })
    .where(eq(ads.id, adId));
  await recordBackToReview(tx, adId, posterId, EDITED_BY_POSTER, {
    ad_status_id: before.statusId,
    status_comment: was?.comment ?? null,
  });
}

/**
 * After the poster restored their ad, in its transaction: a decided ad (approved or rejected) goes
 * back to awaiting approval, so a member cannot put back on show what staff took down (nothing
 * records who deactivated it) or what was decided on long ago.
 */
export async function reviewPosterRestore(tx: Database, adId: number, posterId: number): Promise<void> {
  const [ad] = await tx.select({ statusId: ads.ad_status_id }).from(ads).where(eq(ads.id, adId));
  if (!ad || !REVIEWED.includes(ad.statusId)) return;
  await tx
    .update(ads)
    .set({ ad_status_id: AD_STATUS.awaitingApproval, updated_at: nextVersion(ads.updated_at) })
    .where(eq(ads.id, adId));
  await recordBackToReview(tx, adId, posterId, RESTORED_BY_POSTER, { ad_status_id: ad.statusId });
}

/**
 * An ad its poster sent back to awaiting approval, in the same transaction: the status history
 * row, and the status audit entry (the status and what else the move cleared, before → after).
 */
async function recordBackToReview(
  tx: Database,
  adId: number,
  posterId: number,
  reason: string,
  before: { ad_status_id: number; status_comment?: string | null },
): Promise<void> {
  await tx.insert(adStatusHistory).values({
    ad_id: adId,
    from_status_id: before.ad_status_id,
    to_status_id: AD_STATUS.awaitingApproval,
    reason,
    changed_by_user_id: posterId,
  });
  const after = {
    ad_status_id: AD_STATUS.awaitingApproval,
    ...(before.status_comment === undefined ? {} : { status_comment: null }),
  };
  await appendAudit(tx, {
    action: 'status',
    recordType: 'jobs',
    recordId: adId,
    changes: changedFields(before, after),
  });
}
