import DetailsIcon from '@mui/icons-material/Article';
import ResolveIcon from '@mui/icons-material/Gavel';
import { AD_REPORT_REASONS, type AdReportQueueRow, type AdRow } from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import { DateTimeText, TruncatedText } from '../../../components/list/list-cells.tsx';
import {
  defineResource,
  type RowAction,
  type RowActionDialogProps,
} from '../../../components/list/resource-types.ts';
import { AdDetailsDialog } from '../ads/ad-details.tsx';
import { AD_REPORTS_ENTITY } from './ad-reports-api.ts';
import { ResolveReportsDialog } from './resolve-reports-dialog.tsx';

/** Each reason among the open reports with its count, most frequent first: 'Spam (3), Drugo (1)'. */
function Reasons({ reasons }: { reasons: AdReportQueueRow['reasons'] }) {
  const { t } = useTranslation();
  return <>{reasons.map((item) => `${t(`adReports.reasons.${item.reason}`)} (${item.count})`).join(', ')}</>;
}

/** The ad's details dialog, which reads only the ad's id and title from its row. */
function ReportedAdDetails({ row, ...props }: RowActionDialogProps<AdReportQueueRow>) {
  const ad = { id: row.ad_id, title: row.title } as Pick<AdRow, 'id' | 'title'> as AdRow;
  return <AdDetailsDialog row={ad} {...props} />;
}

const rowActions: readonly RowAction<AdReportQueueRow>[] = [
  {
    key: 'details',
    labelKey: 'adReports.details',
    icon: <DetailsIcon fontSize="small" />,
    renderDialog: (props) => <ReportedAdDetails {...props} />,
  },
  {
    key: 'resolve',
    labelKey: 'adReports.resolve',
    icon: <ResolveIcon fontSize="small" />,
    renderDialog: (props) => <ResolveReportsDialog {...props} />,
  },
];

/**
 * "Prijave" (`/ad-reports`): the ads with open reports, most reported first, each with its
 * reasons and counts; open the ad, or resolve its reports (dismiss, or change its status).
 */
export const adReportsResource = defineResource<AdReportQueueRow>({
  entity: AD_REPORTS_ENTITY,
  titleKey: 'pages.adReports',
  defaultSort: { key: 'open_count', isDescending: true },
  canAdd: false,
  canEdit: false,
  canDelete: false,
  hasActivityFilter: false,
  reportName: 'prijave',
  rowName: (row) => row.title,
  rowActions,
  columns: [
    {
      key: 'title',
      titleKey: 'adReports.columns.title',
      filter: { kind: 'text' },
      width: 200,
      render: (row) => <TruncatedText text={row.title} maxWidth={240} />,
    },
    {
      key: 'ad_status_id',
      titleKey: 'adReports.columns.status',
      width: 130,
      render: (row) => row.ad_status_name,
    },
    {
      key: 'poster_name',
      titleKey: 'adReports.columns.poster',
      width: 150,
      render: (row) => <TruncatedText text={row.poster_name} maxWidth={170} />,
    },
    {
      key: 'open_count',
      titleKey: 'adReports.columns.openCount',
      isSortable: true,
      align: 'right',
      width: 80,
    },
    {
      key: 'reason',
      titleKey: 'adReports.columns.reasons',
      filter: {
        kind: 'select',
        options: AD_REPORT_REASONS.map((reason) => ({
          value: reason,
          labelKey: `adReports.reasons.${reason}`,
        })),
      },
      width: 220,
      render: (row) => <Reasons reasons={row.reasons} />,
    },
    {
      key: 'oldest_at',
      titleKey: 'adReports.columns.oldest',
      filter: { kind: 'date' },
      isSortable: true,
      width: 150,
      render: (row) => <DateTimeText value={row.oldest_at} />,
    },
    {
      key: 'newest_at',
      titleKey: 'adReports.columns.newest',
      filter: { kind: 'date' },
      isSortable: true,
      width: 150,
      isHiddenByDefault: true,
      render: (row) => <DateTimeText value={row.newest_at} />,
    },
  ],
});
