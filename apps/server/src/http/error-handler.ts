import { fieldErrors } from '@usluge/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, RequestValidationError } from './errors.ts';
import { translate } from './messages.ts';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorOf } from './pg-error.ts';

/**
 * Every error becomes `{message}` (plus `errors` for validation) in the request's language.
 * Internals (stack traces, SQL) are logged, never sent.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? 'me';
    // Error bodies are built here from fixed texts; a route's success schemas do not apply to them.
    reply.serializer((payload: unknown) => JSON.stringify(payload));
    if (error instanceof AppError) {
      const message = translate(error.key, lang, error.params);
      return reply
        .status(error.statusCode)
        .send(error.field ? { message, errors: { [error.field]: [message] } } : { message });
    }
    if (error instanceof RequestValidationError) {
      return reply
        .status(422)
        .send({ message: translate('validation_failed', lang), errors: fieldErrors(error.issues, lang) });
    }
    const pgError = pgErrorOf(error);
    if (pgError?.code === PG_UNIQUE_VIOLATION) {
      return reply.status(409).send({ message: translate('conflict', lang) });
    }
    if (pgError?.code === PG_FOREIGN_KEY_VIOLATION) {
      return reply.status(409).send({ message: translate('referenced', lang) });
    }
    // A failed check constraint, or any data exception (class 22: a value PostgreSQL cannot take,
    // such as text with a NUL character or a number out of range) is bad input, not a server fault.
    if (pgError?.code === '23514' || pgError?.code.startsWith('22')) {
      return reply.status(422).send({ message: translate('validation_failed', lang) });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ message: translate('payload_too_large', lang) });
    }
    if (status === 415) return reply.status(415).send({ message: translate('unsupported_media_type', lang) });
    if (status === 429) return reply.status(429).send({ message: translate('too_many_requests', lang) });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: translate('bad_request', lang) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: translate('internal', lang) });
  });
}
