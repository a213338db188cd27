import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { registerRouter } from '../app/navigator.ts';
import { appQueryClient } from '../app/query-client.ts';
import { routes } from '../app/routes.tsx';
import { clearSession } from '../auth/session-store.ts';
import { feedback } from '../components/feedback/feedback-store.ts';
import { changeLanguage, initI18n } from '../i18n/i18n.ts';
import { resetThemeMode } from '../theme/theme-mode.ts';

/** Fresh stores for each test: no session, no dialogs, empty cache, Montenegrin, system theme. */
export async function resetApp(): Promise<void> {
  initI18n();
  await changeLanguage('me');
  window.localStorage.clear();
  clearSession();
  window.localStorage.clear();
  feedback.reset();
  appQueryClient.clear();
  resetThemeMode();
}

/** Marks this browser as signed in (the stored flag), as after an earlier sign-in. */
export function setAuthenticatedFlag(): void {
  window.localStorage.setItem('isAuthenticated', 'true');
}

/** Renders the whole app (every route of routes.tsx) at `path` on an in-memory router. */
export async function renderApp(path: string, options: { isReset?: boolean } = {}) {
  if (options.isReset !== false) await resetApp();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  registerRouter(router);
  const view = render(<RouterProvider router={router} />);
  await act(async () => {});
  return { router, ...view };
}
