import {
  appLoginRequestSchema,
  appLoginResponseSchema,
  appLogoutRequestSchema,
  appTokensSchema,
  type CurrentUser,
  currentUserSchema,
  type Language,
  loginRequestSchema,
  loginResponseSchema,
  ROLE,
  refreshTokenRequestSchema,
  STAFF_ROLES,
} from '@usluge/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appendAudit } from '../../audit/append-audit.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from '../../auth/cookies.ts';
import type { LoginLimiter } from '../../auth/login-limiter.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import {
  ACCESS_TOKEN_TTL_MS,
  createSession,
  findSessionIdByRefreshToken,
  type IssuedTokens,
  revokeSession,
  rotateRefreshToken,
} from '../../auth/session-repository.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { type MessageKey, translate } from '../../http/messages.ts';
import { findCurrentUser, findLoginCandidate } from '../users/current-user-query.ts';

type SessionRoutesOptions = {
  db: Database;
  limiter: LoginLimiter;
  isSecureCookie: boolean;
  /** SEEDERS_ENABLED: told to the signed-in user, whose back office then shows the seeder generator. */
  isSeederEnabled?: boolean;
};

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

/** Who may sign in where: the back-office takes staff, the mobile app members. */
type Audience = 'back-office' | 'app' | 'any';

export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = async (
  app,
  { db, limiter, isSecureCookie, isSeederEnabled = false },
) => {
  /** The current-user answer: the user, and what this server offers them. */
  async function currentUser(userId: number): Promise<CurrentUser> {
    const user = await findCurrentUser(db, userId);
    if (!user) throw notFound();
    return { ...user, seeders_enabled: isSeederEnabled };
  }

  /**
   * Checks a sign-in within the limits and opens the session; a refusal is answered here (and
   * null returned). Counted as a failure before the password is checked, in the same step as the
   * check: guesses sent in parallel would otherwise all pass it. A successful sign-in takes it back.
   */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    { login, password, audience }: { login: string; password: string; audience: Audience },
  ) {
    const attempt = { ip: request.ip, username: login };
    const verdict = await limiter.admit(attempt);
    if (!verdict.isAdmitted) {
      reply.header('Retry-After', Math.ceil(verdict.waitMs / 1000));
      const key = verdict.hold === 'address' ? 'too_many_attempts_from_address' : 'too_many_attempts';
      loginFailure(reply, 429, key, request.lang, Math.ceil(verdict.waitMs / 60_000));
      return null;
    }
    const candidate = await findLoginCandidate(db, login, { isEmailAllowed: audience === 'app' });
    const isPasswordRight = await verifyPassword(candidate?.passwordHash, password);
    const refusal: [401 | 403, MessageKey] | null =
      !candidate || !isPasswordRight
        ? [401, 'invalid_credentials']
        : !candidate.isActive
          ? [403, 'account_disabled']
          : audience === 'back-office' && !candidate.roleIds.some((id) => STAFF_ROLES.includes(id))
            ? [403, 'no_back_office_access']
            : audience === 'app' && !candidate.roleIds.includes(ROLE.member)
              ? [403, 'no_app_access']
              : audience === 'app' && candidate.isVerificationPending
                ? [403, 'verify_email_first']
                : null;
    if (refusal || !candidate) {
      // Nothing else is written with a refusal: the entry is a write of its own.
      await appendAudit(db, {
        action: 'sign_in_failed',
        recordType: 'users',
        recordId: candidate?.id ?? null,
        changes: {
          username: { before: null, after: login.slice(0, 100) },
          reason: { before: null, after: refusal?.[1] ?? 'invalid_credentials' },
        },
        actor: { id: null, ip: request.ip || null },
      });
      loginFailure(reply, ...(refusal ?? [401, 'invalid_credentials']), request.lang);
      return null;
    }
    await limiter.recordSuccess(attempt);
    const tokens = await createSession(db, candidate.id, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      audience,
    });
    return { tokens, user: await currentUser(candidate.id) };
  }

  const appTokens = (tokens: IssuedTokens) => ({
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expires_in: ACCESS_TOKEN_TTL_MS / 1000,
  });

  /** Ends the session of the request, or the one a refresh token belongs to. */
  async function endSession(request: FastifyRequest, refreshToken: string | undefined) {
    const sessionId =
      request.user?.sessionId ?? (refreshToken ? await findSessionIdByRefreshToken(db, refreshToken) : null);
    if (sessionId) await revokeSession(db, sessionId);
  }

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
      const signedIn = await signIn(request, reply, {
        login: username,
        password,
        audience: isWeb ? 'back-office' : 'any',
      });
      if (!signedIn) return reply;
      setSessionCookies(reply, signedIn.tokens, isSecureCookie);
      return { user: signedIn.user };
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['member'],
        summary: 'The mobile app signs a member in (username or e-mail): bearer tokens, no cookies',
        description:
          'Send the access token as `Authorization: Bearer <access_token>`; before it expires (`expires_in` seconds) get a new pair from `POST /api/refresh-token`. Members only (staff who also hold the member role too); a member who registered in the app signs in once the e-mail address is verified. The same limits as the back-office sign-in.',
        body: appLoginRequestSchema,
        response: {
          200: appLoginResponseSchema,
          401: loginFailureSchema,
          403: loginFailureSchema,
          429: loginFailureSchema,
        },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const signedIn = await signIn(request, reply, { login: username, password, audience: 'app' });
      if (!signedIn) return reply;
      // The app's language is the member's: their notices and e-mails are written in it.
      await db.update(users).set({ language: request.lang }).where(eq(users.id, signedIn.user.id));
      return { ...appTokens(signedIn.tokens), user: signedIn.user };
    },
  );

  app.post(
    '/refresh-token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['member'],
        summary: "Rotate the app's refresh token: a new access and refresh token",
        description:
          'Each refresh token works once. Sending a used one again ends the whole session (someone copied it): sign in anew.',
        body: refreshTokenRequestSchema,
        response: { 200: appTokensSchema, 401: messageSchema },
      },
    },
    async (request, reply) => {
      const outcome = await rotateRefreshToken(db, request.body.refresh_token);
      if (outcome.kind !== 'rotated') {
        if (outcome.kind === 'replayed') request.log.warn('refresh token replayed; session revoked');
        return reply.status(401).send({ message: translate('refresh_invalid', request.lang) });
      }
      return appTokens(outcome.tokens);
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['member'],
        summary: "End the app's session at once (the bearer token's, or the refresh token's)",
        body: appLogoutRequestSchema.optional(),
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await endSession(request, request.body?.refresh_token);
      return { message: translate('logged_out', request.lang) };
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
      return { user: await currentUser(outcome.userId) };
    },
  );

  app.get(
    '/user',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['session'], summary: 'The signed-in user', response: { 200: currentUserSchema } },
    },
    async (request) => {
      return currentUser(requireUser(request).id);
    },
  );

  app.get(
    '/logout',
    {
      config: { access: 'public', isStateChanging: true },
      schema: { tags: ['session'], summary: 'End the session at once', response: { 200: messageSchema } },
    },
    async (request, reply) => {
      await endSession(request, request.cookies[REFRESH_COOKIE]);
      clearSessionCookies(reply, isSecureCookie);
      return { message: translate('logged_out', request.lang) };
    },
  );
};
