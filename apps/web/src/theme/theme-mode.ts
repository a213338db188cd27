import { useSyncExternalStore } from 'react';

export type ThemeMode = 'light' | 'dark';

const STORAGE_KEY = 'theme-mode';
const listeners = new Set<() => void>();

function systemMode(): ThemeMode {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

function readMode(): ThemeMode {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // Storage blocked: fall back to the system setting.
  }
  return systemMode();
}

let mode: ThemeMode = readMode();

/** Mirrors the mode on `<html data-theme>` so plain CSS (the landing page) follows it too. */
export function applyThemeMode(): void {
  document.documentElement.dataset.theme = mode;
  document.documentElement.style.colorScheme = mode;
}

export function getThemeMode(): ThemeMode {
  return mode;
}

/** Sets the mode and remembers it in this browser; until then the system setting decides. */
export function setThemeMode(next: ThemeMode): void {
  mode = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
  applyThemeMode();
  for (const listener of listeners) listener();
}

export function toggleThemeMode(): void {
  setThemeMode(mode === 'dark' ? 'light' : 'dark');
}

/** Re-reads storage and the system setting (tests reset the store between cases). */
export function resetThemeMode(): void {
  mode = readMode();
  applyThemeMode();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeMode(): ThemeMode {
  return useSyncExternalStore(subscribe, getThemeMode, getThemeMode);
}
