import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { DEFAULT_LANGUAGE, fieldErrors, type Language } from '@usluge/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, RequestValidationError } from './errors.ts';
import { languageOf, type MessageKey, translate } from './messages.ts';
import {
  isServiceUnavailable,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgErrorOf,
} from './pg-error.ts';
import { setAnswerHeaders } from './security.ts';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

type ErrorBody = { message: string; errors?: Record<string, string[]>; [detail: string]: unknown };
type ErrorAnswer = { status: number; body: ErrorBody };

/** Fastify's own errors by code, as the product words them. */
const FRAMEWORK_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  FST_ERR_BAD_URL: { status: 400, key: 'bad_url' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, key: 'url_too_long' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'invalid_json' },
};

const answer = (status: number, key: MessageKey, lang: Language): ErrorAnswer => ({
  status,
  body: { message: translate(key, lang) },
});

/**
 * What a client is told about an error: a status and fixed texts (with an AppError's details, such
 * as a stale write's current row), never internals.
 */
function errorAnswer(error: FastifyError, request: FastifyRequest): ErrorAnswer {
  const lang = request.lang;
  if (error instanceof AppError) {
    const message = translate(error.key, lang, error.params);
    const body = error.field ? { message, errors: { [error.field]: [message] } } : { message };
    return { status: error.statusCode, body: { ...error.details, ...body } };
  }
  if (error instanceof RequestValidationError) {
    return {
      status: 422,
      body: { message: translate('validation_failed', lang), errors: fieldErrors(error.issues, lang) },
    };
  }
  const pgError = pgErrorOf(error);
  if (pgError?.code === PG_UNIQUE_VIOLATION) return answer(409, 'conflict', lang);
  if (pgError?.code === PG_FOREIGN_KEY_VIOLATION) return answer(409, 'referenced', lang);
  // A failed check constraint, or any data exception (class 22: a value PostgreSQL cannot take,
  // such as text with a NUL character or a number out of range) is bad input, not a server fault.
  if (pgError?.code === '23514' || pgError?.code.startsWith('22')) {
    return answer(422, 'validation_failed', lang);
  }
  if (Object.hasOwn(FRAMEWORK_ERRORS, error.code)) {
    const known = FRAMEWORK_ERRORS[error.code] as (typeof FRAMEWORK_ERRORS)[string];
    return answer(known.status, known.key, lang);
  }
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE')
    return answer(413, 'payload_too_large', lang);
  if (status === 415) return answer(415, 'unsupported_media_type', lang);
  if (status === 429) return answer(429, 'too_many_requests', lang);
  if (status >= 400 && status < 500) return answer(status, 'bad_request', lang);
  request.log.error({ err: error }, 'request failed');
  // The database or Redis out of reach: the client may try again (Retry-After), nothing is wrong with the request.
  if (isServiceUnavailable(error)) return answer(503, 'unavailable', lang);
  return answer(500, 'internal', lang);
}

/** A 429 whose limit does not say when it frees (reports busy), or a 503: the minute its message names. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * Every error becomes `{message}` (plus `errors` for validation) as JSON in the request's
 * language, never cached. Internals (stack traces, SQL) are logged, never sent.
 */
function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, body } = errorAnswer(error, request);
  // What the route meant for its own answer (a file name, an encoding) is not the error's.
  reply.removeHeader('Content-Disposition');
  reply.removeHeader('Content-Encoding');
  // Every 429 and 503 says when to come back; a limit that knows its wait has set it already.
  if ((status === 429 || status === 503) && !reply.hasHeader('Retry-After'))
    reply.header('Retry-After', DEFAULT_RETRY_AFTER_SECONDS);
  return (
    reply
      .status(status)
      .type(JSON_CONTENT_TYPE)
      .header('Cache-Control', 'no-store')
      // Error bodies are built here from fixed texts; a route's success schemas do not apply to them.
      .serializer((payload: unknown) => JSON.stringify(payload))
      .send(body)
  );
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * Fastify's `frameworkErrors`: errors met while routing (a malformed URL, a too long parameter).
 * No hook has run for such a request, so its language and headers are set here.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.lang = languageOf(request.headers['accept-language']);
  setAnswerHeaders(request, reply);
  sendError(error, request, reply);
}

type ConnectionError = Error & { code?: string };

/**
 * Fastify's `clientErrorHandler`: a request Node could not even parse (malformed HTTP, headers
 * over the size limit, too slow). There is no request to read a language from: Montenegrin.
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key]: [number, MessageKey] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request_timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headers_too_large']
        : [400, 'bad_request'];
  this.log.debug({ err: error }, 'client error');
  const body = JSON.stringify({ message: translate(key, DEFAULT_LANGUAGE) });
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        `Content-Type: ${JSON_CONTENT_TYPE}`,
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}
