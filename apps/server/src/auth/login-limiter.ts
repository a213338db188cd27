import type { Database } from '../db/client.ts';
import { type LimitRule, type LimitStore, takeAll, waitOf } from '../limits/limit-store.ts';

export type LoginAttempt = { ip: string; username: string };

/**
 * Why an attempt has to wait: too many attempts from its address (any usernames), or too many
 * failures for its username (from that address, or from all of them together). Only the second is
 * lifted by `unlock`.
 */
export type LoginHold = 'address' | 'username';

export type LoginVerdict = { isAdmitted: true } | { isAdmitted: false; waitMs: number; hold: LoginHold };

/**
 * Sign-in attempts, counted in the shared limit store (PostgreSQL or Redis): every node holds the
 * same attempts back.
 */
export type LoginLimiter = {
  /**
   * Checks the attempt and, when it is admitted, counts it in the same step, so that
   * guesses sent in parallel cannot all pass the check. It counts as failed until `recordSuccess`.
   */
  admit: (attempt: LoginAttempt) => Promise<LoginVerdict>;
  recordSuccess: (attempt: LoginAttempt) => Promise<void>;
  /**
   * Lifts a username's lock: forgets all its counters. True when one of them was holding it back.
   * `tx`: the caller's open transaction (the lock is lifted with it on the database store).
   */
  unlock: (username: string, tx?: Database) => Promise<boolean>;
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

/**
 * What is counted where: per address (`login:ip:<ip>`), per username from one address and per
 * username from all addresses (`login:user:<username>:ip:<ip>`, `login:user:<username>:all`, so
 * that unlock clears a username's counters by their prefix).
 */
export function createLoginLimiter(store: LimitStore, limits: LoginLimits): LoginLimiter {
  const { perIp, perUsername, windowMs } = limits;
  const byIp: LimitRule = { limit: perIp, windowMs };
  const byIpAndUsername: LimitRule = { limit: perUsername, windowMs };
  const byAccount: LimitRule = {
    delayAfter: limits.perAccount ?? 4 * perUsername,
    firstDelayMs: limits.firstDelayMs ?? 1000,
    windowMs,
  };
  // Encoded, so that neither a space nor a colon in a username can reach into another's keys.
  const userPrefix = (username: string) => `login:user:${encodeURIComponent(username.trim().toLowerCase())}:`;
  const pairKey = (ip: string, username: string) => `${userPrefix(username)}ip:${ip}`;
  const accountKey = (username: string) => `${userPrefix(username)}all`;

  return {
    admit: async ({ ip, username }) => {
      // Counted as a failure until recordSuccess; a refused attempt counts nowhere.
      const verdict = await takeAll(store, [
        { key: `login:ip:${ip}`, rule: byIp },
        { key: pairKey(ip, username), rule: byIpAndUsername },
        { key: accountKey(username), rule: byAccount },
      ]);
      if (verdict.isTaken) return { isAdmitted: true };
      return {
        isAdmitted: false,
        waitMs: verdict.waitMs,
        hold: verdict.heldBy === 0 ? 'address' : 'username',
      };
    },
    recordSuccess: async ({ ip, username }) => {
      // This attempt was counted as a failure when admitted; the earlier ones stay counted.
      await Promise.all([store.clear(pairKey(ip, username)), store.giveBack(accountKey(username))]);
    },
    unlock: async (username, tx) => {
      const removed = await store.clearPrefix(userPrefix(username), tx);
      const account = accountKey(username);
      return removed.some(
        (counter) => waitOf(counter, counter.key === account ? byAccount : byIpAndUsername) > 0,
      );
    },
  };
}
