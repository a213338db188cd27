import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../i18n/language-preference.ts';
import { createAppTheme } from './mui-theme.ts';
import { useThemeMode } from './theme-mode.ts';

/**
 * MUI theme following the remembered light/dark mode and the interface language (MUI's own
 * texts). Only MUI screens mount it.
 */
export function MuiThemeProvider({ children }: { children: ReactNode }) {
  const mode = useThemeMode();
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'me';
  const theme = useMemo(() => createAppTheme(mode, language), [mode, language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
