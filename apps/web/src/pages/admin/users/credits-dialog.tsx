import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { formatCredits, formatMoney, type LeadTransactionRow, type UserRow } from '@usluge/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { useDraftHost } from '../../../components/form/use-draft.ts';
import { HistoryDialog, historyQueryKey } from '../../../components/list/history-table.tsx';
import { DateTimeText } from '../../../components/list/list-cells.tsx';
import type { ColumnConfig, RowActionDialogProps } from '../../../components/list/resource-types.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { ADD_CREDITS_DIALOG, AddCreditsDialog } from './add-credits-dialog.tsx';
import { LEAD_TRANSACTIONS_PATH } from './credits-api.ts';

/** A user's credit history (SPEC.md 2): when, before, change, after, price, total, who. */
export const HISTORY_COLUMNS: readonly ColumnConfig<LeadTransactionRow>[] = [
  {
    key: 'updated_at',
    titleKey: 'credits.when',
    render: (row) => <DateTimeText value={row.updated_at} />,
    width: 140,
  },
  {
    key: 'credit_before_adding',
    titleKey: 'credits.before',
    align: 'right',
    render: (row) => formatCredits(row.credit_before_adding, currentLanguage()),
  },
  {
    key: 'add_credit_amount',
    titleKey: 'credits.amount',
    align: 'right',
    render: (row) => formatCredits(row.add_credit_amount, currentLanguage(), true),
  },
  {
    key: 'credit_after_adding',
    titleKey: 'credits.after',
    align: 'right',
    render: (row) => formatCredits(row.credit_after_adding, currentLanguage()),
  },
  {
    key: 'price_per_credit',
    titleKey: 'credits.pricePerCredit',
    align: 'right',
    render: (row) =>
      row.price_per_credit === null
        ? ''
        : formatMoney(row.price_per_credit, row.currencies, currentLanguage()),
  },
  {
    key: 'total_price',
    titleKey: 'credits.totalPrice',
    align: 'right',
    render: (row) => formatMoney(row.total_price, row.currencies, currentLanguage()),
  },
  { key: 'created_by', titleKey: 'credits.by' },
];

/**
 * The credits of one user: the balance, the history of top-ups and corrections, and the add-credits
 * dialog. After an addition the history, the balance and the users list (onChanged) show it.
 */
export function CreditsDialog({ row: user, isOpen, onClose, onChanged }: RowActionDialogProps<UserRow>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isAdding, setAdding] = useState(false);
  // 'Vrati' on a draft of the add-credits form opens it again (use-draft.ts).
  useDraftHost((dialogName) => {
    if (dialogName === ADD_CREDITS_DIALOG) setAdding(true);
  });
  // The list's balance until this dialog adds credits; then the server's answer.
  const [balance, setBalance] = useState<number | null>(null);
  const shownBalance = balance ?? user.credit ?? 0;

  const added = (row: LeadTransactionRow) => {
    setAdding(false);
    setBalance(row.credit_after_adding);
    feedback.showSuccess(t(row.add_credit_amount > 0 ? 'credits.added' : 'credits.corrected'));
    void queryClient.invalidateQueries({ queryKey: historyQueryKey(LEAD_TRANSACTIONS_PATH) });
    onChanged();
  };

  return (
    <HistoryDialog<LeadTransactionRow>
      isOpen={isOpen}
      onClose={onClose}
      title={t('credits.title', { name: user.full_name })}
      width={1200}
      path={LEAD_TRANSACTIONS_PATH}
      filters={{ credit_for_user_id: { operator: 'equals', value: user.id } }}
      columns={HISTORY_COLUMNS}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
        <Typography sx={{ flexGrow: 1 }} aria-live="polite">
          {t('credits.balance', { balance: formatCredits(shownBalance, currentLanguage()) })}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t('credits.add')}
        </Button>
      </Stack>
      <AddCreditsDialog isOpen={isAdding} userId={user.id} onClose={() => setAdding(false)} onAdded={added} />
    </HistoryDialog>
  );
}
