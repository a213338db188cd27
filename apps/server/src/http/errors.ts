import type { z } from 'zod';
import type { MessageKey, MessageParams } from './messages.ts';

/** An error meant for the client: a status and a translatable message. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly key: MessageKey;
  readonly params: MessageParams;
  /** The form field the message belongs to: the answer also carries it in `errors`. */
  readonly field: string | undefined;
  /** More for the client beside the message, already as JSON (a stale write's current row). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    statusCode: number,
    key: MessageKey,
    params: MessageParams = {},
    field?: string,
    details: Readonly<Record<string, unknown>> = {},
  ) {
    super(key);
    this.statusCode = statusCode;
    this.key = key;
    this.params = params;
    this.field = field;
    this.details = details;
  }
}

export const notFound = () => new AppError(404, 'not_found');
export const forbidden = () => new AppError(403, 'forbidden');
export const unauthorized = () => new AppError(401, 'unauthorized');

/** A request body, query or params that failed its zod schema. */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(issues: readonly z.core.$ZodIssue[]) {
    super('Request validation failed');
    this.issues = issues;
  }
}
