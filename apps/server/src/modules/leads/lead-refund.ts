import { eq, sql } from 'drizzle-orm';
import { nextVersion } from '../../crud/row-version.ts';
import type { Database } from '../../db/client.ts';
import { ads, leads } from '../../db/schema/index.ts';
import { changeBalance } from '../../ledger/ledger.ts';
import { leadRefundDescription } from '../../ledger/ledger-descriptions.ts';
import { sendLeadNotice } from './lead-notices.ts';

/** Refunds the product gives by itself: the poster declined, or did not answer in time. */
export type AutomaticRefund = 'declined' | 'no_answer';

/**
 * Gives a contact's credits back, exactly once: the lead is locked, one already refunded is left
 * as it is (false), otherwise one ledger entry linked to the lead (the database refuses a second)
 * and the member is told. In the caller's transaction.
 */
export async function refundLead(
  tx: Database,
  {
    leadId,
    reason,
    actorId,
    answerHours,
  }: { leadId: number; reason: AutomaticRefund; actorId: number | null; answerHours: number },
): Promise<boolean> {
  const [lead] = await tx
    .select({
      memberId: leads.user_id,
      credit: leads.credit,
      refundedAt: leads.refunded_at,
      adTitle: ads.title,
    })
    .from(leads)
    .innerJoin(ads, eq(ads.id, leads.ad_id))
    .where(eq(leads.id, leadId))
    .for('update', { of: leads });
  if (!lead || lead.refundedAt !== null) return false;
  if (lead.credit > 0) {
    await changeBalance(tx, {
      userId: lead.memberId,
      amount: lead.credit,
      description: leadRefundDescription(lead.adTitle, reason),
      actorId,
      leadId,
    });
  }
  await tx
    .update(leads)
    .set({ refunded_at: sql`now()`, refund_reason: reason, updated_at: nextVersion(leads.updated_at) })
    .where(eq(leads.id, leadId));
  await sendLeadNotice(tx, {
    userId: lead.memberId,
    template: reason === 'declined' ? 'lead_declined' : 'lead_refunded',
    params: { ad: lead.adTitle, credit: lead.credit, hours: answerHours },
    actorId,
  });
  return true;
}
