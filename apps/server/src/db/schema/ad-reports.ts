import type { AdReportDecision, AdReportReason } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ads } from './ads.ts';
import { users } from './users.ts';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A report of an ad by someone signed in (a member from the app, staff from the details), one per
 * person and ad, with a fixed reason. Open until staff resolve the ad's reports: dismissed, or the
 * ad's status changed ('status'); who, when and what they wrote is kept on each report.
 */
export const adReports = pgTable(
  'ad_reports',
  {
    id: serial('id').primaryKey(),
    ad_id: integer('ad_id')
      .notNull()
      .references(() => ads.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').$type<AdReportReason>().notNull(),
    text: text('text'),
    created_at: time('created_at').notNull().defaultNow(),
    resolved_at: time('resolved_at'),
    resolved_by_user_id: integer('resolved_by_user_id').references(() => users.id),
    decision: text('decision').$type<AdReportDecision>(),
    decision_comment: text('decision_comment'),
  },
  (t) => [
    // One report per person and ad (also finds an ad's reports, open or not).
    uniqueIndex('ad_reports_ad_user_unique').on(t.ad_id, t.user_id),
    // The open reports of an ad by reason: the queue's reasons and the reason filter.
    index('ad_reports_open_idx').on(t.ad_id, t.reason).where(sql`${t.resolved_at} IS NULL`),
    index('ad_reports_user_idx').on(t.user_id),
    check(
      'ad_reports_reason',
      sql`${t.reason} IN ('spam', 'prohibited', 'wrong_category', 'misleading_price', 'offensive', 'other')`,
    ),
    check('ad_reports_text', sql`${t.reason} <> 'other' OR ${t.text} IS NOT NULL`),
    // A resolution names its decision and when; an open report has neither.
    check(
      'ad_reports_resolved',
      sql`(${t.resolved_at} IS NULL) = (${t.decision} IS NULL) AND (${t.decision} IS NULL OR ${t.decision} IN ('dismiss', 'status'))`,
    ),
  ],
);

/**
 * The reports queue: one row per ad with open reports, its count and the first and last report
 * time, kept by the report and resolve writes in their transactions. A grouped count cannot be
 * sorted on an index; these columns can, so the queue pages by count or age on indexes as every
 * list does, however many reports there are.
 */
export const adReportQueue = pgTable(
  'ad_report_queue',
  {
    ad_id: integer('ad_id')
      .primaryKey()
      .references(() => ads.id),
    open_count: integer('open_count').notNull(),
    oldest_at: time('oldest_at').notNull(),
    newest_at: time('newest_at').notNull(),
  },
  (t) => [
    index('ad_report_queue_count_idx').on(t.open_count, t.ad_id),
    index('ad_report_queue_oldest_idx').on(t.oldest_at, t.ad_id),
    index('ad_report_queue_newest_idx').on(t.newest_at, t.ad_id),
    check('ad_report_queue_count', sql`${t.open_count} > 0`),
  ],
);
