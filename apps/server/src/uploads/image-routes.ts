import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../http/errors.ts';
import { streamedBytesSchema } from '../http/streamed-bytes.ts';
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
 * cached for a year. Served from the configured store, disk or S3 bucket alike: same URL, same
 * headers; the bucket stays private and no signed URL (which would expire in cached pages) is given.
 */
export function registerImageRoutes(app: FastifyInstance, storage: FileStorage): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/image/:folder/:name',
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary: 'An uploaded image (png or jpeg)',
        description:
          'Streamed by the server from where uploads are kept (the disk, or the S3-compatible bucket when one is configured): the same URL and headers either way, never a redirect. Cached for a year: a stored image never changes.',
        params: imageParamsSchema,
        response: {
          200: {
            description: 'The image',
            content: {
              'image/png': { schema: streamedBytesSchema },
              'image/jpeg': { schema: streamedBytesSchema },
            },
          },
        },
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
