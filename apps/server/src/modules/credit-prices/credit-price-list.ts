import { creditPriceHistoryRowSchema, creditPriceRowSchema } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import { countries, creditPriceHistory, creditPrices, currencies, users } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';
import { personName } from '../users/user-list.ts';

const text = ['contains', 'equals'] as const;

/** Credit prices (`/credits`): one price per country and currency. */
export const creditPriceList = defineList({
  resource: 'credit_prices',
  from: sql`${creditPrices} join ${countries} on ${countries.id} = ${creditPrices.os_country_id} join ${currencies} on ${currencies.id} = ${creditPrices.currency_id}`,
  id: creditPrices.id,
  isActiveColumn: creditPrices.is_active,
  defaultSort: { key: 'updated_at', isDescending: true },
  // What its list screen shows.
  reportColumns: ['updated_at', 'os_countries.name', 'currencies.name', 'price_per_credit', 'is_active'],
  columns: {
    updated_at: {
      expression: creditPrices.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    // Sorted on the names copied onto the price (kept by triggers), which credit_prices' indexes serve.
    'os_countries.name': {
      expression: countries.name,
      type: 'text',
      operators: text,
      isSortable: true,
      sortExpression: creditPrices.country_name,
    },
    'currencies.name': {
      expression: currencies.name,
      type: 'text',
      operators: text,
      isSortable: true,
      sortExpression: creditPrices.currency_name,
    },
    price_per_credit: {
      expression: creditPrices.price_per_credit,
      type: 'number',
      format: 'money',
      operators: ['equals', 'gte', 'lte', 'between'],
      isSortable: true,
    },
    os_country_id: { expression: creditPrices.os_country_id, type: 'id', operators: ['equals', 'in'] },
    currency_id: { expression: creditPrices.currency_id, type: 'id', operators: ['equals', 'in'] },
    is_active: {
      expression: creditPrices.is_active,
      type: 'boolean',
      operators: ['equals'],
      isSortable: true,
    },
  },
  rowSchema: creditPriceRowSchema,
  // Staff pick a price when they add credits; only administrators manage prices.
  access: { index: 'administrator', indexActive: 'administrator' },
  loadRows: async (db, scope) => {
    const rows = await db
      .select({
        id: creditPrices.id,
        os_country_id: creditPrices.os_country_id,
        currency_id: creditPrices.currency_id,
        price_per_credit: creditPrices.price_per_credit,
        country_name: countries.name,
        currency_name: currencies.name,
        currency_short_name: currencies.short_name,
        currency_sign: currencies.sign,
        is_active: creditPrices.is_active,
        updated_at: creditPrices.updated_at,
      })
      .from(creditPrices)
      .innerJoin(countries, eq(countries.id, creditPrices.os_country_id))
      .innerJoin(currencies, eq(currencies.id, creditPrices.currency_id))
      .where(scope.where)
      .orderBy(scope.orderBy);
    return rows.map(({ country_name, currency_name, currency_short_name, currency_sign, ...row }) => ({
      ...row,
      os_countries: { name: country_name },
      currencies: { name: currency_name, short_name: currency_short_name, sign: currency_sign },
    }));
  },
});

/** Every price a credit price has had, newest first (`credit_prices/credit-price-history`). */
export const creditPriceHistoryList = defineList({
  resource: 'credit_price_history',
  indexPath: 'credit_prices/credit-price-history',
  routes: ['index'],
  from: sql`${creditPriceHistory}`,
  id: creditPriceHistory.id,
  defaultSort: { key: 'updated_at', isDescending: true },
  columns: {
    updated_at: {
      expression: creditPriceHistory.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    price: {
      expression: creditPriceHistory.price,
      type: 'number',
      format: 'money',
      operators: ['equals', 'gte', 'lte', 'between'],
      isSortable: true,
    },
    credit_price_id: { expression: creditPriceHistory.credit_price_id, type: 'id', operators: ['equals'] },
  },
  rowSchema: creditPriceHistoryRowSchema,
  access: { index: 'administrator' },
  loadRows: (db, scope) =>
    db
      .select({
        id: creditPriceHistory.id,
        credit_price_id: creditPriceHistory.credit_price_id,
        price: creditPriceHistory.price,
        changed_by: personName(users),
        updated_at: creditPriceHistory.updated_at,
      })
      .from(creditPriceHistory)
      .leftJoin(users, eq(users.id, creditPriceHistory.changed_by_user_id))
      .where(scope.where)
      .orderBy(scope.orderBy),
});
