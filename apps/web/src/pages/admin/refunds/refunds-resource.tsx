import ApproveIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeclineIcon from '@mui/icons-material/HighlightOff';
import Chip from '@mui/material/Chip';
import {
  formatCredits,
  REFUND_REQUEST_REASONS,
  REFUND_REQUEST_STATUSES,
  type RefundRequestRow,
  type RefundRequestStatus,
} from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import { DateTimeText, TruncatedText } from '../../../components/list/list-cells.tsx';
import { defineResource, type RowAction } from '../../../components/list/resource-types.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { ApproveRefundDialog, DeclineRefundDialog } from './refund-decision-dialogs.tsx';

// Colours that keep a 4.5:1 contrast as outlined chip text in both themes (warning and info do not).
const STATUS_COLORS: Record<RefundRequestStatus, 'primary' | 'success' | 'default'> = {
  waiting: 'primary',
  approved: 'success',
  declined: 'default',
  closed: 'default',
};

function StatusChip({ status }: { status: RefundRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[status]}
      label={t(`refunds.statuses.${status}`)}
    />
  );
}

/** '3 od 12': how many of the member's contacts were refunded on request. */
function RefundRate({ rate }: { rate: RefundRequestRow['refund_rate'] }) {
  const { t } = useTranslation();
  return <span title={t('refunds.rateTitle', rate)}>{t('refunds.rate', rate)}</span>;
}

const isWaiting = (row: RefundRequestRow) => row.status === 'waiting';

const rowActions: readonly RowAction<RefundRequestRow>[] = [
  {
    key: 'approve',
    labelKey: 'refunds.approve',
    icon: <ApproveIcon fontSize="small" />,
    isShown: isWaiting,
    renderDialog: (props) => <ApproveRefundDialog {...props} />,
  },
  {
    key: 'decline',
    labelKey: 'refunds.decline',
    icon: <DeclineIcon fontSize="small" />,
    isShown: isWaiting,
    renderDialog: (props) => <DeclineRefundDialog {...props} />,
  },
];

/**
 * The refund desk (`/refunds`): members' refund requests, waiting first, newest first among them
 * (the server's default order), with the member's refund rate beside each; a waiting request is
 * approved or declined (with a reason) from its row. Read only otherwise; the report as for every
 * list.
 */
export const refundsResource = defineResource<RefundRequestRow>({
  entity: 'refund_requests',
  titleKey: 'pages.refunds',
  defaultSort: { key: 'decided_at', isDescending: true },
  canAdd: false,
  canEdit: false,
  canDelete: false,
  hasActivityFilter: false,
  reportName: 'povrati',
  rowName: (row) => row.ad.title,
  rowActions,
  columns: [
    {
      key: 'created_at',
      titleKey: 'refunds.columns.createdAt',
      filter: { kind: 'date' },
      isSortable: true,
      width: 150,
      isHiddenByDefault: true,
      render: (row) => <DateTimeText value={row.created_at} />,
    },
    { key: 'member_name', titleKey: 'refunds.columns.member', filter: { kind: 'text' }, width: 160 },
    {
      key: 'ad',
      titleKey: 'refunds.columns.ad',
      width: 180,
      render: (row) => <TruncatedText text={row.ad.title} maxWidth={220} />,
    },
    { key: 'service_name', titleKey: 'refunds.columns.service', width: 140, isHiddenByDefault: true },
    {
      key: 'credit',
      titleKey: 'refunds.columns.credit',
      align: 'right',
      width: 80,
      isHiddenByDefault: true,
      render: (row) => formatCredits(row.credit, currentLanguage()),
    },
    {
      key: 'reason',
      titleKey: 'refunds.columns.reason',
      filter: {
        kind: 'select',
        options: REFUND_REQUEST_REASONS.map((reason) => ({
          value: reason,
          labelKey: `refunds.reasons.${reason}`,
        })),
      },
      width: 160,
      render: (row) => <RefundReason reason={row.reason} />,
    },
    {
      key: 'text',
      titleKey: 'refunds.columns.text',
      width: 180,
      isHiddenByDefault: true,
      render: (row) => <TruncatedText text={row.text} maxWidth={220} />,
    },
    {
      key: 'status',
      titleKey: 'refunds.columns.status',
      filter: {
        kind: 'select',
        options: REFUND_REQUEST_STATUSES.map((status) => ({
          value: status,
          labelKey: `refunds.statuses.${status}`,
        })),
      },
      width: 130,
      render: (row) => <StatusChip status={row.status} />,
    },
    {
      key: 'refund_rate',
      titleKey: 'refunds.columns.refundRate',
      align: 'right',
      width: 110,
      render: (row) => <RefundRate rate={row.refund_rate} />,
    },
    { key: 'decided_by', titleKey: 'refunds.columns.decidedBy', width: 150, isHiddenByDefault: true },
    {
      key: 'decided_at',
      titleKey: 'refunds.columns.decidedAt',
      filter: { kind: 'date' },
      isSortable: true,
      width: 150,
      render: (row) => <DateTimeText value={row.decided_at} />,
    },
  ],
});

function RefundReason({ reason }: { reason: RefundRequestRow['reason'] }) {
  const { t } = useTranslation();
  return <>{t(`refunds.reasons.${reason}`)}</>;
}
