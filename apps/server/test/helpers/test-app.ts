import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLE, USER_TYPE } from '@usluge/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { LoginLimits } from '../../src/auth/login-limiter.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database, DatabaseHandle } from '../../src/db/client.ts';
import { userRoles, users } from '../../src/db/schema/index.ts';
import { seed } from '../../src/db/seed/seed.ts';
import type { LimitClock, LimitStore } from '../../src/limits/limit-store.ts';
import { createPostgresLimitStore } from '../../src/limits/postgres-limit-store.ts';
import { createTestDatabase } from './test-database.ts';

export const TEST_PASSWORD = 'Lozinka123!';
let testPasswordHash: Promise<string> | undefined;

export type TestUser = { id: number; username: string };

/** Inserts a user with the given roles and the password TEST_PASSWORD. */
export async function createUser(
  db: Database,
  { username, roleIds, isActive = true }: { username: string; roleIds: number[]; isActive?: boolean },
): Promise<TestUser> {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      name: `Ime ${username}`,
      last_name: 'Prezime',
      email: `${username}@example.test`,
      username,
      user_type_id: USER_TYPE.individual,
      password_hash: await testPasswordHash,
      is_active: isActive,
    })
    .returning({ id: users.id, username: users.username });
  if (!user) throw new Error('user insert returned nothing');
  if (roleIds.length > 0)
    await db.insert(userRoles).values(roleIds.map((role_id) => ({ user_id: user.id, role_id })));
  return user;
}

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  handle: DatabaseHandle;
  /** DATA_DIR of this app: its uploads are under `uploads/`. */
  dataDir: string;
  /** Signs in and returns the Cookie header of the new session. */
  signIn: (username: string, password?: string) => Promise<string>;
  /** A request with the given cookies; JSON bodies by default. */
  request: (options: InjectOptions & { cookie?: string }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

/** The whole server on a fresh test database, driven through app.inject. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    /** Generous by default: tests that are not about the limits sign in freely. */
    loginLimits?: LoginLimits;
    /** The limits' counters on this clock instead of the database's (in the database still). */
    limitClock?: LimitClock;
    /** The limits' counters here instead (a Redis store of the test's own); the test closes it. */
    limitStore?: LimitStore;
    /** Another app's database, shared: a second node. Closed by the app that opened it. */
    handle?: DatabaseHandle;
    /** Adds what a test needs (a route that fails on purpose) before the app is ready. */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const handle = options.handle ?? (await createTestDatabase());
  // Uploads go to a directory of this app's own, removed when it closes.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-test-data-'));
  const config = loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    ...options.env,
  });
  config.loginLimits = options.loginLimits ?? { perIp: 1000, perUsername: 1000, windowMs: 60_000 };
  const app = await buildApp({
    config,
    db: handle.db,
    driver: handle.driver,
    limitStore:
      options.limitStore ??
      (options.limitClock ? createPostgresLimitStore(handle.db, { now: options.limitClock }) : undefined),
    // Tests run the background jobs themselves (app.leadRefunds.refundDue), when they mean to.
    areJobsStarted: false,
  });
  options.beforeReady?.(app);
  await app.ready();

  const request: TestApp['request'] = ({ cookie, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...(cookie ? { cookie } : {}), ...headers } });

  const signIn: TestApp['signIn'] = async (username, password = TEST_PASSWORD) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/loginWeb',
      payload: { username, password },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.body}`);
    return cookieHeader(response);
  };

  return {
    app,
    db: handle.db,
    handle,
    signIn,
    request,
    dataDir,
    close: async () => {
      await app.close();
      if (!options.handle) await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO_ADMIN_PASSWORD = 'Admin-Lozinka-1';

/** The server with demo data and `admin` signed in, as a newcomer's `npm start` has it. */
export async function createDemoTestApp(): Promise<{ t: TestApp; adminCookie: string }> {
  const t = await createTestApp();
  await seed(t.db, { isDemoSeeded: true, adminPassword: DEMO_ADMIN_PASSWORD });
  return { t, adminCookie: await t.signIn('admin', DEMO_ADMIN_PASSWORD) };
}

/** The Cookie header a browser would send after this response. */
export function cookieHeader(response: LightMyRequestResponse, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=', 2) as [string, string]),
  );
  for (const cookie of response.cookies) {
    if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0)) jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export { ROLE };
