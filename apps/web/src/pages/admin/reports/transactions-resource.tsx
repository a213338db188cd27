import { formatCredits, type TransactionRow } from '@usluge/contract';
import { updatedAtColumn } from '../../../components/list/common-columns.ts';
import { TruncatedText } from '../../../components/list/list-cells.tsx';
import { defineResource } from '../../../components/list/resource-types.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';

/**
 * The transactions report (`/reports`, SPEC.md 2): every movement of credits in the ledger, read
 * only, with a filter on each column and the download named 'transakcije' (SPEC.md 7).
 */
export const transactionsResource = defineResource<TransactionRow>({
  entity: 'transactions',
  titleKey: 'pages.reports',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: false,
  canEdit: false,
  canDelete: false,
  // Ledger entries are never deactivated.
  hasActivityFilter: false,
  reportName: 'transakcije',
  columns: [
    updatedAtColumn(),
    { key: 'name', titleKey: 'columns.user_name', filter: { kind: 'text' }, isSortable: true, width: 180 },
    {
      key: 'description',
      titleKey: 'columns.description',
      filter: { kind: 'text' },
      isSortable: true,
      width: 200,
      // Long descriptions (an ad's title) would push the amounts off a 1366 px screen.
      render: (row) => <TruncatedText text={row.description} maxWidth={300} />,
    },
    {
      key: 'credit_amount',
      titleKey: 'columns.credit_amount',
      filter: { kind: 'number' },
      isSortable: true,
      align: 'right',
      width: 130,
      render: (row) => formatCredits(row.credit_amount, currentLanguage(), true),
    },
    {
      key: 'credit_state',
      titleKey: 'columns.credit_state',
      filter: { kind: 'number' },
      isSortable: true,
      align: 'right',
      width: 130,
      render: (row) => formatCredits(row.credit_state, currentLanguage()),
    },
  ],
});
