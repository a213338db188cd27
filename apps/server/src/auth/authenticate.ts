import { canAccess } from '@usluge/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { AppError, forbidden, unauthorized } from '../http/errors.ts';
import type { AuthenticatedUser } from '../http/request-context.ts';
import { ACCESS_COOKIE } from './cookies.ts';
import { findSessionByAccessToken } from './session-repository.ts';

const BEARER = /^Bearer ([\x21-\x7e]{1,200})$/;

/**
 * The app's access token from `Authorization: Bearer …`, if the request carries one. Such a
 * request is judged by it alone, never by cookies, so it needs no cross-site check: a browser
 * cannot add the header to another site's request.
 */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header === undefined ? undefined : (BEARER.exec(header)?.[1] ?? '');
}

/**
 * Resolves the session behind the bearer token or the access cookie and enforces the route's
 * declared access. Default deny: a route that declares no access answers 403 to everyone.
 */
export function registerAuthentication(app: FastifyInstance, db: Database): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerTokenOf(request) ?? request.cookies[ACCESS_COOKIE];
    const session = token ? await findSessionByAccessToken(db, token) : null;
    request.user = session
      ? { id: session.userId, sessionId: session.sessionId, roleIds: session.roleIds }
      : null;

    // No matched route: the not-found handler answers.
    if (request.is404) return;
    const access = request.routeOptions.config?.access;
    if (access === undefined) throw new AppError(403, 'access_not_declared');
    if (access === 'public') return;
    if (!request.user) throw unauthorized();
    if (!canAccess(access, request.user.roleIds)) throw forbidden();
  });
}

/** The signed-in user of a route whose access guarantees one. */
export function requireUser(request: { user: AuthenticatedUser | null }): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
