import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../http/errors.ts';
import { type FileStorage, isUploadFolder } from './file-storage.ts';

const imageParamsSchema = z.object({
  folder: z.string().max(32),
  name: z.string().max(64),
});

/** The address an answer gives for a stored image. */
export const imageUrl = (folder: string, name: string) => `/api/image/${folder}/${name}`;

/**
 * `GET /api/image/<folder>/<name>`: a stored upload. Only known folders and generated names are
 * looked up (nothing a client sends becomes a path); stored files never change, so they are
 * cached for a year.
 */
export function registerImageRoutes(app: FastifyInstance, storage: FileStorage): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/image/:folder/:name',
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary: 'An uploaded image (png or jpeg)',
        params: imageParamsSchema,
      },
    },
    async (request, reply) => {
      const { folder, name } = request.params;
      const file = isUploadFolder(folder) ? await storage.open(folder, name) : null;
      if (!file) throw notFound();
      return reply
        .type(file.contentType)
        .header('Content-Length', file.size)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(file.stream);
    },
  );
}
