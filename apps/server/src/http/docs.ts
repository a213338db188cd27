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
        description: [
          'Back-office and public API of the local-services marketplace.',
          '',
          '**Versions (no lost update).** Every row carries `updated_at`. An update (`PUT|POST …/update/{id}`, JSON or multipart), a toggle (`DELETE …/destroy/{id}?updated_at=`), the favourite toggle and the status change may send the `updated_at` the client read, exactly as the API answered it. When the row has changed since, nothing is written and the answer is 409 `{message, current}`, `current` being the row as the list answers it now. A client that sends no version is not checked: the last write wins, as before.',
          '',
          '**Idempotency.** Every write takes an `Idempotency-Key` header (1-255 visible ASCII characters, e.g. a UUID made once per submit and kept across its retries). The same key with the same request answers the first answer again and changes nothing; with another request (method, path, query or body), 422. A request that failed stores nothing, so its key can be sent again. Keys are per user and kept 24 hours.',
        ].join('\n'),
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: "The mobile app's access token from POST /api/login (member routes).",
          },
          cookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'access_token',
            description: "The back-office's session cookie from POST /api/loginWeb.",
          },
        },
      },
      tags: [
        {
          name: 'member',
          description:
            'The mobile app: members sign in with POST /api/login and send `Authorization: Bearer <access_token>`; such requests use no cookies and need no Origin.',
        },
      ],
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
