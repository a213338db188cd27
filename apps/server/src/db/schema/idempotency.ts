import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Answers of calls that change money, by the caller's Idempotency-Key: a retried request gets the
 * first answer instead of changing a balance twice. Written in the same transaction as the change,
 * so a key exists exactly when its change happened.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Keys are the caller's own: two staff members may happen to use the same one. */
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** The route and a hash of the body: the same key with another request is refused. */
    request_hash: text('request_hash').notNull(),
    /** The answer; absent while the first request is still being served (its transaction is open). */
    status_code: integer('status_code'),
    response: jsonb('response'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.created_at),
  ],
);
