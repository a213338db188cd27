import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** Deeper than any body the API takes: what lies below is not read (and the schema refuses it). */
const MAX_DEPTH = 32;

/**
 * Where in a parsed JSON body a text holds a lone UTF-16 surrogate (`"\ud800"` is valid JSON):
 * its dotted path ('' for the body itself), or null when every text is well formed. PostgreSQL
 * would store such a text as U+FFFD, silently not what was sent.
 */
export function illFormedTextPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.isWellFormed() ? null : path;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path === '' ? key : `${path}.${key}`;
    if (!key.isWellFormed()) return itemPath;
    const found = illFormedTextPath(item, itemPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses a JSON body with an ill-formed text: a 422 on its field, before the route runs. */
export function registerWellFormedText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body === null || typeof request.body !== 'object') {
      if (typeof request.body === 'string' && !request.body.isWellFormed())
        throw new AppError(422, 'ill_formed_text');
      return;
    }
    const path = illFormedTextPath(request.body);
    if (path !== null) throw new AppError(422, 'ill_formed_text', {}, path === '' ? undefined : path);
  });
}
