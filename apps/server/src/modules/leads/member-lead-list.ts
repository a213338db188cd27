import { memberLeadSchema } from '@usluge/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { ads, leads } from '../../db/schema/index.ts';
import { unauthorized } from '../../http/errors.ts';
import { defineList, type ListViewer } from '../../list-engine/list-definition.ts';
import { readMemberLeads } from './member-lead-query.ts';

/** A member's contacts: the ones they sent and the ones their ads received. */
const ownContacts = (viewer: ListViewer): SQL =>
  sql`(${leads.user_id} = ${viewer.userId} or ${ads.posted_by_user_id} = ${viewer.userId})`;

/**
 * `POST /api/me/leads/index`: the caller's contacts, newest first, `filters.direction` 'sent' (the
 * ones they paid for) or 'received' (their ads'); the other side's contact details once accepted.
 */
export const memberLeadList = defineList({
  resource: 'me_leads',
  indexPath: 'me/leads/index',
  routes: ['index'],
  from: sql`${leads} inner join ${ads} on ${ads.id} = ${leads.ad_id}`,
  id: leads.id,
  scopeOf: ownContacts,
  defaultSort: { key: 'contact_time', isDescending: true },
  columns: {
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
    direction: {
      expression: leads.user_id,
      type: 'text',
      operators: ['equals'],
      condition: (_operator, [direction], viewer) =>
        direction === 'received'
          ? eq(ads.posted_by_user_id, viewer?.userId ?? 0)
          : direction === 'sent'
            ? eq(leads.user_id, viewer?.userId ?? 0)
            : sql`false`,
    },
    ad_id: { expression: leads.ad_id, type: 'id', operators: ['equals'] },
    is_accepted: { expression: leads.is_accepted, type: 'boolean', operators: ['equals'] },
  },
  rowSchema: memberLeadSchema,
  access: { index: 'member' },
  docs: {
    summary: "The member's contacts, sent and received, newest first",
    description:
      "The list body of every list. `filters.direction`: 'sent' (contacts the member paid for) or 'received' (contacts of the member's ads); absent, both. Also `contact_time` (between dates), `ad_id`, `is_accepted`. Each row says the other side's name, and its phone, e-mail and last name once the contact is accepted; `answer_due_at` is when an unanswered contact is refunded by itself.",
  },
  loadRows: async (db, scope) => {
    if (!scope.viewer) throw unauthorized();
    return readMemberLeads(db, { viewerId: scope.viewer.userId, where: scope.where, orderBy: scope.orderBy });
  },
});
