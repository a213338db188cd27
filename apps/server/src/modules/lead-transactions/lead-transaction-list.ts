import { leadTransactionRowSchema } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { creditPrices, currencies, leadTransactions, users } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';
import { personName } from '../users/user-list.ts';

const number = ['equals', 'gte', 'lte', 'between'] as const;
const actor = alias(users, 'actor');

/** A user's credit history in the credits dialog: staff top-ups and corrections. */
export const leadTransactionList = defineList({
  resource: 'lead_transactions',
  routes: ['index'],
  from: sql`${leadTransactions}`,
  id: leadTransactions.id,
  defaultSort: { key: 'updated_at', isDescending: true },
  columns: {
    updated_at: {
      expression: leadTransactions.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    credit_for_user_id: {
      expression: leadTransactions.credit_for_user_id,
      type: 'id',
      operators: ['equals'],
    },
    credit_before_adding: {
      expression: leadTransactions.credit_before_adding,
      type: 'number',
      operators: number,
      isSortable: true,
      format: 'credits',
    },
    add_credit_amount: {
      expression: leadTransactions.add_credit_amount,
      type: 'number',
      operators: number,
      isSortable: true,
      format: 'credits',
    },
    credit_after_adding: {
      expression: leadTransactions.credit_after_adding,
      type: 'number',
      operators: number,
      isSortable: true,
      format: 'credits',
    },
    total_price: {
      expression: leadTransactions.total_price,
      type: 'number',
      operators: number,
      isSortable: true,
      format: 'money',
    },
  },
  rowSchema: leadTransactionRowSchema,
  access: { index: 'administrator' },
  loadRows: async (db, scope) => {
    const rows = await db
      .select({
        id: leadTransactions.id,
        credit_for_user_id: leadTransactions.credit_for_user_id,
        credit_price_id: leadTransactions.credit_price_id,
        credit_before_adding: leadTransactions.credit_before_adding,
        add_credit_amount: leadTransactions.add_credit_amount,
        credit_after_adding: leadTransactions.credit_after_adding,
        total_price: leadTransactions.total_price,
        // The price as it was: prices change, the total paid then does not.
        price_per_credit: sql<
          number | null
        >`round(${leadTransactions.total_price} / nullif(${leadTransactions.add_credit_amount}, 0), 2)`.mapWith(
          Number,
        ),
        currency_short_name: currencies.short_name,
        currency_sign: currencies.sign,
        created_by: personName(actor),
        updated_at: leadTransactions.updated_at,
      })
      .from(leadTransactions)
      .leftJoin(creditPrices, eq(creditPrices.id, leadTransactions.credit_price_id))
      .leftJoin(currencies, eq(currencies.id, creditPrices.currency_id))
      .leftJoin(actor, eq(actor.id, leadTransactions.created_by_user_id))
      .where(scope.where)
      .orderBy(scope.orderBy);
    return rows.map(({ currency_short_name, currency_sign, ...row }) => ({
      ...row,
      currencies:
        currency_short_name === null ? null : { short_name: currency_short_name, sign: currency_sign },
    }));
  },
});
