import { transactionRowSchema } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import { transactions, userFullName, users } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';

const number = ['equals', 'gte', 'lte', 'between'] as const;

/** The credits ledger as the transactions report (`/reports`) shows it. */
export const transactionList = defineList({
  resource: 'transactions',
  routes: ['index'],
  from: sql`${transactions} join ${users} on ${users.id} = ${transactions.user_id}`,
  id: transactions.id,
  defaultSort: { key: 'updated_at', isDescending: true },
  // What its list screen shows.
  reportColumns: ['updated_at', 'name', 'description', 'credit_amount', 'credit_state'],
  columns: {
    updated_at: {
      expression: transactions.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    name: {
      expression: userFullName,
      type: 'text',
      operators: ['contains', 'equals'],
      isSortable: true,
      // The user's full name copied onto the entry (kept by triggers), sorted on transactions' index.
      sortExpression: transactions.user_name,
    },
    user_id: { expression: transactions.user_id, type: 'id', operators: ['equals', 'in'] },
    description: {
      expression: transactions.description,
      type: 'text',
      operators: ['contains', 'equals'],
      isSortable: true,
    },
    credit_amount: {
      expression: transactions.credit_amount,
      type: 'number',
      operators: number,
      isSortable: true,
      format: 'credits',
    },
    credit_state: {
      expression: transactions.credit_state,
      type: 'number',
      operators: number,
      isSortable: true,
      format: 'credits',
    },
  },
  rowSchema: transactionRowSchema,
  access: { index: 'administrator' },
  loadRows: async (db, scope) => {
    const rows = await db
      .select({
        id: transactions.id,
        user_id: transactions.user_id,
        name: sql<string>`trim(${userFullName})`,
        user_name: users.name,
        user_last_name: users.last_name,
        description: transactions.description,
        credit_amount: transactions.credit_amount,
        credit_state: transactions.credit_state,
        updated_at: transactions.updated_at,
      })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.user_id))
      .where(scope.where)
      .orderBy(scope.orderBy);
    return rows.map(({ user_name, user_last_name, ...row }) => ({
      ...row,
      users: { id: row.user_id, name: user_name, last_name: user_last_name },
    }));
  },
});
