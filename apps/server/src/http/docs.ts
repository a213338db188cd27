import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { type Access, IDEMPOTENCY_KEY_PATTERN } from '@usluge/contract';
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

/**
 * A form with images (multipart, or JSON) is read and checked by its handler, so its route declares
 * no body for Fastify to validate: the document still says that it takes one, and in which forms.
 */
function withHandlerReadBody(transformed: Transformed): Transformed {
  const schema = transformed.schema as Record<string, unknown>;
  const consumes = schema.consumes as readonly string[] | undefined;
  if (schema.body !== undefined || !consumes?.includes('multipart/form-data')) return transformed;
  const body = {
    type: 'object',
    additionalProperties: true,
    description: "The form's fields, and with multipart its image files; the handler reads and checks them.",
  };
  return { ...transformed, schema: { ...schema, body } } as Transformed;
}

/** `POST /api/users/update/:id` → `postUsersUpdateById`: a name for generated clients, unique per route. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, '')
    .split(/[/_-]+/)
    .filter(Boolean)
    .map((word) => (word.startsWith(':') ? `by_${word.slice(1)}` : word))
    .flatMap((word) => word.split('_'));
  const capitalized = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${method.toLowerCase()}${capitalized.join('')}`;
}

/** What every refusal answers (http/error-handler.ts): a message, and per field ones for a 422. */
const REFUSAL = {
  description:
    "Refused: 401 not signed in, 403 not allowed, 404, 409 a conflict or a stale version (then `current`), 413, 422 invalid (`errors` by field), 429 (with Retry-After). `message` is in the request's language.",
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
  required: ['message'],
};

/** What a failure answers: the same body, for a fault of the server or a service out of reach. */
const FAILURE = {
  ...REFUSAL,
  description:
    "Failed: 500 a fault of the server; 503 the database or Redis out of reach for the moment (with Retry-After: the same request may succeed then). `message` is in the request's language.",
};

/** The operation's id, who may call it, and its refusals when the route declared none of its own. */
function withOperationFacts(
  transformed: Transformed,
  method: string,
  url: string,
  access: Access | undefined,
) {
  const schema = transformed.schema as Record<string, unknown>;
  const response = { ...((schema.response ?? {}) as Record<string, unknown>) };
  if (!Object.keys(response).some((status) => status.startsWith('4'))) response['4XX'] = REFUSAL;
  if (!Object.keys(response).some((status) => status.startsWith('5'))) response['5XX'] = FAILURE;
  // A route that says its own (the mobile app's member routes: the bearer token) keeps it.
  const security =
    (schema.security as Record<string, string[]>[] | undefined) ??
    (access === 'public' ? [] : [{ bearer: [] }, { cookie: [] }]);
  return {
    ...transformed,
    schema: { ...schema, operationId: operationIdOf(method, url), security, response },
  } as Transformed;
}

/** OpenAPI document at /api/docs/json and its page at /api/docs, generated from the route schemas. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: JSON Schema as zod writes it (a nullable value is `type: 'null'` in an anyOf).
      openapi: '3.1.0',
      servers: [{ url: '/', description: 'This server' }],
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
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
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
    transform: (input) =>
      withOperationFacts(
        withIdempotencyKey(withHandlerReadBody(jsonSchemaTransform(input)), input.route.config?.isIdempotent),
        // A GET route also answers HEAD, which the document leaves out.
        [input.route.method].flat()[0] ?? 'GET',
        input.url,
        input.route.config?.access,
      ),
    // Schemas registered with an id (the recursive service tree) become named components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(async (docs) => {
    markRoutesPublic(docs);
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  });
}
