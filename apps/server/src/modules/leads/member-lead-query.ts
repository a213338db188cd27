import type { MemberLead } from '@usluge/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, leads, services, users } from '../../db/schema/index.ts';

/**
 * Contacts as a member sees them: the ones they sent and the ones their ads received, with the
 * other side's contact details only once the contact is accepted (before that, the name alone).
 */
export async function readMemberLeads(
  db: Database,
  { viewerId, where, orderBy = sql`${leads.id}` }: { viewerId: number; where: SQL; orderBy?: SQL },
): Promise<MemberLead[]> {
  const isSent = sql<boolean>`${leads.user_id} = ${viewerId}`;
  const rows = await db
    .select({
      id: leads.id,
      isSent,
      adId: ads.id,
      adTitle: ads.title,
      serviceId: services.id,
      serviceName: services.name,
      credit: leads.credit,
      contactTime: leads.contact_time,
      answerDueAt: leads.answer_due_at,
      isAccepted: leads.is_accepted,
      responseTime: leads.response_time,
      refundedAt: leads.refunded_at,
      refundReason: leads.refund_reason,
      counterpart: {
        id: users.id,
        name: users.name,
        lastName: users.last_name,
        phone: users.phone,
        email: users.email,
      },
    })
    .from(leads)
    .innerJoin(ads, eq(ads.id, leads.ad_id))
    .leftJoin(services, eq(services.id, leads.service_id))
    // The other side: the poster for a sent contact, the member who paid for a received one.
    .innerJoin(
      users,
      sql`${users.id} = case when ${isSent} then ${ads.posted_by_user_id} else ${leads.user_id} end`,
    )
    .where(and(sql`(${leads.user_id} = ${viewerId} or ${ads.posted_by_user_id} = ${viewerId})`, where))
    .orderBy(orderBy);
  return rows.map((row) => {
    const isShared = row.isAccepted === true;
    return {
      id: row.id,
      direction: row.isSent ? 'sent' : 'received',
      ad: { id: row.adId, title: row.adTitle },
      service: row.serviceId === null ? null : { id: row.serviceId, name: row.serviceName ?? '' },
      credit: row.credit,
      contact_time: row.contactTime,
      is_accepted: row.isAccepted,
      response_time: row.responseTime,
      refunded_at: row.refundedAt,
      refund_reason: row.refundReason as MemberLead['refund_reason'],
      answer_due_at: row.answerDueAt,
      counterpart: {
        id: row.counterpart.id,
        name: row.counterpart.name,
        last_name: isShared ? row.counterpart.lastName : null,
        phone: isShared ? row.counterpart.phone : null,
        email: isShared ? row.counterpart.email : null,
      },
    };
  });
}

export async function readMemberLead(db: Database, leadId: number, viewerId: number) {
  const [lead] = await readMemberLeads(db, { viewerId, where: inArray(leads.id, [leadId]) });
  return lead ?? null;
}
