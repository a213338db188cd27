import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ads } from './ads.ts';
import { isActive, timestamps } from './columns.ts';
import { users } from './users.ts';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Reasons a moderator picks when rejecting an ad (or changing its status after reports): a title
 * and the text the poster reads, in Montenegrin and English. Administrators keep them.
 */
export const rejectionReasons = pgTable(
  'rejection_reasons',
  {
    id: serial('id').primaryKey(),
    title_me: text('title_me').notNull(),
    title_en: text('title_en').notNull(),
    text_me: text('text_me').notNull(),
    text_en: text('text_en').notNull(),
    is_active: isActive(),
    ...timestamps,
  },
  (t) => [
    index('rejection_reasons_updated_idx').on(t.updated_at, t.id),
    index('rejection_reasons_active_idx').on(t.is_active, t.id),
  ],
);

/**
 * A revision of an ad's content (title, description, prices, currency, services, places, working
 * days, photos), kept by every write that changes it, with names beside ids so that a diff reads
 * without joins to rows that may have changed since. `approved_at`: a moderator approved the ad
 * while this was its content; the diff a moderator sees is against the last such revision.
 */
export const adRevisions = pgTable(
  'ad_revisions',
  {
    id: serial('id').primaryKey(),
    ad_id: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    content: jsonb('content').notNull(),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    created_at: time('created_at').notNull().defaultNow(),
    approved_at: time('approved_at'),
  },
  (t) => [
    index('ad_revisions_ad_idx').on(t.ad_id, t.id),
    index('ad_revisions_approved_idx').on(t.ad_id, t.id).where(sql`${t.approved_at} IS NOT NULL`),
  ],
);

/**
 * A moderator's claim of an ad under review: held until `expires_at` (five minutes, renewed while
 * they work), released on a decision or when review mode closes. Not on the ad's row: claiming
 * does not change the ad's version.
 */
export const adClaims = pgTable(
  'ad_claims',
  {
    ad_id: integer('ad_id')
      .primaryKey()
      .references(() => ads.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    claimed_at: time('claimed_at').notNull().defaultNow(),
    expires_at: time('expires_at').notNull(),
  },
  (t) => [index('ad_claims_expires_idx').on(t.expires_at)],
);
