import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    ...timestamps,
  },
  (t) => [
    uniqueIndex('saved_views_owner_name_idx').on(t.user_id, t.list, t.name),
    index('saved_views_shared_idx').on(t.list, t.id).where(sql`${t.is_shared}`),
    index('saved_views_updated_at_idx').on(t.updated_at, t.id),
  ],
);

/**
 * The view a staff member's list opens with when its address carries no state: one per member and
 * list, their own view or one shared with all staff. Removing the view removes the choice.
 */
export const savedViewDefaults = pgTable(
  'saved_view_defaults',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    saved_view_id: integer('saved_view_id')
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.list] }),
    index('saved_view_defaults_view_idx').on(t.saved_view_id),
  ],
);
