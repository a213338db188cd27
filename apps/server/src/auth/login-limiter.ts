import { createFixedWindows } from '../http/fixed-windows.ts';

/**
 * Sign-in attempts: every attempt counts per IP, failed ones per username (the sign-in route
 * counts each attempt as failed until it succeeds).
 */
export type LoginLimiter = {
  /** Milliseconds until a new attempt is allowed, or 0. */
  retryAfter: (ip: string, username: string) => number;
  recordAttempt: (ip: string) => void;
  recordFailure: (username: string) => void;
  recordSuccess: (username: string) => void;
};

export function createLoginLimiter(
  limits: { perIp: number; perUsername: number; windowMs: number },
  now: () => number = Date.now,
): LoginLimiter {
  const byIp = createFixedWindows({ limit: limits.perIp, windowMs: limits.windowMs }, now);
  const byUsername = createFixedWindows({ limit: limits.perUsername, windowMs: limits.windowMs }, now);
  const usernameKey = (username: string) => username.trim().toLowerCase();
  return {
    retryAfter: (ip, username) => Math.max(byIp.waitFor(ip), byUsername.waitFor(usernameKey(username))),
    recordAttempt: (ip) => byIp.increment(ip),
    recordFailure: (username) => byUsername.increment(usernameKey(username)),
    recordSuccess: (username) => byUsername.clear(usernameKey(username)),
  };
}
