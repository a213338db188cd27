import { eq, sql } from 'drizzle-orm';
import { lockVersion, nextVersion } from '../../crud/row-version.ts';
import type { Database } from '../../db/client.ts';
import { ads, leads, refundRequests } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { refundLead } from '../leads/lead-refund.ts';
import { sendMemberNotice } from '../notifications/member-notice.ts';
import { refundRequestList } from './refund-request-list.ts';

export type RefundDecision = {
  requestId: number;
  isApproved: boolean;
  /** Why it is declined (required then; the member reads it). */
  reason: string | null;
  /** The request's version staff saw; changed since (decided by someone else): 409. */
  version?: Date;
  actorId: number;
};

/**
 * Staff decide a waiting request, in the caller's transaction, once: the request is locked (a
 * stale version, or a request decided meanwhile, is a 409 and changes nothing). Approved: the
 * contact is refunded through refundLead (reason 'request'), exactly once; a contact refunded
 * meanwhile otherwise (the worker, the ad removed) closes the request as already refunded.
 * Declined: the member is told why, in the inbox and by e-mail.
 */
export async function decideRefundRequest(tx: Database, decision: RefundDecision): Promise<void> {
  await lockVersion(tx, refundRequests, refundRequestList, decision.requestId, decision.version);
  const [request] = await tx
    .select({
      status: refundRequests.status,
      leadId: refundRequests.lead_id,
      memberId: refundRequests.user_id,
      adTitle: ads.title,
    })
    .from(refundRequests)
    .innerJoin(leads, eq(leads.id, refundRequests.lead_id))
    .innerJoin(ads, eq(ads.id, leads.ad_id))
    .where(eq(refundRequests.id, decision.requestId));
  if (!request) throw notFound();
  if (request.status !== 'waiting') throw new AppError(409, 'refund_request_decided');

  let status: 'approved' | 'declined' | 'closed' = 'declined';
  if (decision.isApproved) {
    const isRefunded = await refundLead(tx, {
      leadId: request.leadId,
      reason: 'request',
      actorId: decision.actorId,
    });
    status = isRefunded ? 'approved' : 'closed';
  } else {
    await sendMemberNotice(tx, {
      userId: request.memberId,
      template: 'lead_refund_declined',
      params: { ad: request.adTitle, reason: decision.reason ?? '' },
      actorId: decision.actorId,
    });
  }
  await tx
    .update(refundRequests)
    .set({
      status,
      decided_by_user_id: decision.actorId,
      decided_at: sql`now()`,
      decision_reason: decision.isApproved ? null : decision.reason,
      updated_at: nextVersion(refundRequests.updated_at),
    })
    .where(eq(refundRequests.id, decision.requestId));
}
