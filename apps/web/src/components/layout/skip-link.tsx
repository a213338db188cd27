import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** The id of each layout's `<main>`, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** Moves the focus to the main content, as the skip link and the phone menu do. */
export function focusMainContent(): void {
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

/**
 * 'Skip to the main content': the first thing Tab reaches, hidden until it has the focus. The
 * target `<main id={MAIN_CONTENT_ID} tabIndex={-1}>` takes the focus, so the next Tab goes on
 * from there (a plain hash link would also change the router's location).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        focusMainContent();
      }}
      sx={{
        // Visually hidden until focused (not display: none, which would take it out of the tab order).
        position: 'absolute',
        width: 1,
        height: 1,
        overflow: 'hidden',
        clipPath: 'inset(50%)',
        whiteSpace: 'nowrap',
        '&:focus': {
          position: 'fixed',
          top: 8,
          left: 8,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          width: 'auto',
          height: 'auto',
          clipPath: 'none',
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          fontWeight: 600,
          boxShadow: 3,
        },
      }}
    >
      {t('common.skipToContent')}
    </Box>
  );
}
