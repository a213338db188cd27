import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/app-router.tsx';
import { initI18n } from './i18n/i18n.ts';
import { applyThemeMode } from './theme/theme-mode.ts';
import './app/global.css';

applyThemeMode();
initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('app.html has no #root element');

/**
 * The app of every page but the landing page (app.html): the data router, which loads each route's
 * screen, and MUI with it, on demand. A visit to `/` gets index.html, the landing page pre-rendered
 * with a script of its own (pages/public/landing/landing-entry.ts).
 */
createRoot(container).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
