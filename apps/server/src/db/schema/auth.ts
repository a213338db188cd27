import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A signed-in session: one family of rotated refresh tokens. The current access token's hash lives
 * here so that revoking the session ends it at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    access_token_hash: text('access_token_hash').notNull().unique(),
    access_expires_at: at('access_expires_at').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
    created_at: at('created_at').notNull().defaultNow(),
    last_seen_at: at('last_seen_at').notNull().defaultNow(),
    revoked_at: at('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    session_id: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: at('expires_at').notNull(),
    /** Set when rotated; presenting a used token again revokes the whole session. */
    used_at: at('used_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.session_id)],
);

export const accountTokenPurpose = pgEnum('account_token_purpose', [
  'verify_account',
  'reset_password',
  'delete_account',
]);

/** Single-use, expiring tokens mailed to users; only their hash is stored. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurpose('purpose').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: at('expires_at').notNull(),
    used_at: at('used_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_idx').on(t.user_id, t.purpose)],
);

/**
 * Mail to send, written in the same transaction as the change that causes it; a worker delivers it
 * (mail/mail-worker.ts). Kept here (and logged) when no SMTP server is configured.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body'),
    created_at: at('created_at').notNull().defaultNow(),
    sent_at: at('sent_at'),
    /** Delivery attempts so far; the next one waits longer each time. */
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: at('next_attempt_at').notNull().defaultNow(),
    /** Set when the worker gave up; error says why. */
    failed_at: at('failed_at'),
    error: text('error'),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.created_at),
    index('mail_outbox_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.sent_at} is null and ${t.failed_at} is null`),
  ],
);
