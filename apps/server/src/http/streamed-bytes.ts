import { Readable } from 'node:stream';
import { z } from 'zod';

/**
 * An answer's bytes, streamed (an image, a seed file): `type: string, format: binary` in the
 * OpenAPI document. Fastify sends a stream as it is; this schema only describes it.
 */
export const streamedBytesSchema = z
  .custom<Readable>((value) => value instanceof Readable)
  .meta({ type: 'string', format: 'binary' });
