import { canAccess } from '@usluge/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { AppError, forbidden, unauthorized } from '../http/errors.ts';
import type { AuthenticatedUser } from '../http/request-context.ts';
import { ACCESS_COOKIE } from './cookies.ts';
import { findSessionByAccessToken } from './session-repository.ts';

/**
 * Resolves the session behind the access cookie and enforces the route's declared access.
 * Default deny: a route that declares no access answers 403 to everyone.
 */
export function registerAuthentication(app: FastifyInstance, db: Database): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[ACCESS_COOKIE];
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
