import { AD_STATUS } from '@usluge/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adServices, ads, leads, services, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { pgErrorOf } from '../../http/pg-error.ts';
import { changeBalance, lockBalance } from '../../ledger/ledger.ts';
import { leadContactDescription } from '../../ledger/ledger-descriptions.ts';
import { sendMemberNotice } from '../notifications/member-notice.ts';

/**
 * A member contacts an ad about one of its services, in the caller's transaction: the service's
 * credit cost at this moment is taken from the member's balance through the ledger (an entry
 * linked to the lead), the lead is created and the poster is told (inbox and e-mail). Refused,
 * changing nothing: an ad that is not approved and active (404), the member's own ad, a service
 * the ad does not offer, a second open contact for the same ad and service, too few credits.
 */
export async function contactAd(
  tx: Database,
  {
    memberId,
    adId,
    serviceId,
    answerMs,
  }: { memberId: number; adId: number; serviceId: number; answerMs: number },
): Promise<{ leadId: number; balance: number }> {
  const [ad] = await tx
    .select({
      title: ads.title,
      posterId: ads.posted_by_user_id,
      statusId: ads.ad_status_id,
      isActive: ads.is_active,
    })
    .from(ads)
    .where(eq(ads.id, adId));
  if (!ad?.isActive || ad.statusId !== AD_STATUS.approved) throw notFound();
  if (ad.posterId === memberId) throw new AppError(422, 'lead_own_ad', {}, 'ad_id');
  const [service] = await tx
    .select({ name: services.name, credit: services.credit })
    .from(adServices)
    .innerJoin(services, eq(services.id, adServices.service_id))
    .where(
      and(
        eq(adServices.ad_id, adId),
        eq(adServices.service_id, serviceId),
        eq(services.is_service, true),
        eq(services.is_active, true),
      ),
    );
  if (!service) throw new AppError(422, 'lead_service_not_in_ad', {}, 'service_id');
  const cost = service.credit ?? 0;
  // The balance first, locked: a refusal for too few credits names the cost and the balance.
  const balance = await lockBalance(tx, memberId);
  if (balance < cost) throw new AppError(409, 'lead_not_enough_credits', { cost, balance }, 'service_id');

  const [lead] = await tx
    .insert(leads)
    .values({
      ad_id: adId,
      service_id: serviceId,
      user_id: memberId,
      credit: cost,
      answer_due_at: sql`now() + make_interval(secs => ${answerMs / 1000})`,
    })
    .returning({ id: leads.id })
    .catch((error: unknown) => {
      if (pgErrorOf(error)?.constraint === 'leads_open_unique') {
        throw new AppError(409, 'lead_already_open', {}, 'service_id');
      }
      throw error;
    });
  if (!lead) throw new Error('lead insert returned nothing');
  const after =
    cost > 0
      ? (
          await changeBalance(tx, {
            userId: memberId,
            amount: -cost,
            description: leadContactDescription(ad.title),
            actorId: memberId,
            leadId: lead.id,
            field: 'service_id',
          })
        ).after
      : balance;
  const [member] = await tx.select({ name: users.name }).from(users).where(eq(users.id, memberId));
  await sendMemberNotice(tx, {
    userId: ad.posterId,
    template: 'lead_received',
    params: { member: member?.name ?? '', ad: ad.title, service: service.name, hours: answerMs / 3_600_000 },
    actorId: memberId,
  });
  return { leadId: lead.id, balance: after };
}
