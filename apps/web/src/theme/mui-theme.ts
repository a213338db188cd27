import { createTheme, type Theme } from '@mui/material/styles';
import type { Language } from '@usluge/contract';
import { muiLocalesOf } from './mui-locale.ts';
import type { ThemeMode } from './theme-mode.ts';

/**
 * The keyboard focus ring: 3 px, 2 px off the control, at least 3:1 against the page in both
 * themes (#1565c0 on white 5.8:1; #90caf9 on #0f1720 10:1). On the app bar it takes the bar's text
 * colour, which contrasts with the bar.
 */
const FOCUS_RING = { light: '#1565c0', dark: '#90caf9' } as const satisfies Record<ThemeMode, string>;

/**
 * The admin panel's MUI theme, with MUI's own texts in the interface language; the landing page
 * uses plain CSS with the same colours.
 */
export function createAppTheme(mode: ThemeMode, language: Language = 'me'): Theme {
  const focusRing = {
    outline: `3px solid ${FOCUS_RING[mode]}`,
    outlineOffset: 2,
  };
  return createTheme(
    {
      palette: {
        mode,
        // Dark: MUI's derived hover shade of blue 300 (#467eac) under its dark text is 4.4:1; this one is 5.3:1.
        primary: mode === 'dark' ? { main: '#64b5f6', dark: '#4e8cc0' } : { main: '#1565c0' },
        secondary: { main: mode === 'dark' ? '#ffb74d' : '#ef6c00' },
        // MUI's dark red (#f44336) is 4.5:1 on the dark paper only just not; red 300 is 5.5:1.
        ...(mode === 'dark' ? { error: { main: '#e57373' } } : {}),
        ...(mode === 'dark' ? { background: { default: '#0f1720', paper: '#16202b' } } : {}),
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      },
      components: {
        MuiCssBaseline: {
          styleOverrides: {
            // Links and other focusable elements that are not MUI buttons (those are styled below).
            // Inputs are left out: their outlined border shows the focus. :where() keeps this rule
            // weaker than any component's own.
            ':where(a, [tabindex]:not([tabindex="-1"]):not(.MuiInputBase-input)):focus-visible': focusRing,
            // A skip link's target is focused by script: no ring around the whole screen.
            '[tabindex="-1"]:focus': { outline: 'none' },
          },
        },
        // Every MUI button, icon button, sort header, toggle, menu item, checkbox and list item.
        MuiButtonBase: {
          styleOverrides: {
            root: {
              '&.Mui-focusVisible': focusRing,
              // Full-width rows in scrolling lists (the drawer, a select's options): the ring goes
              // inside, where the list's edge cannot cut it off.
              '&.MuiListItemButton-root.Mui-focusVisible, &.MuiMenuItem-root.Mui-focusVisible': {
                outlineOffset: -3,
              },
            },
          },
        },
        MuiAppBar: {
          styleOverrides: {
            root: {
              '& .MuiButtonBase-root.Mui-focusVisible, & a:focus-visible': { outlineColor: 'currentColor' },
            },
          },
        },
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      },
    },
    ...muiLocalesOf(language),
  );
}
