import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { translate } from './messages.ts';
import { markRoutesPublic } from './public-routes.ts';

/**
 * Serves the built web app; any other non-API GET gets index.html so that client routes load.
 * Unknown API paths answer 404 JSON.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const indexHtml = hasBuild ? fs.readFileSync(indexFile, 'utf8') : '';
  if (hasBuild) {
    await app.register(async (web) => {
      markRoutesPublic(web);
      await web.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        setHeaders: (reply, filePath) => {
          // Vite puts a content hash in asset names: they never change.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('Cache-Control', 'public, max-age=31536000, immutable');
          }
        },
      });
    });
  } else {
    app.log.warn(`No web build at ${distDir}: run "npm run build" to serve the web app.`);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply
      .status(404)
      .send({ message: translate('route_not_found', request.lang ?? 'me', { path: pathname }) });
  });
}
