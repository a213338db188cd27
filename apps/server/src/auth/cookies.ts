import type { FastifyReply } from 'fastify';
import { ACCESS_TOKEN_TTL_MS, type IssuedTokens, REFRESH_TOKEN_TTL_MS } from './session-repository.ts';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';

const base = (isSecure: boolean) =>
  ({ httpOnly: true, sameSite: 'strict', secure: isSecure, path: '/api' }) as const;

export function setSessionCookies(reply: FastifyReply, tokens: IssuedTokens, isSecure: boolean): void {
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, {
    ...base(isSecure),
    maxAge: ACCESS_TOKEN_TTL_MS / 1000,
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...base(isSecure),
    maxAge: REFRESH_TOKEN_TTL_MS / 1000,
  });
}

export function clearSessionCookies(reply: FastifyReply, isSecure: boolean): void {
  reply.clearCookie(ACCESS_COOKIE, base(isSecure));
  reply.clearCookie(REFRESH_COOKIE, base(isSecure));
}
