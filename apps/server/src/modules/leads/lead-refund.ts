import type { LeadRefundReason } from '@usluge/contract';
import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { nextVersion } from '../../crud/row-version.ts';
import type { Database } from '../../db/client.ts';
import { ads, leads } from '../../db/schema/index.ts';
import { changeBalance } from '../../ledger/ledger.ts';
import { leadRefundDescription } from '../../ledger/ledger-descriptions.ts';
import { sendMemberNotice } from '../notifications/member-notice.ts';

/**
 * Why credits come back: by themselves (the poster declined, or did not answer in time), a request
 * staff approved, or staff removed the ad the member paid to contact.
 */
export type RefundReason = LeadRefundReason;

/** What the member is told of each refund. */
const NOTICE = {
  declined: 'lead_declined',
  no_answer: 'lead_refunded',
  request: 'lead_refund_approved',
  ad_removed: 'lead_refund_ad_removed',
} as const satisfies Record<RefundReason, string>;

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
  }: {
    leadId: number;
    reason: RefundReason;
    actorId: number | null;
    /** The answer time the member was promised (said in the notice of a contact left unanswered). */
    answerHours?: number;
  },
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
  await sendMemberNotice(tx, {
    userId: lead.memberId,
    template: NOTICE[reason],
    params: { ad: lead.adTitle, credit: lead.credit, hours: answerHours ?? 0 },
    actorId,
  });
  return true;
}

/**
 * A contact a member paid for that is still open: it cost credits, the poster has not answered and
 * nothing came back yet. Staff removing its ad may refund these (an accepted contact got what it
 * paid for; a declined one is refunded already).
 */
export const isOpenPaidLead: SQL = sql`${leads.credit} > 0 and ${leads.is_accepted} is null and ${leads.refunded_at} is null`;

/** How many open paid contacts an ad has (what the reject and deactivate dialogs offer to refund). */
export const openPaidLeadsOf = (adId: SQL | AnyPgColumn | number): SQL<number> =>
  sql<number>`(select count(*)::int from ${leads} where ${leads.ad_id} = ${adId} and ${isOpenPaidLead})`;

/**
 * Refunds every open paid contact of an ad that staff rejected or deactivated (reason 'ad_removed'),
 * each exactly once through refundLead, in the caller's transaction. Answers how many.
 */
export async function refundOpenLeadsOfAd(
  tx: Database,
  { adId, actorId }: { adId: number; actorId: number },
): Promise<number> {
  const open = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(eq(leads.ad_id, adId), gt(leads.credit, 0), isNull(leads.is_accepted), isNull(leads.refunded_at)),
    )
    .orderBy(asc(leads.id));
  let count = 0;
  for (const lead of open) {
    if (await refundLead(tx, { leadId: lead.id, reason: 'ad_removed', actorId })) count++;
  }
  return count;
}
