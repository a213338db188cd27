import type { CurrentUser } from '@usluge/contract';
import { useSyncExternalStore } from 'react';

/** SPEC.md section 4: a flag in this browser says "signed in"; the user itself lives in memory. */
const FLAG_KEY = 'isAuthenticated';

let currentUser: CurrentUser | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function isAuthenticatedFlagSet(): boolean {
  try {
    return window.localStorage.getItem(FLAG_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeFlag(isAuthenticated: boolean): void {
  try {
    window.localStorage.setItem(FLAG_KEY, String(isAuthenticated));
  } catch {
    // Storage blocked: the session still works until the page reloads.
  }
}

export function getCurrentUser(): CurrentUser | null {
  return currentUser;
}

/** After a successful sign-in or profile load. */
export function startSession(user: CurrentUser): void {
  currentUser = user;
  writeFlag(true);
  emit();
}

/** Sign-out, or the session ended on the server: forget the user and clear the flag. */
export function clearSession(): void {
  currentUser = null;
  writeFlag(false);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentUser(): CurrentUser | null {
  return useSyncExternalStore(subscribe, getCurrentUser, getCurrentUser);
}
