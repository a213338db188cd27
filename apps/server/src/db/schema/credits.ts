import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { leads } from './ads.ts';
import { foldedTrigram, isActive, money, sortCollated, timestamps } from './columns.ts';
import { countries, currencies } from './reference.ts';
import { users } from './users.ts';

const price = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** Price of one credit in a country and currency. */
export const creditPrices = pgTable(
  'credit_prices',
  {
    id: serial('id').primaryKey(),
    os_country_id: integer('os_country_id')
      .notNull()
      .references(() => countries.id),
    currency_id: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    price_per_credit: price('price_per_credit').notNull(),
    /**
     * The country's and the currency's names, copied so that the list sorts by them on indexes of
     * its own; kept right by triggers (migration 0007). Never written by the application, never answered.
     */
    country_name: text('country_name').notNull().default(''),
    currency_name: text('currency_name').notNull().default(''),
    is_active: isActive(),
    ...timestamps,
  },
  (t) => [
    check('credit_prices_positive', sql`${t.price_per_credit} > 0`),
    uniqueIndex('credit_prices_country_currency_unique').on(t.os_country_id, t.currency_id),
    index('credit_prices_updated_at_idx').on(t.updated_at, t.id),
    index('credit_prices_price_per_credit_idx').on(t.price_per_credit, t.id),
    index('credit_prices_country_name_icu_idx').on(sortCollated(t.country_name), t.id),
    index('credit_prices_currency_name_icu_idx').on(sortCollated(t.currency_name), t.id),
    index('credit_prices_is_active_idx').on(t.is_active, t.id),
  ],
);

export const creditPriceHistory = pgTable(
  'credit_price_history',
  {
    id: serial('id').primaryKey(),
    credit_price_id: integer('credit_price_id')
      .notNull()
      .references(() => creditPrices.id),
    price: price('price').notNull(),
    changed_by_user_id: integer('changed_by_user_id').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('credit_price_history_price_idx').on(t.credit_price_id, t.updated_at, t.id),
    index('credit_price_history_updated_at_idx').on(t.updated_at, t.id),
    index('credit_price_history_by_price_idx').on(t.price, t.id),
  ],
);

/** Staff top-ups and corrections of a user's credits, with what they cost. */
export const leadTransactions = pgTable(
  'lead_transactions',
  {
    id: serial('id').primaryKey(),
    credit_for_user_id: integer('credit_for_user_id')
      .notNull()
      .references(() => users.id),
    credit_price_id: integer('credit_price_id').references(() => creditPrices.id),
    credit_before_adding: money('credit_before_adding').notNull(),
    add_credit_amount: money('add_credit_amount').notNull(),
    credit_after_adding: money('credit_after_adding').notNull(),
    total_price: money('total_price').notNull(),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    check(
      'lead_transactions_arithmetic',
      sql`${t.credit_after_adding} = ${t.credit_before_adding} + ${t.add_credit_amount}`,
    ),
    check('lead_transactions_after_not_negative', sql`${t.credit_after_adding} >= 0`),
    index('lead_transactions_user_idx').on(t.credit_for_user_id, t.updated_at, t.id),
    index('lead_transactions_created_at_idx').on(t.created_at),
    index('lead_transactions_updated_at_idx').on(t.updated_at, t.id),
    index('lead_transactions_credit_before_adding_idx').on(t.credit_before_adding, t.id),
    index('lead_transactions_add_credit_amount_idx').on(t.add_credit_amount, t.id),
    index('lead_transactions_credit_after_adding_idx').on(t.credit_after_adding, t.id),
    index('lead_transactions_total_price_idx').on(t.total_price, t.id),
  ],
);

/**
 * The credits ledger: every change of a balance, in order. credit_state is the balance after the
 * entry, so for each user it equals the previous entry's state plus this amount.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    description: text('description').notNull(),
    credit_amount: money('credit_amount').notNull(),
    credit_state: money('credit_state').notNull(),
    lead_id: integer('lead_id').references(() => leads.id),
    lead_transaction_id: integer('lead_transaction_id').references(() => leadTransactions.id),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    /**
     * The user's full name as the lists spell it (name || ' ' || last_name), copied so that the
     * list sorts by it on an index of its own; kept right by triggers (migration 0007). Never
     * written by the application, never answered.
     */
    user_name: text('user_name').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    check('transactions_state_not_negative', sql`${t.credit_state} >= 0`),
    index('transactions_user_idx').on(t.user_id, t.id),
    index('transactions_user_updated_at_idx').on(t.user_id, t.updated_at, t.id),
    index('transactions_updated_at_idx').on(t.updated_at, t.id),
    index('transactions_description_trgm').using('gin', foldedTrigram(t.description)),
    index('transactions_description_icu_idx').on(sortCollated(t.description), t.id),
    index('transactions_credit_amount_idx').on(t.credit_amount, t.id),
    index('transactions_credit_state_idx').on(t.credit_state, t.id),
    index('transactions_user_name_icu_idx').on(sortCollated(t.user_name), t.id),
    // A contact is paid by one entry and refunded by at most one: the database refuses a second.
    uniqueIndex('transactions_lead_payment_unique')
      .on(t.lead_id)
      .where(sql`${t.lead_id} IS NOT NULL AND ${t.credit_amount} < 0`),
    uniqueIndex('transactions_lead_refund_unique')
      .on(t.lead_id)
      .where(sql`${t.lead_id} IS NOT NULL AND ${t.credit_amount} > 0`),
  ],
);
