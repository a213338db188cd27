/**
 * Fixed-window counters for sign-in attempts: every attempt counts per IP, failed ones per
 * username (the sign-in route counts each attempt as failed until it succeeds). Kept in memory:
 * the product runs as one process.
 */
export type LoginLimiter = {
  /** Milliseconds until a new attempt is allowed, or 0. */
  retryAfter: (ip: string, username: string) => number;
  recordAttempt: (ip: string) => void;
  recordFailure: (username: string) => void;
  recordSuccess: (username: string) => void;
};

type Window = { count: number; resetAt: number };

export function createLoginLimiter(
  limits: { perIp: number; perUsername: number; windowMs: number },
  now: () => number = Date.now,
): LoginLimiter {
  const byIp = new Map<string, Window>();
  const byUsername = new Map<string, Window>();

  const current = (map: Map<string, Window>, key: string): Window | undefined => {
    const window = map.get(key);
    if (window && window.resetAt <= now()) {
      map.delete(key);
      return undefined;
    }
    return window;
  };
  const increment = (map: Map<string, Window>, key: string) => {
    const window = current(map, key);
    if (window) window.count++;
    else map.set(key, { count: 1, resetAt: now() + limits.windowMs });
    // Bound memory under a flood of distinct keys: expired windows are dropped as we go.
    if (map.size > 10_000) for (const [k, w] of map) if (w.resetAt <= now()) map.delete(k);
  };
  const wait = (window: Window | undefined, limit: number) =>
    window && window.count >= limit ? window.resetAt - now() : 0;
  const usernameKey = (username: string) => username.trim().toLowerCase();

  return {
    retryAfter: (ip, username) =>
      Math.max(
        wait(current(byIp, ip), limits.perIp),
        wait(current(byUsername, usernameKey(username)), limits.perUsername),
      ),
    recordAttempt: (ip) => increment(byIp, ip),
    recordFailure: (username) => increment(byUsername, usernameKey(username)),
    recordSuccess: (username) => {
      byUsername.delete(usernameKey(username));
    },
  };
}
