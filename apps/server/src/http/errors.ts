import type { z } from 'zod';
import type { MessageKey, MessageParams } from './messages.ts';

/** An error meant for the client: a status and a translatable message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    /** Field errors, already translated, for 422 answers. */
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(key);
  }
}

export const notFound = () => new AppError(404, 'not_found');
export const forbidden = () => new AppError(403, 'forbidden');
export const unauthorized = () => new AppError(401, 'unauthorized');
export const conflict = (field?: string, text?: string) =>
  new AppError(409, 'conflict', {}, field && text ? { [field]: [text] } : undefined);

/** A request body, query or params that failed its zod schema. */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super('Request validation failed');
  }
}
