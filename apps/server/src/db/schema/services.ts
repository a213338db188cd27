import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { foldedTrigram, isActive, money, sortCollated, timestamps } from './columns.ts';
import { users } from './users.ts';

/** The services catalogue: a tree of folders whose leaves are services with a credit cost. */
export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    is_service: boolean('is_service').notNull().default(false),
    credit: money('credit'),
    icon_url: text('icon_url'),
    service_id: integer('service_id').references((): AnyPgColumn => services.id),
    is_favorite: boolean('is_favorite').notNull().default(false),
    is_active: isActive(),
    /**
     * The folder whose deactivation turned this node off with it; restoring that folder with its
     * items brings back exactly these. Null for an active node or one deactivated on its own.
     */
    deactivated_with_id: integer('deactivated_with_id').references((): AnyPgColumn => services.id),
    ...timestamps,
  },
  (t) => [
    check('services_credit_for_services', sql`NOT ${t.is_service} OR ${t.credit} IS NOT NULL`),
    check('services_credit_range', sql`${t.credit} IS NULL OR (${t.credit} >= 0 AND ${t.credit} < 1000000)`),
    index('services_parent_idx').on(t.service_id),
    index('services_deactivated_with_idx')
      .on(t.deactivated_with_id)
      .where(sql`${t.deactivated_with_id} IS NOT NULL`),
    index('services_updated_at_idx').on(t.updated_at, t.id),
    index('services_name_trgm').using('gin', foldedTrigram(t.name)),
    index('services_name_icu_idx').on(sortCollated(t.name), t.id),
  ],
);

export const serviceCreditHistory = pgTable(
  'service_credit_history',
  {
    id: serial('id').primaryKey(),
    service_id: integer('service_id')
      .notNull()
      .references(() => services.id),
    credit: money('credit').notNull(),
    changed_by_user_id: integer('changed_by_user_id').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('service_credit_history_service_idx').on(t.service_id, t.updated_at, t.id),
    index('service_credit_history_updated_at_idx').on(t.updated_at, t.id),
    index('service_credit_history_credit_idx').on(t.credit, t.id),
  ],
);
