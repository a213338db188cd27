import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sign-in and account limits' counters (limits/postgres-limit-store.ts), shared by every node.
 * A row is forgotten at `reset_at`; expired rows are deleted as counting goes.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** What is counted, e.g. `login:ip:203.0.113.7`; unlock clears a username's keys by prefix. */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    reset_at: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Until when a backoff counter holds further hits back (the epoch: not held). */
    hold_until: timestamp('hold_until', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    // A prefix LIKE uses this index whatever the database's collation.
    index('rate_limit_counters_key_prefix_idx').on(t.key.op('text_pattern_ops')),
    index('rate_limit_counters_reset_at_idx').on(t.reset_at),
  ],
);
