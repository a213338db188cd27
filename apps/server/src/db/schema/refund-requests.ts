import type { RefundRequestReason, RefundRequestStatus } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { leads } from './ads.ts';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * A member's request to get a contact's credits back, decided at the refund desk: waiting, then
 * approved (refunded through the ledger), declined (with a reason the member is told) or closed
 * (the contact had been refunded meanwhile, e.g. by the worker). One request per contact.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: serial('id').primaryKey(),
    lead_id: integer('lead_id')
      .notNull()
      .references(() => leads.id),
    /** The member who paid for the contact (the lead's user_id), kept here for their list and rate. */
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').$type<RefundRequestReason>().notNull(),
    text: text('text'),
    status: text('status').$type<RefundRequestStatus>().notNull().default('waiting'),
    decided_by_user_id: integer('decided_by_user_id').references(() => users.id),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** Why staff declined (the member reads it). */
    decision_reason: text('decision_reason'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refund_requests_lead_unique').on(t.lead_id),
    check(
      'refund_requests_reason',
      sql`${t.reason} IN ('invalid_contact', 'no_answer', 'misleading', 'duplicate', 'other')`,
    ),
    check('refund_requests_status', sql`${t.status} IN ('waiting', 'approved', 'declined', 'closed')`),
    // A decision names who and when; a waiting request has neither.
    check(
      'refund_requests_decided',
      sql`(${t.status} = 'waiting') = (${t.decided_at} IS NULL) AND (${t.status} <> 'declined' OR ${t.decision_reason} IS NOT NULL)`,
    ),
    // The desk's default order: waiting first (decided_at null), then the latest; and by arrival.
    index('refund_requests_decided_idx').on(t.decided_at, t.id),
    index('refund_requests_created_idx').on(t.created_at, t.id),
    index('refund_requests_updated_at_idx').on(t.updated_at, t.id),
    index('refund_requests_user_idx').on(t.user_id, t.created_at, t.id),
  ],
);
