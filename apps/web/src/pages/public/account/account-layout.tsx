import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { HttpError } from '../../../api/http-error.ts';
import { PublicCardLayout } from '../../../components/layout/public-card-layout.tsx';
import type { TranslationKey } from '../../../i18n/catalogue.ts';

/** An account page: the public card with the page's heading, also the document's title. */
export function AccountPage({ titleKey, children }: { titleKey: TranslationKey; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t(titleKey)} · ${t('common.appName')}`;
  }, [t, titleKey]);
  return (
    <PublicCardLayout maxWidth={480}>
      <Stack spacing={2.5}>
        <Typography variant="h5" component="h1">
          {t(titleKey)}
        </Typography>
        {children}
      </Stack>
    </PublicCardLayout>
  );
}

export type OutcomeKind = 'loading' | 'success' | 'error';

/**
 * Where a flow stands: a spinner while the server is asked, then success or failure with an icon
 * (SPEC.md 8: the server's message with an error icon). Screen readers hear each change.
 */
export function AccountOutcome({
  kind,
  message,
  children,
}: {
  kind: OutcomeKind;
  message: string;
  /** Links under the message (back home, request a new link). */
  children?: ReactNode;
}) {
  const icon =
    kind === 'loading' ? (
      <CircularProgress size={48} aria-hidden />
    ) : kind === 'success' ? (
      <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} aria-hidden />
    ) : (
      <ErrorOutlineOutlined color="error" sx={{ fontSize: 56 }} aria-hidden />
    );
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
      {icon}
      <Typography role={kind === 'error' ? 'alert' : 'status'} sx={{ fontSize: 17 }}>
        {message}
      </Typography>
      {children}
    </Stack>
  );
}

export function BackHomeLink() {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} to="/" underline="hover">
      {t('common.backHome')}
    </Link>
  );
}

/** The server's message of a failed call, else the page's own text for it. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.serverMessage ? error.serverMessage : fallback;
}
