import { eq, sql } from 'drizzle-orm';
import { nextVersion } from '../../crud/row-version.ts';
import type { Database } from '../../db/client.ts';
import { ads, leads, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { sendMemberNotice } from '../notifications/member-notice.ts';
import { refundLead } from './lead-refund.ts';

/**
 * The ad's poster accepts or declines a contact, once, in the caller's transaction: the answer and
 * its time are kept; on acceptance the member is told the poster's contact details (and both see
 * each other's from now on); a declined contact is refunded at once. Another member's contact is a
 * 404; one already answered or refunded (its time ran out) is a 409.
 */
export async function answerLead(
  tx: Database,
  {
    leadId,
    posterId,
    isAccepted,
    answerHours,
  }: { leadId: number; posterId: number; isAccepted: boolean; answerHours: number },
): Promise<void> {
  const [lead] = await tx
    .select({
      memberId: leads.user_id,
      posterId: ads.posted_by_user_id,
      adTitle: ads.title,
      isAccepted: leads.is_accepted,
      refundedAt: leads.refunded_at,
    })
    .from(leads)
    .innerJoin(ads, eq(ads.id, leads.ad_id))
    .where(eq(leads.id, leadId))
    .for('update', { of: leads });
  if (!lead || lead.posterId !== posterId) throw notFound();
  if (lead.isAccepted !== null) throw new AppError(409, 'lead_already_answered');
  if (lead.refundedAt !== null) throw new AppError(409, 'lead_answer_too_late');
  await tx
    .update(leads)
    .set({ is_accepted: isAccepted, response_time: sql`now()`, updated_at: nextVersion(leads.updated_at) })
    .where(eq(leads.id, leadId));
  if (!isAccepted) {
    await refundLead(tx, { leadId, reason: 'declined', actorId: posterId, answerHours });
    return;
  }
  const [poster] = await tx
    .select({ name: users.name, lastName: users.last_name, phone: users.phone, email: users.email })
    .from(users)
    .where(eq(users.id, posterId));
  await sendMemberNotice(tx, {
    userId: lead.memberId,
    template: 'lead_accepted',
    params: {
      poster: [poster?.name, poster?.lastName].filter(Boolean).join(' '),
      ad: lead.adTitle,
      phone: poster?.phone ?? '—',
      email: poster?.email ?? '—',
    },
    actorId: posterId,
  });
}
