import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  foldedCopy,
  foldedTrigram,
  isActive,
  keepsFoldedCopy,
  money,
  phoneKey,
  sortCollated,
  timestamps,
} from './columns.ts';

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull().unique(),
    is_active: isActive(),
    ...timestamps,
  },
  (t) => [
    index('roles_name_icu_idx').on(sortCollated(t.name), t.id),
    index('roles_updated_at_idx').on(t.updated_at, t.id),
  ],
);

export const userTypes = pgTable(
  'user_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    is_active: isActive(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_types_name_unique').on(sql`lower(${t.name})`),
    index('user_types_updated_at_idx').on(t.updated_at, t.id),
    index('user_types_name_icu_idx').on(sortCollated(t.name), t.id),
    index('user_types_is_active_idx').on(t.is_active, t.id),
  ],
);

export type PersonColumns = { name: AnyPgColumn; last_name: AnyPgColumn };

/**
 * "Ime i prezime" of the users table, an alias of it, or the table's own columns in an index: the
 * one way it is written (the stored full_name_folded copies it over the bare column names).
 */
export const fullNameOf = (person: PersonColumns) =>
  sql<string>`(${person.name} || ' ' || coalesce(${person.last_name}, ''))`;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    last_name: text('last_name'),
    email: text('email').notNull(),
    username: text('username').notNull(),
    phone: text('phone'),
    details: text('details'),
    image_url: text('image_url'),
    address: text('address'),
    /** Tax number; required for companies (user type 1). */
    pib: text('pib'),
    user_type_id: integer('user_type_id').references(() => userTypes.id),
    /** Balance in credits; changes only through the ledger (see credits.ts). */
    credit: money('credit').notNull().default(0),
    password_hash: text('password_hash').notNull(),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the member opened the account themselves (`/api/register`); null for accounts staff
     * made. Such a member signs in to the app only once the e-mail address is verified.
     */
    registered_at: timestamp('registered_at', { withTimezone: true, mode: 'date' }),
    /** The language the member's notices and e-mails are written in: the app's, at sign-in. */
    language: text('language').notNull().default('me'),
    // What the global search and the users list's name search read on every row they walk.
    full_name_folded: foldedCopy('full_name_folded', `"name" || ' ' || coalesce("last_name", '')`),
    username_folded: foldedCopy('username_folded', '"username"'),
    email_folded: foldedCopy('email_folded', '"email"'),
    phone_folded: foldedCopy('phone_folded', '"phone"'),
    is_active: isActive(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    check('users_credit_not_negative', sql`${t.credit} >= 0`),
    check('users_language', sql`${t.language} IN ('me', 'en')`),
    index('users_updated_at_idx').on(t.updated_at, t.id),
    index('users_created_at_idx').on(t.created_at),
    index('users_user_type_idx').on(t.user_type_id),
    // Every sortable column of the users lists, as the list engine orders by it (id breaks ties).
    index('users_name_icu_idx').on(sortCollated(t.name), t.id),
    index('users_full_name_icu_idx').on(sortCollated(fullNameOf(t)), t.id),
    index('users_last_name_icu_idx').on(sortCollated(t.last_name), t.id),
    index('users_username_icu_idx').on(sortCollated(t.username), t.id),
    index('users_email_icu_idx').on(sortCollated(t.email), t.id),
    index('users_phone_icu_idx').on(sortCollated(t.phone), t.id),
    index('users_is_active_idx').on(t.is_active, t.id),
    index('users_credit_idx').on(t.credit, t.id),
    index('users_name_trgm').using('gin', foldedTrigram(t.name)),
    index('users_last_name_trgm').using('gin', foldedTrigram(t.last_name)),
    index('users_email_trgm').using('gin', t.email_folded.op('gin_trgm_ops')),
    index('users_username_trgm').using('gin', t.username_folded.op('gin_trgm_ops')),
    index('users_phone_trgm').using('gin', t.phone_folded.op('gin_trgm_ops')),
    // The moderation desk's hints: other accounts with the same phone (its last 8 digits), or the
    // same e-mail name (the part before @) at another domain.
    index('users_phone_key_idx').on(phoneKey(t.phone)),
    index('users_email_local_idx').on(sql`lower(split_part(${t.email}, '@', 1))`),
    index('users_details_trgm').using('gin', foldedTrigram(t.details)),
    // The lists' "Ime i prezime" column filters on the full name's folded copy (userFullName).
    index('users_full_name_trgm').using('gin', t.full_name_folded.op('gin_trgm_ops')),
  ],
);

/** "Ime i prezime" as the lists show, sort and search it; users_full_name_icu_idx sorts it. */
export const userFullName = fullNameOf(users);

keepsFoldedCopy(userFullName, users.full_name_folded);
keepsFoldedCopy(users.username, users.username_folded);
keepsFoldedCopy(users.email, users.email_folded);
keepsFoldedCopy(users.phone, users.phone_folded);

export const userRoles = pgTable(
  'user_roles',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.role_id] }),
    index('user_roles_role_idx').on(t.role_id, t.user_id),
  ],
);
