import {
  type Language,
  memberRefundRequestSchema,
  REFUND_REQUEST_REASONS,
  REFUND_REQUEST_STATUSES,
  type RefundRequestReason,
  type RefundRequestStatus,
  refundRequestRowSchema,
} from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { ads, fullNameOf, leads, refundRequests, services, users } from '../../db/schema/index.ts';
import { defineList, pickFields, type RowScope } from '../../list-engine/list-definition.ts';
import { foldedTextContains } from '../../list-engine/list-query.ts';
import { personName } from '../users/user-list.ts';
import { ownRefundRequests } from './refund-request-policy.ts';

const member = alias(users, 'member');
const decider = alias(users, 'decider');

/** The desk's words for the report (the screen has its own in the web catalogues). */
const STATUS_WORDS: Record<RefundRequestStatus, Record<Language, string>> = {
  waiting: { me: 'Čeka', en: 'Waiting' },
  approved: { me: 'Odobren', en: 'Approved' },
  declined: { me: 'Odbijen', en: 'Declined' },
  closed: { me: 'Već vraćeno', en: 'Already refunded' },
};
const REASON_WORDS: Record<RefundRequestReason, Record<Language, string>> = {
  invalid_contact: { me: 'Netačni kontakt podaci', en: 'Invalid contact details' },
  no_answer: { me: 'Bez odgovora', en: 'No answer' },
  misleading: { me: 'Oglas je obmanjujući', en: 'Misleading ad' },
  duplicate: { me: 'Dupli kontakt', en: 'Duplicate' },
  other: { me: 'Drugo', en: 'Other' },
};

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/** Rows of either list (the desk's or the member's), in the scope's order. */
async function readRefundRequests(db: Database, scope: RowScope) {
  const rows = await db
    .select(
      pickFields(
        {
          id: refundRequests.id,
          lead_id: refundRequests.lead_id,
          ad_id: ads.id,
          ad_title: ads.title,
          credit: leads.credit,
          reason: refundRequests.reason,
          text: refundRequests.text,
          status: refundRequests.status,
          decided_at: refundRequests.decided_at,
          decision_reason: refundRequests.decision_reason,
          created_at: refundRequests.created_at,
          updated_at: refundRequests.updated_at,
          user_id: refundRequests.user_id,
          member_name: sql<string>`coalesce(${personName(member)}, '')`,
          service_name: services.name,
          contact_time: leads.contact_time,
          decided_by: personName(decider),
          refunded: sql<number>`(select count(*)::int from ${leads} l where l.user_id = ${refundRequests.user_id} and l.refund_reason = 'request')`,
          contacts: sql<number>`(select count(*)::int from ${leads} l where l.user_id = ${refundRequests.user_id})`,
        },
        // The report's columns read these row fields under other names.
        scope.fields
          ? {
              ...scope,
              fields: new Set([
                ...scope.fields,
                ...(scope.fields.has('ad') ? ['ad_id', 'ad_title'] : []),
                ...(scope.fields.has('refund_rate') ? ['refunded', 'contacts'] : []),
              ]),
            }
          : scope,
      ),
    )
    .from(refundRequests)
    .innerJoin(leads, eq(leads.id, refundRequests.lead_id))
    .innerJoin(ads, eq(ads.id, leads.ad_id))
    .innerJoin(member, eq(member.id, refundRequests.user_id))
    .leftJoin(services, eq(services.id, leads.service_id))
    .leftJoin(decider, eq(decider.id, refundRequests.decided_by_user_id))
    .where(scope.where)
    .orderBy(scope.orderBy);
  return rows.map(({ ad_id, ad_title, refunded, contacts, ...row }) => ({
    ...row,
    ad: { id: ad_id, title: ad_title },
    refund_rate: { refunded, contacts },
  }));
}

const from = sql`${refundRequests} inner join ${leads} on ${leads.id} = ${refundRequests.lead_id} inner join ${ads} on ${ads.id} = ${leads.ad_id}`;

const created_at = {
  expression: refundRequests.created_at,
  type: 'date',
  operators: ['between', 'gte', 'lte'],
  isSortable: true,
} as const;
/** The row's version (refund_requests_updated_at_idx). */
const updated_at = {
  expression: refundRequests.updated_at,
  type: 'date',
  operators: ['between', 'gte', 'lte'],
  isSortable: true,
} as const;
const status = {
  expression: refundRequests.status,
  type: 'text',
  operators: ['equals', 'in'],
  reportCell: (row: Record<string, unknown>, lang: Language) =>
    isOneOf(REFUND_REQUEST_STATUSES, row.status) ? STATUS_WORDS[row.status][lang] : null,
  reportFields: ['status'],
} as const;
const reason = {
  expression: refundRequests.reason,
  type: 'text',
  operators: ['equals', 'in'],
  reportCell: (row: Record<string, unknown>, lang: Language) =>
    isOneOf(REFUND_REQUEST_REASONS, row.reason) ? REASON_WORDS[row.reason][lang] : null,
  reportFields: ['reason'],
} as const;

/**
 * `POST /api/refund_requests/index`: the refund desk. Waiting requests first (decided_at is null
 * sorts first descending), newest first among them, then the latest decisions; each row with the
 * member's refund rate (their contacts refunded on request, of all their contacts).
 */
export const refundRequestList = defineList({
  resource: 'refund_requests',
  routes: ['index'],
  // The alias named after its table: `users "member"`.
  from: sql`${from} inner join ${users} ${member} on ${member.id} = ${refundRequests.user_id}`,
  id: refundRequests.id,
  defaultSort: { key: 'decided_at', isDescending: true },
  columns: {
    created_at,
    updated_at,
    decided_at: {
      expression: refundRequests.decided_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    status,
    reason,
    user_id: { expression: refundRequests.user_id, type: 'id', operators: ['equals', 'in'] },
    member_name: {
      expression: fullNameOf(member),
      type: 'text',
      operators: ['contains'],
      // The member's stored folded full name (on the alias), so a name is found on users_full_name_trgm.
      condition: (_operator, [fragment]) => foldedTextContains(member.full_name_folded, String(fragment)),
    },
    ad_id: { expression: leads.ad_id, type: 'id', operators: ['equals'] },
    refund_rate: {
      expression: refundRequests.user_id,
      type: 'id',
      reportCell: (row) => `${String(row.refunded ?? 0)} / ${String(row.contacts ?? 0)}`,
      reportFields: ['refunded', 'contacts'],
    },
  },
  rowSchema: refundRequestRowSchema,
  access: { index: 'administrator' },
  docs: {
    summary: 'The refund desk: members’ refund requests, waiting first',
    description:
      "The list body of every list. Default order: waiting requests (decided_at null) first, newest first, then the latest decisions. Filters: `status` ('waiting', 'approved', 'declined', 'closed': refunded meanwhile otherwise), `reason`, `user_id` (the member), `member_name` (contains), `ad_id`, `created_at` and `decided_at` (between dates). Each row has `refund_rate`: of the member's contacts, how many were refunded on request. `is_report` makes a file as for every list.",
  },
  loadRows: readRefundRequests,
});

/** `POST /api/me/refund_requests/index`: the caller's own refund requests and their state. */
export const memberRefundRequestList = defineList({
  resource: 'me_refund_requests',
  indexPath: 'me/refund_requests/index',
  routes: ['index'],
  from,
  id: refundRequests.id,
  scopeOf: ownRefundRequests,
  defaultSort: { key: 'created_at', isDescending: true },
  columns: {
    created_at,
    updated_at,
    status: { expression: refundRequests.status, type: 'text', operators: ['equals', 'in'] },
    lead_id: { expression: refundRequests.lead_id, type: 'id', operators: ['equals'] },
  },
  rowSchema: memberRefundRequestSchema,
  access: { index: 'member' },
  docs: {
    summary: "The member's refund requests and their state, newest first",
    description:
      "The list body of every list (`filters`: `status`, `lead_id`, `created_at` between dates). Each request: the contact (`lead_id`, ad, credits), the reason and text sent, `status` ('waiting', 'approved': the credits are back, 'declined': `decision_reason` says why, 'closed': the contact had been refunded otherwise), `decided_at`.",
  },
  loadRows: readRefundRequests,
});
