import type { CurrentUser } from '@usluge/contract';
import { api } from '../api/api-client.ts';
import { clearSession, getCurrentUser, isAuthenticatedFlagSet, startSession } from './session-store.ts';

/** `POST /api/loginWeb`. Failures are the login form's to show (red alert), not the error dialog's. */
export async function login(username: string, password: string): Promise<CurrentUser> {
  const { user } = await api.post('/api/loginWeb', {
    body: { is_web: true, username, password },
    isErrorDialogSuppressed: true,
    isRefreshSkipped: true,
  });
  startSession(user);
  return user;
}

let profileInFlight: Promise<CurrentUser | null> | null = null;

/**
 * The guard of SPEC.md section 2: with no user loaded but the flag set, fetch the profile; if there
 * is still no user, clear the flag. Resolves to the signed-in user or null.
 */
export function ensureSession(): Promise<CurrentUser | null> {
  const user = getCurrentUser();
  if (user) return Promise.resolve(user);
  if (!isAuthenticatedFlagSet()) return Promise.resolve(null);
  profileInFlight ??= api
    .get('/api/user')
    .then((loaded) => {
      startSession(loaded);
      return loaded;
    })
    .catch(() => {
      clearSession();
      return null;
    })
    .finally(() => {
      profileInFlight = null;
    });
  return profileInFlight;
}

/** `GET /api/logout`; the local session ends even when the call fails. */
export async function logout(): Promise<void> {
  try {
    await api.get('/api/logout', { isErrorDialogSuppressed: true, isRefreshSkipped: true });
  } finally {
    clearSession();
  }
}
