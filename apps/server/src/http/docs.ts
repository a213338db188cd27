import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { markRoutesPublic } from './public-routes.ts';

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
    transform: jsonSchemaTransform,
    // Schemas registered with an id (the recursive service tree) become named components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(async (docs) => {
    markRoutesPublic(docs);
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  });
}
