import Chip from '@mui/material/Chip';
import { type AdRow, formatCredits, formatDateTime, type LeadRow } from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import { HistoryDialog } from '../../../components/list/history-table.tsx';
import { DateTimeText } from '../../../components/list/list-cells.tsx';
import type { ColumnConfig, RowActionDialogProps } from '../../../components/list/resource-types.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';

/** Accepted, declined or not answered yet. */
function AcceptedChip({ isAccepted }: { isAccepted: boolean | null }) {
  const { t } = useTranslation();
  if (isAccepted === null) return <Chip size="small" variant="outlined" label={t('ads.leads.isPending')} />;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={isAccepted ? 'success' : 'default'}
      label={isAccepted ? t('ads.leads.isAccepted') : t('ads.leads.isDeclined')}
    />
  );
}

/** A contact of an ad: what it cost, when, the answer, a refund (the dialog and the ad's page). */
export const LEAD_COLUMNS: readonly ColumnConfig<LeadRow>[] = [
  { key: 'service', titleKey: 'ads.leads.service', render: (lead) => lead.service?.name ?? '' },
  { key: 'name', titleKey: 'ads.leads.name' },
  { key: 'last_name', titleKey: 'ads.leads.lastName' },
  {
    key: 'credit',
    titleKey: 'ads.leads.credit',
    align: 'right',
    render: (lead) => formatCredits(lead.credit, currentLanguage()),
  },
  {
    key: 'contact_time',
    titleKey: 'ads.leads.contactTime',
    render: (lead) => <DateTimeText value={lead.contact_time} />,
  },
  {
    key: 'is_accepted',
    titleKey: 'ads.leads.accepted',
    render: (lead) => <AcceptedChip isAccepted={lead.is_accepted} />,
  },
  {
    key: 'response_time',
    titleKey: 'ads.leads.responseTime',
    render: (lead) => <DateTimeText value={lead.response_time} />,
  },
  { key: 'refunded_at', titleKey: 'ads.leads.refund', render: (lead) => <RefundText lead={lead} /> },
];

/** 'Vraćeno 12.03.2026 14:05: odobren zahtjev', or nothing for a contact still paid. */
function RefundText({ lead }: { lead: LeadRow }) {
  const { t } = useTranslation();
  if (!lead.refunded_at || !lead.refund_reason) return null;
  return (
    <span>
      {t('ads.leads.refunded', {
        time: formatDateTime(new Date(lead.refunded_at)),
        reason: t(`ads.leads.refundReasons.${lead.refund_reason}`),
      })}
    </span>
  );
}

/** Who contacted the ad (`POST /api/leads/index` filtered by ad_id), latest contact first. */
export function AdLeadsDialog({ row, isOpen, onClose }: RowActionDialogProps<AdRow>) {
  const { t } = useTranslation();
  return (
    <HistoryDialog<LeadRow>
      isOpen={isOpen}
      onClose={onClose}
      title={t('ads.leads.title', { title: row.title })}
      path="/api/leads/index"
      filters={{ ad_id: { operator: 'equals', value: Number(row.id) } }}
      columns={LEAD_COLUMNS}
      sort={{ key: 'contact_time', isDescending: true }}
      // Eight columns with three moments fit side by side without scrolling.
      width={1300}
    />
  );
}
