import { AD_STATUS } from '@usluge/contract';
import { and, eq } from 'drizzle-orm';
import { appendAudit, changedFields } from '../../audit/append-audit.ts';
import { currentAuditActor } from '../../audit/audit-actor.ts';
import { lockVersion, nextVersion } from '../../crud/row-version.ts';
import type { Database } from '../../db/client.ts';
import { adStatuses, adStatusHistory, adStatusOrder, ads } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { refundOpenLeadsOfAd } from '../leads/lead-refund.ts';
import { endClaim, refuseIfClaimedByOther } from './ad-claims.ts';
import { adList } from './ad-list.ts';
import { approveLatestRevision } from './ad-revisions.ts';
import { citedReasons, sendStatement } from './statement-of-reasons.ts';

export type StatusDecision = {
  adId: number;
  toStatusId: number;
  comment: string | null;
  /** Rejection reason templates cited (issue 19): each must exist and be active. */
  reasonIds?: readonly number[];
  /** The status the moderator saw; when the ad has moved on since, the decision is refused. */
  fromStatusId?: number;
  /** The ad's version the moderator saw; when it has changed since, the decision is refused. */
  version?: Date;
  actorId: number;
  /** A rejection also refunds the ad's open paid contacts (reason 'ad_removed'); other moves ignore it. */
  refundLeads?: boolean;
  /** An approval hands over the photo files it lets go (kept for the diff), to remove after commit. */
  discardFiles?: (urls: readonly string[]) => void;
};

async function statusOf(tx: Database, id: number) {
  const [status] = await tx
    .select({ id: adStatuses.id, name: adStatuses.name, isReasonRequired: adStatuses.is_reason_required })
    .from(adStatuses)
    .where(eq(adStatuses.id, id));
  return status ?? null;
}

/** The statuses an ad in this status may move to (the spec's status order), by id. */
export function nextStatuses(db: Database, statusId: number) {
  return db
    .select({
      id: adStatuses.id,
      name: adStatuses.name,
      background_color: adStatuses.background_color,
      is_reason_required: adStatuses.is_reason_required,
    })
    .from(adStatusOrder)
    .innerJoin(adStatuses, eq(adStatuses.id, adStatusOrder.next_status_id))
    .where(and(eq(adStatusOrder.status_id, statusId), eq(adStatuses.is_active, true)))
    .orderBy(adStatuses.id);
}

/**
 * A moderator's decision on one ad, inside the caller's transaction: the ad's row is locked; a
 * version or status other than the one the moderator saw is a 409 (the first decision stands); a move the
 * status order does not allow, a missing reason where one is required (a comment or a template),
 * or a template that is not active, is a 422. The change is kept in the ad's status history with
 * the statement of reasons its owner is sent in their language (statement-of-reasons.ts). A rejection
 * asked to refund the ad's open paid contacts refunds them in the same transaction.
 */
export async function changeAdStatus(tx: Database, decision: StatusDecision): Promise<void> {
  const [ad] = await tx
    .select({
      statusId: ads.ad_status_id,
      ownerId: ads.posted_by_user_id,
      title: ads.title,
      comment: ads.status_comment,
    })
    .from(ads)
    .where(eq(ads.id, decision.adId))
    .for('update');
  if (!ad) throw notFound();
  // Someone else reviewing it (a live claim) comes first; the stale-status 409 stays behind it.
  await refuseIfClaimedByOther(tx, decision.adId, decision.actorId);
  const current = await statusOf(tx, ad.statusId);
  if (decision.fromStatusId !== undefined && decision.fromStatusId !== ad.statusId) {
    throw new AppError(409, 'ad_status_changed', { status: current?.name ?? '' });
  }
  // After the status: a decision someone else made first is named as such, not as any change.
  await lockVersion(tx, ads, adList, decision.adId, decision.version);
  const target = await statusOf(tx, decision.toStatusId);
  if (!target) throw new AppError(422, 'invalid_reference', {}, 'ad_status_id');
  const allowed = await nextStatuses(tx, ad.statusId);
  if (!allowed.some((status) => status.id === target.id)) {
    throw new AppError(
      422,
      'ad_status_not_allowed',
      { from: current?.name ?? '', to: target.name },
      'ad_status_id',
    );
  }
  const reasons = await citedReasons(tx, decision.reasonIds ?? []);
  // A reason is a comment or at least one template (or both).
  if (target.isReasonRequired && !decision.comment && reasons.length === 0) {
    throw new AppError(422, 'field_required', {}, 'status_comment');
  }
  await tx
    .update(ads)
    .set({
      ad_status_id: target.id,
      status_comment: decision.comment,
      // Approved as it now is: the poster's edit no longer marks it (ad-review.ts sets the mark).
      ...(target.id === AD_STATUS.approved ? { edited_at: null } : {}),
      updated_at: nextVersion(ads.updated_at),
    })
    .where(eq(ads.id, decision.adId));
  // The statement of reasons, in the poster's language (inbox and mail); the history keeps its text.
  const statement = await sendStatement(tx, {
    userId: ad.ownerId,
    actorId: decision.actorId,
    adTitle: ad.title,
    statusId: target.id,
    statusName: target.name,
    isReasonRequired: target.isReasonRequired,
    reasons,
    comment: decision.comment,
  });
  await tx.insert(adStatusHistory).values({
    ad_id: decision.adId,
    from_status_id: ad.statusId,
    to_status_id: target.id,
    reason: decision.comment,
    reason_ids: reasons.length > 0 ? reasons.map((reason) => reason.id) : null,
    statement,
    changed_by_user_id: decision.actorId,
  });
  await appendAudit(tx, {
    action: 'status',
    recordType: 'jobs',
    recordId: decision.adId,
    changes: {
      ...changedFields({ ad_status_id: ad.statusId }, { ad_status_id: target.id }),
      ...changedFields({ status_comment: ad.comment }, { status_comment: decision.comment ?? null }),
      ...(reasons.length > 0
        ? { reason_ids: { before: null, after: reasons.map((reason) => reason.id) } }
        : {}),
    },
    actor: { id: decision.actorId, ip: currentAuditActor().ip },
  });
  // Approved: the content as it is now is what the next diff is against (ad-revisions.ts).
  if (target.id === AD_STATUS.approved) {
    decision.discardFiles?.(await approveLatestRevision(tx, decision.adId, decision.actorId));
  }
  if (decision.refundLeads === true && target.id === AD_STATUS.rejected) {
    await refundOpenLeadsOfAd(tx, { adId: decision.adId, actorId: decision.actorId });
  }
  // Decided: no longer under review.
  await endClaim(tx, decision.adId);
}
