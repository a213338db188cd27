import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { createAppTheme } from './mui-theme.ts';
import { useThemeMode } from './theme-mode.ts';

/** MUI theme following the remembered light/dark mode. Only MUI screens mount it. */
export function MuiThemeProvider({ children }: { children: ReactNode }) {
  const mode = useThemeMode();
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
