import type { AdReportDecision } from '@usluge/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adReportQueue, adReports, adStatuses, ads } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { changeAdStatus } from '../ads/ad-status-change.ts';
import { adStatusNames } from '../ads/statement-of-reasons.ts';
import { sendMemberNotice } from '../notifications/member-notice.ts';

export type AdReportResolution = {
  adId: number;
  decision: AdReportDecision;
  /** With 'status': the ad's new status, and the reason where the status needs one. */
  toStatusId?: number;
  comment: string | null;
  /** Rejection reason templates cited with a status decision. */
  reasonIds?: readonly number[];
  /** The ad's version the moderator saw (a status decision compares it). */
  version?: Date;
  actorId: number;
};

/**
 * Staff resolve an ad's open reports, in the caller's transaction: the ad's queue row is locked
 * (none: nothing open, e.g. resolved meanwhile, is a 409). 'status' changes the ad's status
 * through the one status change (its order, reason and version rules, history row, the poster
 * told); then every open report is closed with the decision, the queue row goes, and each
 * reporter is told the outcome in their language. Answers how many reports were closed.
 */
export async function resolveAdReports(tx: Database, resolution: AdReportResolution): Promise<number> {
  const [queued] = await tx
    .select({ adId: adReportQueue.ad_id })
    .from(adReportQueue)
    .where(eq(adReportQueue.ad_id, resolution.adId))
    .for('update');
  if (!queued) throw new AppError(409, 'ad_report_none_open');

  if (resolution.decision === 'status') {
    if (resolution.toStatusId === undefined) throw new AppError(422, 'field_required', {}, 'ad_status_id');
    await changeAdStatus(tx, {
      adId: resolution.adId,
      toStatusId: resolution.toStatusId,
      comment: resolution.comment,
      reasonIds: resolution.reasonIds ?? [],
      ...(resolution.version === undefined ? {} : { version: resolution.version }),
      actorId: resolution.actorId,
    });
  }
  const closed = await tx
    .update(adReports)
    .set({
      resolved_at: sql`now()`,
      resolved_by_user_id: resolution.actorId,
      decision: resolution.decision,
      decision_comment: resolution.comment,
    })
    .where(and(eq(adReports.ad_id, resolution.adId), isNull(adReports.resolved_at)))
    .returning({ userId: adReports.user_id });
  await tx.delete(adReportQueue).where(eq(adReportQueue.ad_id, resolution.adId));

  const [ad] = await tx
    .select({ title: ads.title, statusId: ads.ad_status_id, status: adStatuses.name })
    .from(ads)
    .innerJoin(adStatuses, eq(adStatuses.id, ads.ad_status_id))
    .where(eq(ads.id, resolution.adId));
  for (const { userId } of closed) {
    await sendMemberNotice(tx, {
      userId,
      template: resolution.decision === 'dismiss' ? 'ad_report_dismissed' : 'ad_report_status',
      // The status's name in each reporter's language.
      params: { ad: ad?.title ?? '', status: ad ? adStatusNames(ad.statusId, ad.status) : '' },
      actorId: resolution.actorId,
    });
  }
  return closed.length;
}
