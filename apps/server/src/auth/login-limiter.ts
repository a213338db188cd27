import { createFixedWindows } from '../http/fixed-windows.ts';

export type LoginAttempt = { ip: string; username: string };

/**
 * Why an attempt has to wait: too many attempts from its address (any usernames), or too many
 * failures for its username (from that address, or from all of them together). Only the second is
 * lifted by `unlock`.
 */
export type LoginHold = 'address' | 'username';

export type LoginVerdict = { isAdmitted: true } | { isAdmitted: false; waitMs: number; hold: LoginHold };

/**
 * Sign-in attempts. The route sees only this interface, asynchronous so that the counters can
 * move out of the process (PostgreSQL or Redis, for several nodes) without touching it.
 */
export type LoginLimiter = {
  /**
   * Checks the attempt and, when it is admitted, counts it in the same step, so that
   * guesses sent in parallel cannot all pass the check. It counts as failed until `recordSuccess`.
   */
  admit: (attempt: LoginAttempt) => Promise<LoginVerdict>;
  recordSuccess: (attempt: LoginAttempt) => Promise<void>;
  /** Lifts a username's lock: forgets all its counters. True when one of them was holding it back. */
  unlock: (username: string) => Promise<boolean>;
};

export type LoginLimits = {
  /** Attempts from one address, any usernames, per window. */
  perIp: number;
  /**
   * Failures for one username from one address per window; that address then waits for the
   * window's end, every other address may still sign in with that username.
   */
  perUsername: number;
  /**
   * Failures for one username from all addresses together past which each further attempt waits:
   * `firstDelayMs`, doubled by every failure, up to the window. They are forgotten when a window
   * passes without a failure once the wait is over. 4 × perUsername by default.
   */
  perAccount?: number;
  /** 1 s by default. */
  firstDelayMs?: number;
  windowMs: number;
};

/** A username's failures from all addresses; forgotten when a window passes without one after its wait. */
type AccountFailures = { count: number; forgetAt: number; nextAttemptAt: number };

const MAX_ACCOUNTS = 10_000;

/** Kept in memory: the product runs as one process. */
export function createLoginLimiter(limits: LoginLimits, now: () => number = Date.now): LoginLimiter {
  const { perIp, perUsername, windowMs } = limits;
  const perAccount = limits.perAccount ?? 4 * perUsername;
  const firstDelayMs = limits.firstDelayMs ?? 1000;
  const byIp = createFixedWindows({ limit: perIp, windowMs }, now);
  // Keyed "<ip> <username>": an address never holds a space, so the username is what follows it.
  const byIpAndUsername = createFixedWindows({ limit: perUsername, windowMs }, now);
  const accounts = new Map<string, AccountFailures>();
  const usernameKey = (username: string) => username.trim().toLowerCase();
  const pairKey = (ip: string, username: string) => `${ip} ${usernameKey(username)}`;
  const isPairOf = (username: string) => (key: string) => key.slice(key.indexOf(' ') + 1) === username;

  const account = (username: string): AccountFailures | undefined => {
    const failures = accounts.get(username);
    if (failures && failures.forgetAt <= now()) {
      accounts.delete(username);
      return undefined;
    }
    return failures;
  };

  return {
    admit: async ({ ip, username }) => {
      const name = usernameKey(username);
      const ipWait = byIp.waitFor(ip);
      const usernameWait = Math.max(
        byIpAndUsername.waitFor(pairKey(ip, name)),
        (account(name)?.nextAttemptAt ?? 0) - now(),
      );
      if (ipWait > 0 || usernameWait > 0) {
        return {
          isAdmitted: false,
          waitMs: Math.max(ipWait, usernameWait),
          hold: ipWait > 0 ? 'address' : 'username',
        };
      }
      byIp.increment(ip);
      byIpAndUsername.increment(pairKey(ip, name));
      const failures = account(name) ?? { count: 0, forgetAt: 0, nextAttemptAt: 0 };
      failures.count++;
      const over = failures.count - perAccount;
      if (over > 0) failures.nextAttemptAt = now() + Math.min(firstDelayMs * 2 ** (over - 1), windowMs);
      // Kept a whole window past the wait: guessing at the longest wait still finds its count.
      failures.forgetAt = Math.max(now(), failures.nextAttemptAt) + windowMs;
      accounts.set(name, failures);
      // Bound memory under a flood of distinct usernames.
      if (accounts.size > MAX_ACCOUNTS) for (const key of accounts.keys()) account(key);
      return { isAdmitted: true };
    },
    recordSuccess: async ({ ip, username }) => {
      const name = usernameKey(username);
      byIpAndUsername.clear(pairKey(ip, name));
      // This attempt was counted as a failure when admitted; the earlier ones stay counted.
      const failures = account(name);
      if (failures) failures.count = Math.max(0, failures.count - 1);
    },
    unlock: async (username) => {
      const name = usernameKey(username);
      const wasPairLocked = byIpAndUsername.clearWhere(isPairOf(name));
      const wasDelayed = (account(name)?.nextAttemptAt ?? 0) > now();
      accounts.delete(name);
      return wasPairLocked || wasDelayed;
    },
  };
}
