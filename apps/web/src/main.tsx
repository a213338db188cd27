import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n/i18n.ts';
import { LandingPage } from './pages/public/landing/landing-page.tsx';
import { applyThemeMode } from './theme/theme-mode.ts';
import './app/global.css';

applyThemeMode();
initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

/**
 * A visit to `/` renders the landing page straight away: React, i18next and the page, no router and
 * no MUI. Any other address loads the app router (and, route by route, the rest) on demand. The
 * router has a `/` route too, for in-app links home.
 */
if (window.location.pathname === '/') {
  root.render(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
} else {
  void import('./app/app-router.tsx').then(({ AppRouter }) =>
    root.render(
      <StrictMode>
        <AppRouter />
      </StrictMode>,
    ),
  );
}
