import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from './theme-mode.ts';

/** The admin panel's MUI theme; the landing page uses plain CSS with the same colours. */
export function createAppTheme(mode: ThemeMode): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'dark' ? '#64b5f6' : '#1565c0' },
      secondary: { main: mode === 'dark' ? '#ffb74d' : '#ef6c00' },
      ...(mode === 'dark' ? { background: { default: '#0f1720', paper: '#16202b' } } : {}),
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
    },
  });
}
