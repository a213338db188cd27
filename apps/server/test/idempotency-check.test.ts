import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Database, DatabaseHandle } from '../src/db/client.ts';
import { countries } from '../src/db/schema/index.ts';
import { runIdempotent } from '../src/http/idempotency.ts';
import { createTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase } from './helpers/test-database.ts';

/**
 * A route declared `isIdempotent` that forgets runIdempotent is caught by the app itself
 * (registerIdempotencyCheck) instead of silently ignoring the Idempotency-Key: its success becomes
 * a 500 outside production, and is logged as an error in production. The routes are this test's
 * own; the real ones pass the check in every test that calls them.
 */
let handle: DatabaseHandle;
let development: TestApp;
let production: TestApp;
/** The error lines each request logged, by the code in its path. */
const logged = new Map<string, string[]>();

const answerSchema = z.object({ id: z.number() });

async function addCountry(db: Database, code: string) {
  const [row] = await db
    .insert(countries)
    .values({ name: `Zemlja ${code}`, code })
    .returning({ id: countries.id });
  return { id: row?.id ?? 0 };
}

/** Keeps what the request logs as an error (the app's logger is silent in tests). */
function keepErrors(request: FastifyRequest, code: string) {
  const lines: string[] = [];
  logged.set(code, lines);
  vi.spyOn(request.log, 'error').mockImplementation((...args: unknown[]) => {
    lines.push(
      args.map((arg) => (arg instanceof Object && 'err' in arg ? String(arg.err) : String(arg))).join(' '),
    );
  });
}

/** Two writes that change data, declared alike: one runs through runIdempotent, one forgets it. */
function addWriteRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const options = {
    config: { access: 'administrator', isIdempotent: true },
    schema: { params: z.object({ code: z.string() }), response: { 200: answerSchema } },
  } as const;
  typed.post('/api/test/forgets-run-idempotent/:code', options, async (request) => {
    keepErrors(request, request.params.code);
    return addCountry(handle.db, request.params.code);
  });
  typed.post('/api/test/runs-idempotent/:code', options, async (request) => {
    keepErrors(request, request.params.code);
    const answer = await runIdempotent(handle.db, request, answerSchema, async (tx) => ({
      status: 200,
      body: await addCountry(tx, request.params.code),
    }));
    return answer.body;
  });
}

beforeAll(async () => {
  handle = await createTestDatabase();
  development = await createTestApp({ handle, beforeReady: addWriteRoutes });
  production = await createTestApp({ handle, env: { NODE_ENV: 'production' }, beforeReady: addWriteRoutes });
  await createUser(handle.db, { username: 'chief', roleIds: [ROLE.administrator] });
});
afterAll(async () => {
  await development?.close();
  await production?.close();
  await handle?.close();
});

async function write(t: TestApp, route: string, code: string, key?: string) {
  return t.request({
    method: 'POST',
    url: `/api/test/${route}/${code}`,
    cookie: await t.signIn('chief'),
    headers: key ? { 'idempotency-key': key } : {},
  });
}

describe('a write route that forgets runIdempotent', () => {
  it('answers a 500 outside production, with or without an Idempotency-Key, and logs which route', async () => {
    for (const [code, key] of [
      ['K1', 'check-key-1'],
      ['K2', undefined],
    ] as const) {
      const answer = await write(development, 'forgets-run-idempotent', code, key);
      expect(answer.statusCode).toBe(500);
      expect(answer.json()).toEqual({ message: expect.any(String) });
      expect(logged.get(code)?.join('\n')).toMatch(
        'POST /api/test/forgets-run-idempotent/:code is declared isIdempotent but answered without runIdempotent',
      );
    }
  });

  it('is logged as an error in production, and answered as it is (the change is already made)', async () => {
    const answer = await write(production, 'forgets-run-idempotent', 'K3', 'check-key-3');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id: expect.any(Number) });
    expect(logged.get('K3')?.join('\n')).toMatch(
      'is declared isIdempotent but answered without runIdempotent',
    );
  });

  it('passes the check when it runs through runIdempotent: a retry with its key gets the first answer', async () => {
    const first = await write(development, 'runs-idempotent', 'K4', 'check-key-4');
    expect(first.statusCode).toBe(200);
    expect(logged.get('K4')).toEqual([]);
    const retry = await write(development, 'runs-idempotent', 'K4', 'check-key-4');
    expect(retry.json()).toEqual(first.json());
    expect((await write(development, 'runs-idempotent', 'K5')).statusCode).toBe(200);
  });
});
