import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { foldedTrigram, sortCollated, timestamps } from './columns.ts';
import { users, userTypes } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    notification_text: text('notification_text').notNull(),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('notifications_updated_at_idx').on(t.updated_at, t.id),
    index('notifications_subject_trgm').using('gin', foldedTrigram(t.subject)),
    index('notifications_text_trgm').using('gin', foldedTrigram(t.notification_text)),
    index('notifications_subject_icu_idx').on(sortCollated(t.subject), t.id),
  ],
);

/** Users a notification was addressed to by name. */
export const notificationTargetUsers = pgTable(
  'notification_target_users',
  {
    notification_id: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.notification_id, t.user_id] })],
);

/** User types a notification was addressed to. */
export const notificationTargetUserTypes = pgTable(
  'notification_target_user_types',
  {
    notification_id: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    user_type_id: integer('user_type_id')
      .notNull()
      .references(() => userTypes.id),
  },
  (t) => [primaryKey({ columns: [t.notification_id, t.user_type_id] })],
);

/**
 * Everyone who received a notification (targets resolved when it was sent): each row is an item of
 * that member's inbox, read once `read_at` is set.
 */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    /** The inbox item's own id (a notification reaches many): what the inbox pages by and marks read. */
    id: serial('id').notNull(),
    notification_id: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    read_at: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notification_id, t.user_id] }),
    uniqueIndex('notification_recipients_id_unique').on(t.id),
    // A member's inbox, newest first, and its unread items (the unread count, the badge).
    index('notification_recipients_user_idx').on(t.user_id, t.id),
    index('notification_recipients_unread_idx').on(t.user_id, t.id).where(sql`${t.read_at} IS NULL`),
  ],
);
