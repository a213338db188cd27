import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { leads, refundRequests } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { ListViewer } from '../../list-engine/list-definition.ts';

export type RefundRequestAction = 'request';

/** The contact a refund is asked for, as the policy and the store read it. */
export type RequestedLead = {
  memberId: number;
  contactTime: Date;
  refundedAt: Date | null;
};

/**
 * Whether a member may act on a contact's refund: only on a contact they sent (paid for). Any
 * other (another member's, one their ad received, one that does not exist) is a 404, so its
 * existence is not revealed. Deciding is staff's (the route's access), not a member's action.
 */
export function authorizeRefundRequest(
  memberId: number,
  _action: RefundRequestAction,
  lead: RequestedLead | undefined,
): asserts lead is RequestedLead {
  if (!lead || lead.memberId !== memberId) throw notFound();
}

/** The contact, locked for the rest of the transaction (a refund and a request cannot cross). */
export async function lockRequestedLead(tx: Database, leadId: number): Promise<RequestedLead | undefined> {
  const [lead] = await tx
    .select({ memberId: leads.user_id, contactTime: leads.contact_time, refundedAt: leads.refunded_at })
    .from(leads)
    .where(eq(leads.id, leadId))
    .for('update');
  return lead;
}

/** A member's list of requests: their own only. */
export const ownRefundRequests = (viewer: ListViewer): SQL => eq(refundRequests.user_id, viewer.userId);
