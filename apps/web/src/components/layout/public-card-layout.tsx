import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LanguageSwitch } from './language-switch.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/** A centred card with the language and theme controls: login, account pages, not found. */
export function PublicCardLayout({ children, maxWidth = 440 }: { children: ReactNode; maxWidth?: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <Stack direction="row" spacing={1} sx={{ p: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Link component={RouterLink} to="/" underline="hover" sx={{ fontWeight: 700, fontSize: 20 }}>
          {t('common.appName')}
        </Link>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LanguageSwitch />
          <ThemeToggle />
        </Stack>
      </Stack>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', p: 2 }}
      >
        <Card variant="outlined" sx={{ width: '100%', maxWidth }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>{children}</CardContent>
        </Card>
      </Box>
    </Box>
  );
}
