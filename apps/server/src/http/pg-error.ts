/** The fields of a PostgreSQL error that we act on (both drivers report them). */
export type PgError = { code: string; constraint?: string };

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** A statement cancelled, e.g. by its statement_timeout. */
export const PG_QUERY_CANCELED = '57014';

/** An error and the errors behind it (`cause`, as Drizzle wraps the driver's), the first four. */
function* causesOf(error: unknown): Generator<Record<string, unknown>> {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as Record<string, unknown>;
    yield candidate;
    current = candidate.cause;
  }
}

const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/** The PostgreSQL error behind an error, which Drizzle wraps in `cause`. */
export function pgErrorOf(error: unknown): PgError | undefined {
  for (const candidate of causesOf(error)) {
    if (isSqlState(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
  }
  return undefined;
}

/**
 * PostgreSQL refusing work because it cannot take it now, not because of the request: a lost or
 * refused connection (class 08), the server shutting down or starting (57P01–57P03), too many
 * connections (53300).
 */
const isPgUnavailableCode = (code: string) =>
  code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300';

/** Errors of a connection to a backing service (the database, Redis) that did not answer. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Messages of the drivers' own errors for a service out of reach: node-postgres ('Connection
 * terminated unexpectedly', its pool's 'timeout exceeded when trying to connect'), ioredis
 * (MaxRetriesPerRequestError, 'Connection is closed.').
 */
const UNREACHABLE =
  /connection terminated|timeout exceeded when trying to connect|max retries per request|connection is closed/i;

/**
 * Whether an error says that the database or Redis is out of reach for the moment (a 503: the
 * request may succeed when retried), anywhere in its chain of causes.
 */
export function isServiceUnavailable(error: unknown): boolean {
  for (const candidate of causesOf(error)) {
    const { code, message, name } = candidate;
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    if (isSqlState(code) && isPgUnavailableCode(code)) return true;
    if (name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && UNREACHABLE.test(message)) return true;
  }
  return false;
}
