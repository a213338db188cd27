import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { foldedTrigram, isActive, sortCollated, timestamps } from './columns.ts';

export const countries = pgTable(
  'os_countries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Short name, e.g. ME. */
    code: text('code').notNull(),
    is_active: isActive(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('os_countries_code_unique').on(sql`lower(${t.code})`),
    index('os_countries_updated_at_idx').on(t.updated_at, t.id),
    index('os_countries_name_trgm').using('gin', foldedTrigram(t.name)),
    index('os_countries_name_icu_idx').on(sortCollated(t.name), t.id),
    index('os_countries_code_icu_idx').on(sortCollated(t.code), t.id),
    index('os_countries_is_active_idx').on(t.is_active, t.id),
  ],
);

export const cities = pgTable(
  'os_cities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    post_code: text('post_code').notNull(),
    os_country_id: integer('os_country_id')
      .notNull()
      .references(() => countries.id),
    /**
     * The country's name, copied so that the cities list sorts by it on an index of its own; kept
     * right by triggers (migration 0007). Never written by the application, never answered.
     */
    country_name: text('country_name').notNull().default(''),
    is_active: isActive(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('os_cities_country_name_unique').on(t.os_country_id, sql`lower(${t.name})`),
    index('os_cities_updated_at_idx').on(t.updated_at, t.id),
    index('os_cities_name_trgm').using('gin', foldedTrigram(t.name)),
    index('os_cities_post_code_trgm').using('gin', foldedTrigram(t.post_code)),
    // Serves the 'equals' filter; the list's sort has os_cities_post_code_icu_idx.
    index('os_cities_post_code_idx').on(t.post_code),
    index('os_cities_name_icu_idx').on(sortCollated(t.name), t.id),
    index('os_cities_post_code_icu_idx').on(sortCollated(t.post_code), t.id),
    index('os_cities_country_name_icu_idx').on(sortCollated(t.country_name), t.id),
    index('os_cities_is_active_idx').on(t.is_active, t.id),
  ],
);

export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    short_name: text('short_name').notNull(),
    sign: text('sign'),
    is_active: isActive(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('currencies_short_name_unique').on(sql`lower(${t.short_name})`),
    index('currencies_updated_at_idx').on(t.updated_at, t.id),
    index('currencies_name_icu_idx').on(sortCollated(t.name), t.id),
    index('currencies_short_name_icu_idx').on(sortCollated(t.short_name), t.id),
    index('currencies_is_active_idx').on(t.is_active, t.id),
  ],
);

/** Days of the week, 1 Ponedjeljak … 7 Nedjelja. */
export const days = pgTable(
  'days',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    is_active: isActive(),
    ...timestamps,
  },
  (t) => [
    index('days_updated_at_idx').on(t.updated_at, t.id),
    index('days_name_icu_idx').on(sortCollated(t.name), t.id),
    index('days_is_active_idx').on(t.is_active, t.id),
  ],
);
