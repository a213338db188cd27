import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * A staff member's own settings of the back office, kept on the server so they follow them to
 * another machine: per list, the columns shown and their order (`{lists: {<list>: {columns}}}`).
 */
export const userPreferences = pgTable('user_preferences', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lists: jsonb('lists').notNull().default(sql`'{}'::jsonb`),
  ...timestamps,
});

/**
 * A named state of a list (filters, sort, page size, columns) saved by a staff member: their own,
 * or shared with all staff. `list` is the screen's path without its slash ('users', 'ads' …).
 * At most one of a member's own views per list is their default.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    state: jsonb('state').notNull(),
    is_shared: boolean('is_shared').notNull().default(false),
    is_default: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('saved_views_owner_name_idx').on(t.user_id, t.list, t.name),
    uniqueIndex('saved_views_owner_default_idx').on(t.user_id, t.list).where(sql`${t.is_default}`),
    index('saved_views_shared_idx').on(t.list, t.id).where(sql`${t.is_shared}`),
    index('saved_views_updated_at_idx').on(t.updated_at, t.id),
  ],
);
