import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerTokenOf } from '../auth/authenticate.ts';
import { AppError } from './errors.ts';

const WEB_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // MUI (emotion) injects its styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SAME_SITE_FETCHES = new Set(['same-origin', 'none']);
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:;|$)/i;

function isOwnOrigin(origin: string, request: FastifyRequest, publicOrigin: string): boolean {
  return origin === `${request.protocol}://${request.headers.host ?? ''}` || origin === publicOrigin;
}

/** The origin of a Referer; null when it is not a URL (a browser never sends such a thing). */
function originOf(referer: string): string | null {
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && !SAME_SITE_FETCHES.has(fetchSite)) return true;
  const origin = request.headers.origin;
  if (origin !== undefined) return !isOwnOrigin(origin, request, publicOrigin);
  if (fetchSite !== undefined) return false;
  // Neither header: an old browser still says where the request comes from in its Referer.
  const referer = request.headers.referer;
  if (referer === undefined) return false;
  const refererOrigin = originOf(referer);
  return refererOrigin === null || !isOwnOrigin(refererOrigin, request, publicOrigin);
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

declare module 'fastify' {
  // Module augmentation has to use interfaces.
  interface FastifyInstance {
    /** PUBLIC_URL is https: every answer carries Strict-Transport-Security. */
    isHttpsOnly: boolean;
  }
}

/**
 * Headers every answer carries: the security headers, and `Cache-Control: no-store` on API JSON
 * (signed-in data must not be kept by browsers or proxies) unless the route chose its own caching.
 * Also used for answers that Fastify makes before any hook runs (http/error-handler.ts).
 */
export function setAnswerHeaders(request: FastifyRequest, reply: FastifyReply): void {
  // Served over https (PUBLIC_URL): browsers keep to https for a year, subdomains included.
  if (request.server.isHttpsOnly) {
    reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
  reply.header('X-Request-Id', request.id);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Referrer-Policy', 'same-origin');
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  const isApi = isApiPath(request.url);
  if (!reply.hasHeader('Content-Security-Policy')) {
    const isApiData = isApi && !request.url.startsWith('/api/docs');
    reply.header('Content-Security-Policy', isApiData ? API_CSP : WEB_CSP);
  }
  const contentType = String(reply.getHeader('Content-Type') ?? '');
  if (isApi && JSON_TYPE.test(contentType) && !reply.hasHeader('Cache-Control')) {
    reply.header('Cache-Control', 'no-store');
  }
}

/**
 * Security headers on every answer, and the cross-site check: a state-changing request (any
 * non-GET, or a GET marked isStateChanging) from another site is refused. Browsers send Origin or
 * Sec-Fetch-Site (old ones at least a Referer); curl sends none of them and is judged by its
 * cookies. A request with a bearer token (the mobile app) uses no cookies and is not checked.
 */
export function registerSecurity(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  // On the root app, so that every plugin's routes (and Fastify's own answers) see it.
  app.decorate('isHttpsOnly', publicOrigin.startsWith('https:'));
  app.addHook('onRequest', async (request) => {
    const isStateChanging =
      !SAFE_METHODS.has(request.method) || request.routeOptions.config?.isStateChanging === true;
    const isCookieSession = bearerTokenOf(request) === undefined;
    if (isStateChanging && isCookieSession && isCrossSite(request, publicOrigin)) {
      throw new AppError(403, 'cross_site');
    }
  });
  app.addHook('onSend', async (request, reply) => {
    setAnswerHeaders(request, reply);
  });
}
