import type { FastifyInstance, FastifyRequest } from 'fastify';
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

function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && !SAME_SITE_FETCHES.has(fetchSite)) return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const ownOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
  return origin !== ownOrigin && origin !== publicOrigin;
}

/**
 * Security headers on every answer, and the cross-site check: a state-changing request (any
 * non-GET, or a GET marked isStateChanging) from another site is refused. Browsers always send
 * Origin or Sec-Fetch-Site; the mobile app and curl send neither and are judged by their cookies.
 */
export function registerSecurity(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    const isStateChanging =
      !SAFE_METHODS.has(request.method) || request.routeOptions.config?.isStateChanging === true;
    if (isStateChanging && isCrossSite(request, publicOrigin)) throw new AppError(403, 'cross_site');
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (!reply.hasHeader('Content-Security-Policy')) {
      const isApiData = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
      reply.header('Content-Security-Policy', isApiData ? API_CSP : WEB_CSP);
    }
  });
}
