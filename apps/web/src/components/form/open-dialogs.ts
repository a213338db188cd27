import { useEffect, useRef } from 'react';

/** A dialog on the screen, as the navigation guard (app/navigation-guard.tsx) sees it. */
type OpenDialog = {
  /** Closes it as Escape would: a dialog holding changes asks first. */
  requestClose: () => void;
  hasChanges: () => boolean;
};

/** The open dialogs, in the order they opened: the last one is on top. */
const stack: OpenDialog[] = [];
const listeners = new Set<() => void>();

/** Tells the guard that a dialog opened, closed, or its changes came or went. */
export function notifyOpenDialogs(): void {
  for (const listener of listeners) listener();
}

export function subscribeOpenDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasOpenDialog(): boolean {
  return stack.length > 0;
}

/** True when some open dialog holds what would be lost by leaving the page. */
export function hasUnsavedChanges(): boolean {
  return stack.some((dialog) => dialog.hasChanges());
}

/** The browser's Back inside a dialog: the dialog on top closes (asking first if it holds changes). */
export function closeTopDialog(): void {
  stack.at(-1)?.requestClose();
}

/**
 * Puts a dialog on the stack while `isOpen`, so the browser's Back (a phone's back gesture) closes
 * it instead of leaving the page. `requestClose` is what Escape does; `hasChanges` says whether
 * leaving the page would lose something typed.
 */
export function useOpenDialog(
  isOpen: boolean,
  requestClose: () => void,
  hasChanges: () => boolean = () => false,
): void {
  const latest = useRef({ requestClose, hasChanges });
  latest.current = { requestClose, hasChanges };
  useEffect(() => {
    if (!isOpen) return;
    const entry: OpenDialog = {
      requestClose: () => latest.current.requestClose(),
      hasChanges: () => latest.current.hasChanges(),
    };
    stack.push(entry);
    notifyOpenDialogs();
    return () => {
      stack.splice(stack.indexOf(entry), 1);
      notifyOpenDialogs();
    };
  }, [isOpen]);
}
