import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  AREA_ACCESS,
  AREA_PATHS,
  canAccess,
  type Dashboard,
  formatCredits,
  formatDateTime,
  formatMoney,
  type Language,
} from '@usluge/contract';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../../api/api-client.ts';
import { useCurrentUser } from '../../../auth/session-store.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { formatWaiting } from '../ads/waiting-time.tsx';
import { dashboardLinks, fullDay, membersTotals, numberLocale } from './dashboard-format.ts';

const MembersChart = lazy(() => import('./members-chart.tsx').then((m) => ({ default: m.MembersChart })));

export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;
const CHART_HEIGHT = 260;
/** Four figures in a row on a desktop, two on a phone. */
const FIGURES_GRID = {
  display: 'grid',
  gap: { xs: 1.5, sm: 2 },
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
} as const;

/** Read by screen readers, not shown: the chart's figures as a table. */
const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

function fetchDashboard(signal: AbortSignal): Promise<Dashboard> {
  // The screen shows a failed load itself, with a way to try again.
  return api.get('/api/dashboard', { signal, isErrorDialogSuppressed: true });
}

/**
 * One card with a heading: every part of the dashboard is one. A card counting a list's rows has
 * its heading as the link to that list (`to`), named by what it counts.
 */
function Panel({
  title,
  children,
  actions,
  to,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  to?: string | undefined;
}) {
  const headingId = useId();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {to ? (
            <Link component={RouterLink} to={to} color="inherit">
              {title}
            </Link>
          ) : (
            title
          )}
        </Typography>
        {children}
      </CardContent>
      {actions && <CardActions sx={{ pt: 0 }}>{actions}</CardActions>}
    </Card>
  );
}

/** A single figure with what it counts and over which period. */
function Figure({ value, period }: { value: string; period: string }) {
  return (
    <>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="figure">
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {period}
      </Typography>
    </>
  );
}

/**
 * The staff's first screen (issue 11): live figures from GET /api/dashboard — the approval queue,
 * the week's decisions, new members per day, this month's credit sales, the most contacted services.
 */
export function DashboardScreen() {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) => fetchDashboard(signal),
  });
  const { data } = query;
  const numbers = new Intl.NumberFormat(numberLocale(i18n.language));

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('pages.dashboard')}
        </Typography>
        {data && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('dashboard.updatedAt', { time: formatDateTime(new Date(query.dataUpdatedAt)) })}
          </Typography>
        )}
        <Button startIcon={<RefreshIcon />} onClick={() => void query.refetch()} disabled={query.isFetching}>
          {t('list.refresh')}
        </Button>
      </Stack>
      {query.isFetching && <LinearProgress aria-label={t('common.loading')} />}
      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('dashboard.retry')}
            </Button>
          }
        >
          {t('dashboard.loadError')} {query.error.message}
        </Alert>
      )}
      {data ? (
        <DashboardFigures data={data} numbers={numbers} language={currentLanguage()} />
      ) : (
        query.isPending && <DashboardSkeleton />
      )}
    </Stack>
  );
}

function DashboardSkeleton() {
  return (
    <Box sx={FIGURES_GRID}>
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} variant="rounded" height={132} />
      ))}
      <Skeleton variant="rounded" height={CHART_HEIGHT + 60} sx={{ gridColumn: '1 / -1' }} />
    </Box>
  );
}

function DashboardFigures({
  data,
  numbers,
  language,
}: {
  data: Dashboard;
  numbers: Intl.NumberFormat;
  language: Language;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const members = membersTotals(data.new_members_per_day);
  const summaryId = useId();
  const links = dashboardLinks(new Date());
  // A card links to its list only for whoever may open it (the members: administrators).
  const linkIfOpen = (area: keyof typeof AREA_ACCESS, to: string) =>
    canAccess(AREA_ACCESS[area], user?.roles.map((role) => role.id) ?? null) ? to : undefined;
  const credits = data.credits_sold_this_month;
  const chartTitle = t('dashboard.membersChartTitle');
  const chartSummary =
    members.total === 0
      ? t('dashboard.membersNone')
      : t('dashboard.membersChartSummary', {
          total: numbers.format(members.total),
          max: numbers.format(members.max),
        });

  return (
    <Stack spacing={2}>
      <Box sx={FIGURES_GRID}>
        <Panel
          title={t('dashboard.adsWaiting')}
          actions={
            <Button component={RouterLink} to={links.adsWaiting} endIcon={<ArrowForwardIcon />}>
              {t('dashboard.adsWaitingLink')}
            </Button>
          }
        >
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="figure">
            {numbers.format(data.ads_waiting)}
          </Typography>
        </Panel>
        <Panel title={t('dashboard.approved')} to={linkIfOpen('ads', links.approved)}>
          <Figure value={numbers.format(data.ads_approved_7_days)} period={t('dashboard.lastSevenDays')} />
        </Panel>
        <Panel title={t('dashboard.rejected')} to={linkIfOpen('ads', links.rejected)}>
          <Figure value={numbers.format(data.ads_rejected_7_days)} period={t('dashboard.lastSevenDays')} />
        </Panel>
        <Panel title={t('dashboard.newMembers')} to={linkIfOpen('users', links.newMembers)}>
          <Figure value={numbers.format(members.total)} period={t('dashboard.lastThirtyDays')} />
        </Panel>
      </Box>

      <QueueByAge data={data} numbers={numbers} />

      <Panel title={chartTitle}>
        <Typography id={summaryId} variant="body2" color="text.secondary">
          {chartSummary}
        </Typography>
        <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
          <MembersChart
            days={data.new_members_per_day}
            title={chartTitle}
            summaryId={summaryId}
            seriesLabel={t('dashboard.members')}
          />
        </Suspense>
        <Table size="small" sx={VISUALLY_HIDDEN}>
          <caption>{chartTitle}</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('dashboard.day')}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t('dashboard.members')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.new_members_per_day.map((day) => (
              <TableRow key={day.day}>
                <TableCell component="th" scope="row">
                  {fullDay(day.day)}
                </TableCell>
                <TableCell align="right">{numbers.format(day.count)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Panel>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {/* The server answers the credit sales only to whoever may read the transactions. */}
        {credits && (
          <Panel title={t('dashboard.creditsTitle')} to={linkIfOpen('reports', links.creditsSold)}>
            {credits.length === 0 ? (
              <Typography color="text.secondary">{t('dashboard.creditsNone')}</Typography>
            ) : (
              <Table size="small" aria-label={t('dashboard.creditsTitle')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('dashboard.currency')}</TableCell>
                    <TableCell align="right">{t('dashboard.credits')}</TableCell>
                    <TableCell align="right">{t('dashboard.value')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {credits.map((row) => (
                    <TableRow key={row.currency}>
                      <TableCell component="th" scope="row">
                        {row.currency}
                      </TableCell>
                      <TableCell align="right">{formatCredits(row.credits, language)}</TableCell>
                      <TableCell align="right">
                        {formatMoney(row.value, { sign: row.sign, short_name: row.currency }, language)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Panel>
        )}
        <Panel title={t('dashboard.topServicesTitle')}>
          {data.top_services.length === 0 ? (
            <Typography color="text.secondary">{t('dashboard.topServicesNone')}</Typography>
          ) : (
            <Table size="small" aria-label={t('dashboard.topServicesTitle')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('dashboard.service')}</TableCell>
                  <TableCell align="right">{t('dashboard.contacts')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.top_services.map((service) => (
                  <TableRow key={service.id}>
                    <TableCell component="th" scope="row">
                      {service.name}
                    </TableCell>
                    <TableCell align="right">{numbers.format(service.contacts)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Panel>
      </Box>
    </Stack>
  );
}

/** The queue's link to one ad: the queue filtered to its title, oldest first, so it is the first row. */
function oldestLink(title: string): string {
  const params = new URLSearchParams({ sort: 'updated_at', 'f.status': '1', 'f.title': title });
  return `${AREA_PATHS.adsOnApproval}?${params}`;
}

/**
 * The queue by age (issue 19): how many ads have waited under 1 h, 1–24 h and over 24 h since they
 * entered it, and the one waiting longest, linked.
 */
function QueueByAge({ data, numbers }: { data: Dashboard; numbers: Intl.NumberFormat }) {
  const { t } = useTranslation();
  const bands = [
    { key: 'under', label: t('claims.underHour'), count: data.queue_by_age.under_1_hour },
    { key: 'hours', label: t('claims.hoursBand'), count: data.queue_by_age.from_1_to_24_hours },
    { key: 'over', label: t('claims.overDay'), count: data.queue_by_age.over_24_hours },
  ];
  const oldest = data.oldest_waiting;
  return (
    <Panel title={t('claims.queueByAge')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}>
        {bands.map((band) => (
          <Box key={band.key}>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {numbers.format(band.count)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {band.label}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
        {oldest ? (
          <>
            {t('claims.oldest')}:{' '}
            <Link component={RouterLink} to={oldestLink(oldest.title)}>
              {t('claims.oldestLink', {
                title: oldest.title,
                waited: formatWaiting(Date.parse(String(oldest.waiting_since)), Date.now(), t),
              })}
            </Link>
          </>
        ) : (
          t('claims.queueEmpty')
        )}
      </Typography>
    </Panel>
  );
}
