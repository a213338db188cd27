import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { IDEMPOTENCY_KEY_PATTERN } from '@usluge/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { markRoutesPublic } from './public-routes.ts';

type Transformed = ReturnType<typeof jsonSchemaTransform>;

/** A write's Idempotency-Key, as a header parameter of its operation in the document. */
function withIdempotencyKey(transformed: Transformed, isIdempotent: boolean | undefined): Transformed {
  if (!isIdempotent) return transformed;
  const schema = transformed.schema as Record<string, unknown>;
  const headers = (schema.headers ?? { type: 'object', properties: {} }) as {
    properties: Record<string, unknown>;
  };
  headers.properties['idempotency-key'] = {
    type: 'string',
    pattern: IDEMPOTENCY_KEY_PATTERN.source,
    description:
      "Makes the write happen once: the same key with the same request answers the first answer again and changes nothing; with another request, 422. Keys are the caller's own, kept 24 hours.",
  };
  return { ...transformed, schema: { ...schema, headers } } as Transformed;
}

/** OpenAPI document at /api/docs/json and its page at /api/docs, generated from the route schemas. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Usluge API',
        description: 'Back-office and public API of the local-services marketplace.',
        version: '1.0.0',
      },
    },
    transform: (input) => withIdempotencyKey(jsonSchemaTransform(input), input.route.config?.isIdempotent),
    // Schemas registered with an id (the recursive service tree) become named components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(async (docs) => {
    markRoutesPublic(docs);
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  });
}
