type Window = { count: number; resetAt: number };

/** Counters per key over fixed time windows: what every rate limit of the product counts with. */
export type FixedWindows = {
  /** Milliseconds until the key is under its limit again, or 0. */
  waitFor: (key: string) => number;
  increment: (key: string) => void;
  clear: (key: string) => void;
  /** Forgets every key that matches; true when one of them was at its limit. */
  clearWhere: (isMatch: (key: string) => boolean) => boolean;
};

/** Kept in memory: the product runs as one process. Expired windows are dropped as it goes. */
export function createFixedWindows(
  { limit, windowMs }: { limit: number; windowMs: number },
  now: () => number = Date.now,
): FixedWindows {
  const windows = new Map<string, Window>();
  const current = (key: string): Window | undefined => {
    const window = windows.get(key);
    if (window && window.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  return {
    waitFor: (key) => {
      const window = current(key);
      return window && window.count >= limit ? window.resetAt - now() : 0;
    },
    increment: (key) => {
      const window = current(key);
      if (window) window.count++;
      else windows.set(key, { count: 1, resetAt: now() + windowMs });
      // Bound memory under a flood of distinct keys.
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now()) windows.delete(k);
    },
    clear: (key) => {
      windows.delete(key);
    },
    clearWhere: (isMatch) => {
      let wasAtLimit = false;
      for (const [key, window] of windows) {
        if (!isMatch(key)) continue;
        if (window.count >= limit && window.resetAt > now()) wasAtLimit = true;
        windows.delete(key);
      }
      return wasAtLimit;
    },
  };
}
