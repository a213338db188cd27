import { configureHttpClient } from '../api/http-client.ts';
import { clearSession } from '../auth/session-store.ts';
import { feedback } from '../components/feedback/feedback-store.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { currentPath, navigateTo } from './navigator.ts';
import { appQueryClient } from './query-client.ts';

/** Connects the HTTP client to the error dialog, the session and the router. */
export function wireHttpClient(): void {
  configureHttpClient({
    onError: (error) => feedback.showError(error.serverMessage),
    onSessionLost: () => {
      clearSession();
      appQueryClient.clear();
      navigateTo('/login');
    },
    getLanguage: currentLanguage,
    isOnLoginPage: () => currentPath() === '/login',
  });
}
