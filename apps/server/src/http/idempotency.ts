import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN } from '@usluge/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOfRequest, withAuditActor } from '../audit/audit-actor.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

const KEPT_FOR = sql`interval '24 hours'`;

export type Answer<T> = { status: number; body: T };

/** JSON with object keys in order: the same request always hashes the same. */
function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Runs a change in one transaction, at most once per `Idempotency-Key` of the caller: a retry
 * with the same key and request (method, URL with its id and query, body) gets the first answer and
 * changes nothing; the same key with another request is a 422. The key is claimed at the start of
 * the transaction, so concurrent retries wait for the first one and then read its answer. A change
 * that fails stores nothing (its transaction rolls back), so retrying it runs it again. Without the
 * header the change simply runs. Every write route runs through here (its config says
 * `isIdempotent`, which also puts the header in the API document; registerIdempotencyCheck
 * catches one that does not).
 *
 * `body` replaces the parsed body in the request's fingerprint where the route reads the body
 * itself (multipart forms: their fields and a digest of each file).
 */
export async function runIdempotent<T>(
  db: Database,
  request: FastifyRequest,
  answerSchema: z.ZodType<T>,
  change: (tx: Database) => Promise<Answer<T>>,
  fingerprint: { body?: unknown } = {},
): Promise<Answer<T>> {
  request.hasRunIdempotent = true;
  // The audit entries the change writes name the request's user and address.
  return withAuditActor(actorOfRequest(request), () =>
    runOnce(db, request, answerSchema, change, fingerprint),
  );
}

async function runOnce<T>(
  db: Database,
  request: FastifyRequest,
  answerSchema: z.ZodType<T>,
  change: (tx: Database) => Promise<Answer<T>>,
  fingerprint: { body?: unknown },
): Promise<Answer<T>> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return db.transaction((tx) => change(tx as unknown as Database));
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new AppError(422, 'idempotency_key_invalid');
  }
  const userId = requireUser(request).id;
  const body = 'body' in fingerprint ? fingerprint.body : request.body;
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonical(body)}`)
    .digest('base64url');

  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ user_id: userId, key: header, request_hash: requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx
        .select({
          requestHash: idempotencyKeys.request_hash,
          status: idempotencyKeys.status_code,
          response: idempotencyKeys.response,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, header)));
      if (!stored || stored.requestHash !== requestHash) throw new AppError(422, 'idempotency_key_reused');
      if (stored.status === null) throw new AppError(409, 'idempotency_in_progress');
      return { status: stored.status, body: z.decode(answerSchema, stored.response as never) };
    }
    const answer = await change(tx);
    await tx
      .update(idempotencyKeys)
      .set({ status_code: answer.status, response: z.encode(answerSchema, answer.body) })
      .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, header)));
    await tx
      .delete(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.user_id, userId), lt(idempotencyKeys.created_at, sql`now() - ${KEPT_FOR}`)),
      );
    return answer;
  });
}

/**
 * A route declared `isIdempotent` that answers a success without having run its write through
 * runIdempotent would silently ignore the Idempotency-Key (and its audit entries would name
 * nobody): its retries would act twice. The routes call runIdempotent in their handlers (the CRUD
 * and bulk writes in the write path, the others each with its own answer and transaction around
 * it), so this is checked on every such answer, with or without the header: any test reaching the
 * route finds the slip. Outside production the answer becomes a 500 (fail closed, so no test and no e2e run
 * passes with it). In production it is logged loudly and answered as it is: the change is
 * already committed by now, and a 500 would tell the client it failed, so a retry would do it
 * once more, the very thing the key is there to stop.
 */
export function registerIdempotencyCheck(
  app: FastifyInstance,
  { isProduction }: { isProduction: boolean },
): void {
  app.decorateRequest('hasRunIdempotent', false);
  app.addHook('onSend', async (request, reply, payload) => {
    const isSuccess = reply.statusCode >= 200 && reply.statusCode < 300;
    if (!isSuccess || request.hasRunIdempotent || request.routeOptions.config.isIdempotent !== true) {
      return payload;
    }
    const slip = `${request.method} ${request.routeOptions.url} is declared isIdempotent but answered without runIdempotent`;
    if (!isProduction) throw new Error(slip);
    request.log.error({ route: request.routeOptions.url }, slip);
    return payload;
  });
}
