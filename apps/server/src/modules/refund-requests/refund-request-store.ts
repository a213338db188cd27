import type { RefundRequestReason } from '@usluge/contract';
import type { Database } from '../../db/client.ts';
import { refundRequests } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { pgErrorOf } from '../../http/pg-error.ts';
import { authorizeRefundRequest, lockRequestedLead } from './refund-request-policy.ts';

/**
 * A member asks for a sent contact's credits back, in the caller's transaction: only their own
 * contact (else 404), within `windowMs` of the contact (422), not refunded already (409), once per
 * contact (409; the database's unique index decides between two at once). Answers the new id.
 */
export async function createRefundRequest(
  tx: Database,
  {
    memberId,
    leadId,
    reason,
    text,
    windowMs,
  }: { memberId: number; leadId: number; reason: RefundRequestReason; text: string | null; windowMs: number },
): Promise<number> {
  const lead = await lockRequestedLead(tx, leadId);
  authorizeRefundRequest(memberId, 'request', lead);
  if (Date.now() - lead.contactTime.getTime() > windowMs) {
    throw new AppError(422, 'refund_request_window_over', { days: windowMs / 86_400_000 }, 'lead_id');
  }
  if (lead.refundedAt !== null) throw new AppError(409, 'refund_request_already_refunded', {}, 'lead_id');
  const [created] = await tx
    .insert(refundRequests)
    .values({ lead_id: leadId, user_id: memberId, reason, text })
    .returning({ id: refundRequests.id })
    .catch((error: unknown) => {
      if (pgErrorOf(error)?.constraint === 'refund_requests_lead_unique') {
        throw new AppError(409, 'refund_request_exists', {}, 'lead_id');
      }
      throw error;
    });
  if (!created) throw new Error('refund request insert returned nothing');
  return created.id;
}
