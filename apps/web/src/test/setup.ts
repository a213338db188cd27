import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// The first test of a file also transforms and loads the lazy admin modules (MUI, forms, dialogs),
// which can take longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

/** What the fake screen looks like: a desktop width and a light system theme, unless a test says otherwise. */
export const fakeScreen = { width: 1280, isDarkPreferred: false };

function matches(query: string): boolean {
  if (query.includes('prefers-color-scheme: dark')) return fakeScreen.isDarkPreferred;
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (min?.[1] && fakeScreen.width < Number(min[1])) return false;
  if (max?.[1] && fakeScreen.width > Number(max[1])) return false;
  return Boolean(min || max);
}

// jsdom lacks matchMedia; MUI and the theme store ask it.
beforeEach(() => {
  fakeScreen.width = 1280;
  fakeScreen.isDarkPreferred = false;
  window.matchMedia = vi.fn((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  }));
  window.scrollTo = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
});
