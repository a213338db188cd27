import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { StatusScreen } from './status-screen.tsx';

/** The largest id a record can have (PostgreSQL integer). */
const MAX_RECORD_ID = 2_147_483_647;

/** A record page's `:id` as a number; null for anything else ('abc', '0', '1e3', '99999999999'). */
export function parseRecordId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_RECORD_ID ? id : null;
}

/**
 * 'Nazad na listu': a real link to the list, but when the app itself brought the user here it goes
 * back in the history instead, so the list comes back with its filters, sort and page.
 */
function BackToList({ listPath }: { listPath: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  // 'default' is the key of the first page of a visit (a pasted link): there is no list to go back to.
  const hasAppHistory = location.key !== 'default';
  return (
    <Button
      component={RouterLink}
      to={listPath}
      size="small"
      startIcon={<ArrowBackIcon />}
      onClick={(event) => {
        if (!hasAppHistory || event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        void navigate(-1);
      }}
      sx={{ alignSelf: 'flex-start' }}
    >
      {t('recordPages.back')}
    </Button>
  );
}

/**
 * A row's name in a list leading to its record's page: a real link, so a middle click, 'copy link'
 * and a new tab work; the row's dialogs stay on its actions.
 */
export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Link>
  );
}

/** One record's page: the way back to its list, what it is (overline), its name, actions, sections. */
export function RecordPage({
  listPath,
  overline,
  title,
  actions,
  children,
}: {
  listPath: string;
  overline: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <BackToList listPath={listPath} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, overflowWrap: 'anywhere', minWidth: 0 }}>
          <Typography variant="overline" component="span" sx={{ display: 'block', lineHeight: 1.5 }}>
            {overline}
          </Typography>
          {title}
        </Typography>
        {actions && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {children}
    </Stack>
  );
}

/** A titled part of a record page (the ledger, the ads, the contacts) on a surface of its own. */
export function RecordSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The states of a record page before its record: loading, not found (or a malformed id), failed. */
export function RecordPageState({
  state,
  listPath,
}: {
  state: 'loading' | 'notFound' | 'failed';
  listPath: string;
}) {
  const { t } = useTranslation();
  if (state === 'loading')
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  return (
    <Stack spacing={2}>
      <BackToList listPath={listPath} />
      {state === 'notFound' ? (
        <StatusScreen
          title={t('recordPages.notFound')}
          text={t('recordPages.notFoundText')}
          icon={<SearchOffIcon fontSize="large" />}
        />
      ) : (
        <Alert severity="error">{t('recordPages.loadFailed')}</Alert>
      )}
    </Stack>
  );
}
