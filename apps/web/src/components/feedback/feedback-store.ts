import { useSyncExternalStore } from 'react';

/** SPEC.md section 9: success snackbars stay three seconds. */
export const SNACKBAR_DURATION_MS = 3000;

export type Snack = { id: number; message: string; severity: 'success' | 'error' | 'info' };

export type FeedbackState = {
  /** The open error dialog; `message: null` shows the generic 'contact the administrator' text. */
  error: { id: number; message: string | null } | null;
  snack: Snack | null;
};

let state: FeedbackState = { error: null, snack: null };
let nextId = 1;
const listeners = new Set<() => void>();

function update(next: FeedbackState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The error dialog and the snackbar, callable from anywhere (the HTTP client, mutations). */
export const feedback = {
  showError(message: string | null): void {
    update({ ...state, error: { id: nextId++, message } });
  },
  closeError(): void {
    update({ ...state, error: null });
  },
  showSuccess(message: string): void {
    update({ ...state, snack: { id: nextId++, message, severity: 'success' } });
  },
  showSnack(message: string, severity: Snack['severity']): void {
    update({ ...state, snack: { id: nextId++, message, severity } });
  },
  closeSnack(): void {
    update({ ...state, snack: null });
  },
  reset(): void {
    update({ error: null, snack: null });
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getState = () => state;

export function useFeedbackState(): FeedbackState {
  return useSyncExternalStore(subscribe, getState, getState);
}
