import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { formatDateTime } from '@usluge/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_HOURS = 24;

/**
 * How long an ad has waited, readable at a glance: '45 min', '3 h 20 min', '2 d 4 h'. An ad waits
 * since its last change (`updated_at`), which entering the queue sets (see the dashboard's queue
 * by age): creation, the poster's edit, a move back to awaiting approval.
 */
export function formatWaiting(sinceMs: number, nowMs: number, t: TFunction): string {
  const minutes = Math.max(0, Math.floor((nowMs - sinceMs) / MINUTE_MS));
  if (minutes < HOUR_MINUTES) return t('claims.minutes', { m: minutes });
  const hours = Math.floor(minutes / HOUR_MINUTES);
  if (hours < DAY_HOURS) return t('claims.hours', { h: hours, m: minutes % HOUR_MINUTES });
  return t('claims.days', { d: Math.floor(hours / DAY_HOURS), h: hours % DAY_HOURS });
}

/** The queue's "Čeka" cell: the duration, with the exact time on hover. */
export function WaitingTime({ since }: { since: unknown }) {
  const { t } = useTranslation();
  const date = new Date(String(since));
  if (Number.isNaN(date.getTime())) return null;
  return (
    <span title={t('claims.waitingTitle', { time: formatDateTime(date) })}>
      {formatWaiting(date.getTime(), Date.now(), t)}
    </span>
  );
}

/** "Pregleda: Ana Anić" under a claimed ad's title: another moderator is reviewing it. */
export function ClaimedBy({ name }: { name: string | null | undefined }) {
  const { t } = useTranslation();
  if (!name) return null;
  return (
    <Box sx={{ mt: 0.5 }}>
      <Chip size="small" variant="outlined" color="primary" label={t('claims.reviewing', { name })} />
    </Box>
  );
}
