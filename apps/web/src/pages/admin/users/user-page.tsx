import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  type AdRow,
  AREA_PATHS,
  adPagePath,
  formatCredits,
  type LeadRow,
  type LeadTransactionRow,
  type NotificationRow,
  type UserRow,
} from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { api } from '../../../api/api-client.ts';
import { AuditTimelineSection } from '../../../components/audit/audit-timeline-section.tsx';
import { type Fact, FactList } from '../../../components/layout/fact-list.tsx';
import {
  parseRecordId,
  RecordPage,
  RecordPageState,
  RecordSection,
} from '../../../components/layout/record-page.tsx';
import { HistoryTable } from '../../../components/list/history-table.tsx';
import { DateTimeText, TruncatedText } from '../../../components/list/list-cells.tsx';
import type { ColumnConfig } from '../../../components/list/resource-types.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { PosterName } from '../ads/ad-details.tsx';
import { LEAD_COLUMNS } from '../ads/ad-leads-dialog.tsx';
import { AdStatusChip } from '../ads/ad-status.tsx';
import { SenderName } from '../notifications/sender-name.tsx';
import { LEAD_TRANSACTIONS_PATH } from './credits-api.ts';
import { HISTORY_COLUMNS } from './credits-dialog.tsx';
import { shownCredit } from './users-resource.tsx';

export const userPageQueryKey = (id: number) => ['user-page', id] as const;

/** One user as the users list shows them (`POST /api/users/index` with the id); null: none. */
async function fetchUser(id: number, signal: AbortSignal): Promise<UserRow | null> {
  const answer = await api.post('/api/users/index', {
    body: {
      filters: { id: { operator: 'equals', value: id } },
      options: { page: 1, itemsPerPage: 10, sortBy: ['updated_at'], sortDesc: [true] },
      show_only_active: null,
    },
    signal,
    // The page says itself what went wrong.
    isErrorDialogSuppressed: true,
  });
  return answer.result[0] ?? null;
}

/** An ad's title leading to its page. */
function AdLink({ id, title }: { id: number; title: string }) {
  return (
    <Link component={RouterLink} to={adPagePath(id)} sx={{ overflowWrap: 'anywhere' }}>
      {title}
    </Link>
  );
}

const AD_COLUMNS: readonly ColumnConfig<AdRow>[] = [
  { key: 'title', titleKey: 'ads.columns.title', render: (ad) => <AdLink id={ad.id} title={ad.title} /> },
  { key: 'status', titleKey: 'ads.columns.status', render: (ad) => <AdStatusChip status={ad.status} /> },
  {
    key: 'updated_at',
    titleKey: 'columns.updated_at',
    render: (ad) => <DateTimeText value={ad.updated_at} />,
  },
];

const leadAdColumn: ColumnConfig<LeadRow> = {
  key: 'ad_title',
  titleKey: 'recordPages.adColumn',
  render: (lead) => <AdLink id={lead.ad_id} title={lead.ad_title} />,
};

/** Contacts this user bought: which ad, then what the ad's contact history shows but the buyer. */
const BOUGHT_COLUMNS: readonly ColumnConfig<LeadRow>[] = [
  leadAdColumn,
  ...LEAD_COLUMNS.filter((column) => column.key !== 'name' && column.key !== 'last_name'),
];

/** Contacts made on this user's ads: which ad, who bought it (their page), the rest. */
const RECEIVED_COLUMNS: readonly ColumnConfig<LeadRow>[] = [
  leadAdColumn,
  {
    key: 'buyer',
    titleKey: 'recordPages.buyer',
    render: (lead) => (
      <PosterName id={lead.user_id} name={[lead.name, lead.last_name].filter(Boolean).join(' ')} />
    ),
  },
  ...LEAD_COLUMNS.filter((column) => column.key !== 'name' && column.key !== 'last_name'),
];

const NOTIFICATION_COLUMNS: readonly ColumnConfig<NotificationRow>[] = [
  {
    key: 'updated_at',
    titleKey: 'columns.updated_at',
    render: (row) => <DateTimeText value={row.updated_at} />,
  },
  { key: 'subject', titleKey: 'notifications.subject' },
  {
    key: 'notification_text',
    titleKey: 'notifications.text',
    render: (row) => <TruncatedText text={row.notification_text} maxWidth={320} />,
  },
  { key: 'sender', titleKey: 'notifications.sender', render: (row) => <SenderName name={row.sender} /> },
];

/** The profile: picture, roles, type, contact, whether active, what they wrote about themselves. */
function Profile({ user }: { user: UserRow }) {
  const { t } = useTranslation();
  const facts: Fact[] = [
    { label: t('columns.email'), value: user.email },
    { label: t('columns.username'), value: user.username },
    { label: t('columns.phone'), value: user.phone ?? '' },
    { label: t('recordPages.userType'), value: user.user_types?.name ?? '' },
    {
      label: t('recordPages.roles'),
      value: (
        <Stack component="span" direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
          {user.roles.map((role) => (
            <Chip key={role.id} size="small" label={role.name} />
          ))}
        </Stack>
      ),
    },
    {
      label: t('columns.is_active'),
      value: (
        <Chip
          size="small"
          variant="outlined"
          color={user.is_active ? 'success' : 'default'}
          label={user.is_active ? t('recordPages.active') : t('recordPages.inactive')}
        />
      ),
    },
  ];
  if (user.address) facts.push({ label: t('columns.address'), value: user.address });
  if (user.pib) facts.push({ label: t('columns.pib'), value: user.pib });
  if (user.details) facts.push({ label: t('columns.details'), value: user.details });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
      <Avatar
        src={user.image_url ?? undefined}
        alt={user.image_url ? t('recordPages.image', { name: user.full_name }) : ''}
        sx={{ width: 96, height: 96, fontSize: 36 }}
      >
        {user.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <FactList facts={facts} twoPairsFrom="md" sx={{ flexGrow: 1, minWidth: 0 }} />
    </Stack>
  );
}

/**
 * `/users/{id}` (administrators): the profile, the balance with its ledger, the user's ads, the
 * contacts they bought and received, the notifications sent to them and the audit trail.
 */
export function UserPage() {
  const { t } = useTranslation();
  const userId = parseRecordId(useParams().id);
  const user = useQuery({
    queryKey: userPageQueryKey(userId ?? 0),
    queryFn: ({ signal }) => fetchUser(userId ?? 0, signal),
    enabled: userId !== null,
  });
  const listPath = AREA_PATHS.users;
  if (userId === null) return <RecordPageState state="notFound" listPath={listPath} />;
  if (user.isPending) return <RecordPageState state="loading" listPath={listPath} />;
  if (user.isError) return <RecordPageState state="failed" listPath={listPath} />;
  if (user.data === null) return <RecordPageState state="notFound" listPath={listPath} />;
  const row = user.data;
  const balance = shownCredit(row);
  const byUser = (key: string) => ({ [key]: { operator: 'equals' as const, value: userId } });
  return (
    <RecordPage listPath={listPath} overline={t('recordPages.user')} title={row.full_name}>
      <RecordSection title={t('recordPages.profile')}>
        <Profile user={row} />
      </RecordSection>
      <RecordSection title={t('recordPages.ledger')}>
        <Typography sx={{ mb: 1 }}>
          {balance === null
            ? t('recordPages.noBalance')
            : t('recordPages.balance', { balance: formatCredits(balance, currentLanguage()) })}
        </Typography>
        {balance !== null && (
          <HistoryTable<LeadTransactionRow>
            title={t('recordPages.ledger')}
            path={LEAD_TRANSACTIONS_PATH}
            filters={byUser('credit_for_user_id')}
            columns={HISTORY_COLUMNS}
          />
        )}
      </RecordSection>
      <RecordSection title={t('recordPages.ads')}>
        <HistoryTable<AdRow>
          title={t('recordPages.ads')}
          path="/api/jobs/index"
          filters={byUser('posted_by_user_id')}
          columns={AD_COLUMNS}
        />
      </RecordSection>
      <RecordSection title={t('recordPages.leadsBought')}>
        <HistoryTable<LeadRow>
          title={t('recordPages.leadsBought')}
          path="/api/leads/index"
          filters={byUser('user_id')}
          columns={BOUGHT_COLUMNS}
          sort={{ key: 'contact_time', isDescending: true }}
        />
      </RecordSection>
      <RecordSection title={t('recordPages.leadsReceived')}>
        <HistoryTable<LeadRow>
          title={t('recordPages.leadsReceived')}
          path="/api/leads/index"
          filters={byUser('poster_user_id')}
          columns={RECEIVED_COLUMNS}
          sort={{ key: 'contact_time', isDescending: true }}
        />
      </RecordSection>
      <RecordSection title={t('recordPages.notifications')}>
        <HistoryTable<NotificationRow>
          title={t('recordPages.notifications')}
          path="/api/notifications/index"
          filters={byUser('recipient_user_id')}
          columns={NOTIFICATION_COLUMNS}
        />
      </RecordSection>
      <RecordSection title={t('audit.timeline.title')}>
        <AuditTimelineSection recordType="users" recordId={userId} />
      </RecordSection>
    </RecordPage>
  );
}
