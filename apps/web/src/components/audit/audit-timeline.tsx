import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditRow } from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import { auditTimelineQueryKey, fetchAuditTimeline } from '../../api/audit-api.ts';
import { DateTimeText } from '../list/list-cells.tsx';
import { AuditChanges } from './audit-changes.tsx';
import { useAuditTexts } from './audit-texts.ts';

/**
 * A record's change history (`GET /api/audit/timeline/{record_type}/{record_id}`): newest first,
 * who, when, what and each field before → after; 'Učitaj starije' reads the next page. A failure
 * opens the app's error dialog (the HTTP client) and leaves a short note here.
 */
export function AuditTimeline({
  recordType,
  recordId,
  label,
}: {
  /** The resource as the API names it: users, jobs, services … */
  recordType: string;
  recordId: number;
  /** The list's accessible name ('Istorija izmjena' by default). */
  label?: string;
}) {
  const { t } = useTranslation();
  const timeline = useInfiniteQuery({
    queryKey: auditTimelineQueryKey(recordType, recordId),
    queryFn: ({ pageParam, signal }) => fetchAuditTimeline(recordType, recordId, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before_id,
    staleTime: 0,
  });

  if (timeline.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={28} aria-label={t('common.loading')} />
      </Box>
    );
  if (timeline.isError && !timeline.data)
    return <Alert severity="error">{t('audit.timeline.loadFailed')}</Alert>;

  const rows = timeline.data.pages.flatMap((page) => page.rows);
  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('audit.timeline.empty')}
      </Typography>
    );

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Stack
        component="ol"
        aria-label={label ?? t('audit.timeline.title')}
        divider={<Divider component="li" aria-hidden />}
        spacing={1}
        sx={{ m: 0, p: 0, listStyle: 'none', width: '100%' }}
      >
        {rows.map((row) => (
          <TimelineEntry key={row.id} row={row} />
        ))}
      </Stack>
      {timeline.hasNextPage && (
        <Button
          variant="outlined"
          size="small"
          onClick={() => void timeline.fetchNextPage()}
          disabled={timeline.isFetchingNextPage}
          startIcon={
            timeline.isFetchingNextPage ? (
              <CircularProgress size={16} aria-hidden color="inherit" />
            ) : undefined
          }
        >
          {t('audit.timeline.loadMore')}
        </Button>
      )}
    </Stack>
  );
}

function TimelineEntry({ row }: { row: AuditRow }) {
  const texts = useAuditTexts();
  return (
    <Box component="li">
      <Typography variant="body2">
        <DateTimeText value={row.created_at} />
        {' · '}
        <strong>{texts.action(row.action)}</strong>
        {' · '}
        {texts.actor(row.actor_id, row.actor_name)}
        {row.ip ? ` · ${row.ip}` : ''}
      </Typography>
      <Box sx={{ pl: { xs: 0, sm: 1 } }}>
        <AuditChanges entryId={row.id} changes={row.changes} />
      </Box>
    </Box>
  );
}
