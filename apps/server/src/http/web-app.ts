import fs from 'node:fs';
import path from 'node:path';
import type {} from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { isWebRoute, PUBLIC_PAGE_PATHS } from '@usluge/contract';
import type { FastifyInstance } from 'fastify';
import { translate } from './messages.ts';
import { markRoutesPublic } from './public-routes.ts';

/** The landing page, pre-rendered at build time; every other page starts from the app shell. */
const LANDING_FILE = 'index.html';
const APP_FILE = 'app.html';
const PRECOMPRESSED = /\.(br|gz)$/;
const HTML = /\.html(\.br|\.gz)?$/;

/** Every file of the build as its URL path ('/assets/index-abc.js'), read once at start. */
function urlPathsUnder(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const urlPath = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) return urlPathsUnder(path.join(dir, entry.name), urlPath);
    return entry.isFile() ? [urlPath] : [];
  });
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Serves the built web app. Files go out as the build precompressed them (brotli or gzip, by the
 * request's Accept-Encoding), hashed assets cached for good and pages revalidated. A page path of
 * the contract's list gets its page; any other GET a 404 with the app, which shows its not-found
 * page. Unknown API paths answer 404 JSON.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild =
    fs.existsSync(path.join(distDir, LANDING_FILE)) && fs.existsSync(path.join(distDir, APP_FILE));
  if (hasBuild) {
    // Pages are only sent by the handler below, which sets their status; compressed copies only
    // in place of their original.
    const files = new Set(
      urlPathsUnder(distDir).filter((file) => !PRECOMPRESSED.test(file) && !HTML.test(file)),
    );
    await app.register(async (web) => {
      markRoutesPublic(web);
      await web.register(fastifyStatic, {
        root: distDir,
        serve: false,
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          if (HTML.test(filePath)) reply.header('Cache-Control', 'no-cache');
          // Vite puts a content hash in asset names: they never change.
          else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('Cache-Control', 'public, max-age=31536000, immutable');
          }
        },
      });
      web.route({
        method: ['GET', 'HEAD'],
        url: '/*',
        // The web app, not an API operation: no place in the API document.
        schema: { hide: true },
        // The build compressed what is worth it; the rest (small files, images) goes out as is.
        compress: false,
        handler: (request, reply) => {
          const pathname = request.url.split('?')[0] ?? '';
          if (isApiPath(pathname)) return reply.callNotFound();
          if (files.has(pathname)) return reply.sendFile(pathname.slice(1));
          if (!isWebRoute(pathname)) return reply.code(404).sendFile(APP_FILE);
          return reply.sendFile(pathname === PUBLIC_PAGE_PATHS.landing ? LANDING_FILE : APP_FILE);
        },
      });
    });
  } else {
    app.log.warn(`No web build at ${distDir}: run "npm run build" to serve the web app.`);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    return reply
      .status(404)
      .send({ message: translate('route_not_found', request.lang ?? 'me', { path: pathname }) });
  });
}
