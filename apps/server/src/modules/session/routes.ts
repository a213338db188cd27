import {
  currentUserSchema,
  type Language,
  loginRequestSchema,
  loginResponseSchema,
  STAFF_ROLES,
} from '@usluge/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate.ts';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from '../../auth/cookies.ts';
import type { LoginLimiter } from '../../auth/login-limiter.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import {
  createSession,
  findSessionIdByRefreshToken,
  revokeSession,
  rotateRefreshToken,
} from '../../auth/session-repository.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { type MessageKey, translate } from '../../http/messages.ts';
import { findCurrentUser, findLoginCandidate } from '../users/current-user-query.ts';

type SessionRoutesOptions = { db: Database; limiter: LoginLimiter; isSecureCookie: boolean };

const loginFailureSchema = z.object({ error: z.string(), message: z.string() });
const messageSchema = z.object({ message: z.string() });

/** Login failures carry `error` (the login form shows it) and `message` (the error dialog does). */
function loginFailure(
  reply: FastifyReply,
  status: 401 | 403 | 429,
  key: MessageKey,
  lang: Language,
  minutes = 0,
) {
  const text = translate(key, lang, { minutes });
  return reply.status(status).send({ error: text, message: text });
}

export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = async (
  app,
  { db, limiter, isSecureCookie },
) => {
  app.post(
    '/loginWeb',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Sign in; sets the session cookies',
        body: loginRequestSchema,
        response: {
          200: loginResponseSchema,
          401: loginFailureSchema,
          403: loginFailureSchema,
          429: loginFailureSchema,
        },
      },
    },
    async (request, reply) => {
      const { username, password, is_web: isWeb } = request.body;
      const attempt = { ip: request.ip, username };
      // Counted as a failure before the password is checked, in the same step as the check:
      // guesses sent in parallel would otherwise all pass it. A successful sign-in takes it back.
      const verdict = await limiter.admit(attempt);
      if (!verdict.isAdmitted) {
        reply.header('Retry-After', Math.ceil(verdict.waitMs / 1000));
        const key = verdict.hold === 'address' ? 'too_many_attempts_from_address' : 'too_many_attempts';
        return loginFailure(reply, 429, key, request.lang, Math.ceil(verdict.waitMs / 60_000));
      }

      const candidate = await findLoginCandidate(db, username);
      const isPasswordRight = await verifyPassword(candidate?.passwordHash, password);
      if (!candidate || !isPasswordRight) {
        return loginFailure(reply, 401, 'invalid_credentials', request.lang);
      }
      if (!candidate.isActive) return loginFailure(reply, 403, 'account_disabled', request.lang);
      if (isWeb && !candidate.roleIds.some((id) => STAFF_ROLES.includes(id))) {
        return loginFailure(reply, 403, 'no_back_office_access', request.lang);
      }
      await limiter.recordSuccess(attempt);

      const tokens = await createSession(db, candidate.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookies(reply, tokens, isSecureCookie);
      const user = await findCurrentUser(db, candidate.id);
      if (!user) throw notFound();
      return { user };
    },
  );

  app.get(
    '/refresh-token-web',
    {
      config: { access: 'public', isStateChanging: true },
      schema: {
        tags: ['session'],
        summary: 'Rotate the refresh token and issue a new access token',
        response: { 200: loginResponseSchema, 401: messageSchema },
      },
    },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      const outcome = token ? await rotateRefreshToken(db, token) : ({ kind: 'invalid' } as const);
      if (outcome.kind !== 'rotated') {
        if (outcome.kind === 'replayed') request.log.warn('refresh token replayed; session revoked');
        clearSessionCookies(reply, isSecureCookie);
        return reply.status(401).send({ message: translate('refresh_invalid', request.lang) });
      }
      setSessionCookies(reply, outcome.tokens, isSecureCookie);
      const user = await findCurrentUser(db, outcome.userId);
      if (!user) throw notFound();
      return { user };
    },
  );

  app.get(
    '/user',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['session'], summary: 'The signed-in user', response: { 200: currentUserSchema } },
    },
    async (request) => {
      const user = await findCurrentUser(db, requireUser(request).id);
      if (!user) throw notFound();
      return user;
    },
  );

  app.get(
    '/logout',
    {
      config: { access: 'public', isStateChanging: true },
      schema: { tags: ['session'], summary: 'End the session at once', response: { 200: messageSchema } },
    },
    async (request, reply) => {
      const refreshToken = request.cookies[REFRESH_COOKIE];
      const sessionId =
        request.user?.sessionId ??
        (refreshToken ? await findSessionIdByRefreshToken(db, refreshToken) : null);
      if (sessionId) await revokeSession(db, sessionId);
      clearSessionCookies(reply, isSecureCookie);
      return { message: translate('logged_out', request.lang) };
    },
  );
};
