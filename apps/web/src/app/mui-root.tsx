import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { FeedbackHost } from '../components/feedback/feedback-host.tsx';
import { MuiThemeProvider } from '../theme/mui-theme-provider.tsx';
import { wireHttpClient } from './http-wiring.ts';
import { appQueryClient } from './query-client.ts';

// Runs when this chunk loads, before any loader of the routes below calls the API.
wireHttpClient();

/** Root of every MUI screen (login, account pages, admin panel): theme, data cache, dialogs. */
export function MuiRoot() {
  return (
    <QueryClientProvider client={appQueryClient}>
      <MuiThemeProvider>
        <Outlet />
        <FeedbackHost />
      </MuiThemeProvider>
    </QueryClientProvider>
  );
}
