import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { RequestValidationError } from './errors.ts';

/**
 * Requests are parsed by their route's zod schemas; the issues keep their input so that the error
 * handler can tell a missing value ('Obavezno polje.') from a wrong one. Responses are encoded by
 * their schemas, which drops every field a schema does not name.
 */
export function registerZodCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    const result = (schema as z.ZodType).safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues) };
  });
  app.setSerializerCompiler(serializerCompiler);
}
