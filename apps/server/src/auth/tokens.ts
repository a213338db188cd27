import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token for a cookie or an e-mailed link. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a leaked table opens no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
