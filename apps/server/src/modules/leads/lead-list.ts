import { type LeadRefundReason, leadRowSchema } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import { qualified } from '../../db/qualified-column.ts';
import { ads, leads, services, users } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';

/**
 * Who contacted an ad and what it cost them (`POST /api/leads/index` filtered by ad_id); on a user's
 * page, the contacts they bought (user_id) and those made on their ads (poster_user_id).
 */
export const leadList = defineList({
  resource: 'leads',
  routes: ['index'],
  from: sql`${leads}`,
  id: leads.id,
  defaultSort: { key: 'contact_time', isDescending: true },
  columns: {
    ad_id: { expression: leads.ad_id, type: 'id', operators: ['equals'] },
    // The buyer: leads_user_contact_idx (user_id, contact_time, id) serves it in list order.
    user_id: { expression: leads.user_id, type: 'id', operators: ['equals'] },
    // The poster of the contacted ad: their ads on ads_user_idx, then each ad's contacts on leads_ad_idx.
    poster_user_id: {
      expression: leads.ad_id,
      type: 'id',
      operators: ['equals'],
      condition: (_operator, [posterId]) =>
        sql`${qualified(leads.ad_id)} in (select ${ads.id} from ${ads} where ${ads.posted_by_user_id} = ${posterId})`,
    },
    contact_time: {
      expression: leads.contact_time,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    updated_at: {
      expression: leads.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    response_time: {
      expression: leads.response_time,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    credit: {
      expression: leads.credit,
      type: 'number',
      operators: ['equals', 'gte', 'lte'],
      isSortable: true,
      format: 'credits',
    },
    is_accepted: { expression: leads.is_accepted, type: 'boolean', operators: ['equals'], isSortable: true },
  },
  rowSchema: leadRowSchema,
  access: { index: 'staff' },
  loadRows: async (db, scope) => {
    const rows = await db
      .select({
        id: leads.id,
        ad_id: leads.ad_id,
        ad_title: ads.title,
        service_id: services.id,
        service_name: services.name,
        user_id: leads.user_id,
        name: users.name,
        last_name: users.last_name,
        credit: leads.credit,
        contact_time: leads.contact_time,
        is_accepted: leads.is_accepted,
        response_time: leads.response_time,
        refunded_at: leads.refunded_at,
        refund_reason: sql<LeadRefundReason | null>`${leads.refund_reason}`,
        updated_at: leads.updated_at,
      })
      .from(leads)
      .innerJoin(users, eq(users.id, leads.user_id))
      .innerJoin(ads, eq(ads.id, leads.ad_id))
      .leftJoin(services, eq(services.id, leads.service_id))
      .where(scope.where)
      .orderBy(scope.orderBy);
    return rows.map(({ service_id, service_name, ...row }) => ({
      ...row,
      service: service_id === null || service_name === null ? null : { id: service_id, name: service_name },
    }));
  },
});
