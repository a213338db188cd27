import { idParamsSchema, userUnlockAnswerSchema } from '@usluge/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appendAudit } from '../../audit/append-audit.ts';
import type { LoginLimiter } from '../../auth/login-limiter.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { translate } from '../../http/messages.ts';

/**
 * What is particular to users besides their list and form: `POST /api/users/unlock/{id}`, where an
 * administrator lifts a user's sign-in lock (staff locked out by someone guessing elsewhere).
 */
export function userRoutes(app: FastifyInstance, db: Database, limiter: LoginLimiter): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/users/unlock/:id',
    {
      config: { access: 'administrator', isIdempotent: true },
      schema: {
        tags: ['users'],
        summary: "Lift a user's sign-in lock: the failures counted for their username, from every address",
        params: idParamsSchema,
        response: { 200: userUnlockAnswerSchema },
      },
    },
    async (request) => {
      const answer = await runIdempotent(db, request, userUnlockAnswerSchema, async (tx) => {
        const [user] = await tx
          .select({ username: users.username })
          .from(users)
          .where(eq(users.id, request.params.id));
        if (!user) throw notFound();
        const wasLocked = await limiter.unlock(user.username, tx);
        await appendAudit(tx, {
          action: 'unlock',
          recordType: 'users',
          recordId: request.params.id,
          changes: { is_locked: { before: wasLocked, after: false } },
        });
        const key = wasLocked ? 'user_unlocked' : 'user_not_locked';
        return {
          status: 200,
          body: {
            message: translate(key, request.lang, { username: user.username }),
            was_locked: wasLocked,
          },
        };
      });
      // Always a 200: a replay answers as the first request did.
      return answer.body;
    },
  );
}
