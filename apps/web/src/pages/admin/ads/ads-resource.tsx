import DetailsIcon from '@mui/icons-material/Article';
import LeadsIcon from '@mui/icons-material/ContactPhone';
import StatusIcon from '@mui/icons-material/PublishedWithChanges';
import Box from '@mui/material/Box';
import { AD_STATUS, type AdRow, adPagePath } from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import { RecordLink } from '../../../components/layout/record-page.tsx';
import { isActiveColumn, updatedAtColumn } from '../../../components/list/common-columns.ts';
import {
  type ColumnConfig,
  defineResource,
  type ResourceConfig,
  type RowAction,
} from '../../../components/list/resource-types.ts';
import { AdDetailsDialog, useMoney } from './ad-details.tsx';
import { adForm } from './ad-form/ad-form.tsx';
import { AdLeadsDialog } from './ad-leads-dialog.tsx';
import { AdStatusChip } from './ad-status.tsx';
import { AdStatusDialog } from './ad-status-dialog.tsx';
import { ADS_ENTITY, REVIEW_QUEUE_ENTITY } from './ads-api.ts';
import { adBulkActions } from './bulk-status-dialog.tsx';
import { EditedChip } from './edited-chip.tsx';
import { ClaimedBy, WaitingTime } from './waiting-time.tsx';

/** The row action the status chip opens. */
export const STATUS_ACTION = 'status';

function OfferText({ isOffer }: { isOffer: boolean }) {
  const { t } = useTranslation();
  return <>{isOffer ? t('ads.offer') : t('ads.demand')}</>;
}

/** One line cut with an ellipsis in the table (the whole text on hover); wrapped on a phone's card. */
function ShortText({ text, maxWidth }: { text: string; maxWidth: number }) {
  return (
    <Box
      component="span"
      title={text}
      sx={{
        display: 'block',
        maxWidth: { md: maxWidth },
        overflow: { md: 'hidden' },
        textOverflow: { md: 'ellipsis' },
        whiteSpace: { md: 'nowrap' },
      }}
    >
      {text}
    </Box>
  );
}

function Money({ amount, ad }: { amount: number | null; ad: AdRow }) {
  const money = useMoney();
  return amount === null ? null : money(amount, ad.currency);
}

/**
 * SPEC.md 2 'Ads list': the columns and their filters, the status chip opening the status dialog.
 * The status comes right after the title, so a 1366 px screen shows it without scrolling sideways.
 */
function adColumns(
  statusFilter: ColumnConfig<AdRow>['filter'],
  isQueue = false,
): readonly ColumnConfig<AdRow>[] {
  return [
    // The queue shows how long each ad has waited (since its last change), and sorts on it.
    isQueue
      ? {
          ...updatedAtColumn<AdRow>(),
          titleKey: 'claims.waiting',
          render: (ad) => <WaitingTime since={ad.updated_at} />,
        }
      : updatedAtColumn(),
    {
      key: 'title',
      titleKey: 'ads.columns.title',
      filter: { kind: 'text' },
      isSortable: true,
      width: 150,
      render: (ad) => (
        <>
          <RecordLink to={adPagePath(ad.id)}>
            <ShortText text={ad.title} maxWidth={180} />
          </RecordLink>
          <ClaimedBy name={ad.claimed_by} />
          {/* Changed by its poster since a moderator's decision: the diff in the details says what. */}
          {ad.edited_at ? (
            <Box sx={{ mt: 0.5 }}>
              <EditedChip editedAt={ad.edited_at} />
            </Box>
          ) : null}
        </>
      ),
    },
    {
      key: 'status',
      titleKey: 'ads.columns.status',
      ...(statusFilter ? { filter: statusFilter } : {}),
      isSortable: true,
      width: 140,
      render: (ad, cell) => (
        <AdStatusChip status={ad.status} onClick={() => cell.openAction(STATUS_ACTION)} />
      ),
    },
    {
      key: 'is_offer',
      titleKey: 'ads.columns.kind',
      filter: {
        kind: 'select',
        options: [
          { value: 'true', labelKey: 'ads.offer' },
          { value: 'false', labelKey: 'ads.demand' },
        ],
      },
      isSortable: true,
      width: 100,
      isHiddenByDefault: true,
      render: (ad) => <OfferText isOffer={ad.is_offer} />,
    },
    {
      key: 'user_name',
      titleKey: 'ads.columns.user',
      filter: { kind: 'text' },
      isSortable: true,
      width: 120,
      render: (ad) => <ShortText text={ad.user_name} maxWidth={140} />,
    },
    {
      key: 'price_from',
      titleKey: 'ads.columns.priceFrom',
      filter: { kind: 'number', operator: 'gte' },
      isSortable: true,
      align: 'right',
      width: 90,
      isHiddenByDefault: true,
      render: (ad) => <Money amount={ad.price_from} ad={ad} />,
    },
    {
      key: 'price_to',
      titleKey: 'ads.columns.priceTo',
      filter: { kind: 'number', operator: 'lte' },
      isSortable: true,
      align: 'right',
      width: 90,
      isHiddenByDefault: true,
      render: (ad) => <Money amount={ad.price_to} ad={ad} />,
    },
    {
      key: 'currency_id',
      titleKey: 'columns.currency',
      filter: { kind: 'select', picker: 'currencies' },
      width: 70,
      isHiddenByDefault: true,
      render: (ad) => ad.currency.short_name,
    },
    // The queue's ads are all on show; the list of every ad says which are not.
    { ...isActiveColumn<AdRow>(), isHiddenByDefault: isQueue },
  ];
}

const rowActions: readonly RowAction<AdRow>[] = [
  {
    key: 'details',
    labelKey: 'ads.details.open',
    icon: <DetailsIcon fontSize="small" />,
    renderDialog: (props) => <AdDetailsDialog {...props} />,
  },
  {
    key: 'leads',
    labelKey: 'ads.leads.open',
    icon: <LeadsIcon fontSize="small" />,
    renderDialog: (props) => <AdLeadsDialog {...props} />,
  },
  {
    key: STATUS_ACTION,
    labelKey: 'ads.statusDialog.title',
    icon: <StatusIcon fontSize="small" />,
    // The status chip in the row opens it; no second button for the same thing.
    isShown: () => false,
    renderDialog: (props) => <AdStatusDialog {...props} />,
  },
];

const common = {
  entity: ADS_ENTITY,
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: true,
  canEdit: true,
  canDelete: true,
  form: adForm,
  messagesKey: 'resources.ads',
  rowName: (ad: AdRow) => ad.title,
  rowActions,
  // Deactivating an ad members paid to contact may give them their credits back at once.
  deactivateAlternative: {
    labelKey: 'ads.statusDialog.deactivateWithRefund',
    count: (ad: AdRow) => ad.open_paid_leads ?? 0,
    params: { refund_leads: 'true' },
  },
  // What an ad offers and where: filters on its services and places, which the rows do not show.
  extraFilters: [
    { key: 'services', titleKey: 'columns.services', filter: { kind: 'select', picker: 'service_choices' } },
    { key: 'os_country_id', titleKey: 'columns.country', filter: { kind: 'select', picker: 'os_countries' } },
    { key: 'os_city_id', titleKey: 'columns.city', filter: { kind: 'select', picker: 'os_cities' } },
    // One ad, or one poster's ads: where the duplicate hints (ad-hints.tsx) lead.
    { key: 'id', titleKey: 'columns.id', filter: { kind: 'number' } },
    { key: 'posted_by_user_id', titleKey: 'columns.posted_by_user_id', filter: { kind: 'number' } },
  ],
} satisfies Partial<ResourceConfig<AdRow>>;

/** `/ads`: every ad, filtered by any status of the ad_statuses picker. */
export const adsResource = defineResource<AdRow>({
  ...common,
  titleKey: 'pages.ads',
  columns: adColumns({ kind: 'select', picker: 'ad_statuses' }),
});

/** The status '/ads-on-approval' is fixed to (its screen keeps it in the URL). */
export const WAITING_STATUS_FILTER = String(AD_STATUS.awaitingApproval);

/**
 * `/ads-on-approval`: the review queue (the server's `jobs_queue`: active ads awaiting approval),
 * the ad that has waited longest first, its status filter fixed to 'Čeka odobrenje' (it offers only
 * that), with bulk approve / reject of the chosen rows. Its ads are all active: no activity choice.
 */
export const adsOnApprovalResource = defineResource<AdRow>({
  ...common,
  listEntity: REVIEW_QUEUE_ENTITY,
  fixedFilters: { status: WAITING_STATUS_FILTER },
  defaultSort: { key: 'updated_at', isDescending: false },
  hasActivityFilter: false,
  titleKey: 'pages.adsOnApproval',
  columns: adColumns(
    {
      kind: 'select',
      options: [{ value: WAITING_STATUS_FILTER, labelKey: 'ads.statuses.awaitingApproval' }],
    },
    true,
  ),
  bulkActions: adBulkActions,
});
