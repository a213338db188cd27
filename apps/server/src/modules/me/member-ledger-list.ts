import { memberLedgerRowSchema } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import { transactions } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';
import { ownLedgerEntries } from './member-policy.ts';

/**
 * `POST /api/me/ledger`: the caller's own credit entries, newest first, paged by the list engine
 * (its scope: the viewer's entries, found on transactions_user_updated_at_idx).
 */
export const memberLedgerList = defineList({
  resource: 'me_ledger',
  indexPath: 'me/ledger',
  routes: ['index'],
  from: sql`${transactions}`,
  id: transactions.id,
  scopeOf: ownLedgerEntries,
  defaultSort: { key: 'updated_at', isDescending: true },
  columns: {
    updated_at: {
      expression: transactions.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    description: { expression: transactions.description, type: 'text', operators: ['contains'] },
    lead_id: { expression: transactions.lead_id, type: 'id', operators: ['equals'] },
  },
  rowSchema: memberLedgerRowSchema,
  access: { index: 'member' },
  docs: {
    summary: "The member's own credit ledger: every change of the balance, newest first",
    description:
      "The list body of every list (`filters`: `updated_at` between dates, `description` contains, `lead_id`; `options`: page, itemsPerPage). Only the caller's entries: `credit_amount` is what came in (positive) or went out (negative), `credit_state` the balance after it, `lead_id` the contact it paid for or refunded.",
  },
  loadRows: (db, scope) =>
    db
      .select({
        id: transactions.id,
        description: transactions.description,
        credit_amount: transactions.credit_amount,
        credit_state: transactions.credit_state,
        lead_id: transactions.lead_id,
        updated_at: transactions.updated_at,
      })
      .from(transactions)
      .where(scope.where)
      .orderBy(scope.orderBy),
});
