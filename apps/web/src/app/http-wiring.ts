import { PUBLIC_PAGE_PATHS } from '@usluge/contract';
import { configureHttpClient } from '../api/http-client.ts';
import { loginPathFor } from '../auth/return-to.ts';
import { clearSession, getCurrentUser } from '../auth/session-store.ts';
import { feedback } from '../components/feedback/feedback-store.ts';
import { keepOpenDrafts } from '../components/form/draft-sources.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { currentPath, currentPathAndQuery, navigateTo } from './navigator.ts';
import { appQueryClient } from './query-client.ts';

/** Connects the HTTP client to the error dialog, the session and the router. */
export function wireHttpClient(): void {
  configureHttpClient({
    onError: (error) => feedback.showError(error.serverMessage),
    // The session ended (signed out elsewhere, expired, revoked): the open forms' changes are kept
    // in this browser for this user, and after signing in again the login page returns here.
    onSessionLost: () => {
      const user = getCurrentUser();
      if (user) keepOpenDrafts(user.id, currentPath());
      const returnTo = currentPathAndQuery();
      clearSession();
      appQueryClient.clear();
      if (currentPath() !== PUBLIC_PAGE_PATHS.login) navigateTo(loginPathFor(returnTo));
    },
    getLanguage: currentLanguage,
    isOnLoginPage: () => currentPath() === PUBLIC_PAGE_PATHS.login,
  });
}
