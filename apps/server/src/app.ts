import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerAuthentication } from './auth/authenticate.ts';
import { createLoginLimiter, type LoginLimiter } from './auth/login-limiter.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerDocs } from './http/docs.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { languageOf } from './http/messages.ts';
import './http/request-context.ts';
import { registerCrudRoutes } from './crud/crud-routes.ts';
import { registerSecurity } from './http/security.ts';
import { registerZodCompilers } from './http/validation.ts';
import { registerWebApp } from './http/web-app.ts';
import { registerListRoutes } from './list-engine/list-routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { CRUDS, LISTS } from './modules/resources.ts';
import { sessionRoutes } from './modules/session/routes.ts';

export type AppOptions = {
  config: Config;
  db: Database;
  driver: 'pglite' | 'postgres';
  logger?: FastifyServerOptions['logger'];
  loginLimiter?: LoginLimiter;
};

export type RouteRecord = { method: string; url: string; access: string | undefined };

declare module 'fastify' {
  // Module augmentation has to use interfaces.
  interface FastifyInstance {
    /** Every route as registered, with its declared access (the access test walks it). */
    routeRecords: RouteRecord[];
  }
}

export async function buildApp({
  config,
  db,
  driver,
  logger,
  loginLimiter,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.isProxyTrusted,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });

  const routeRecords: RouteRecord[] = [];
  app.decorate('routeRecords', routeRecords);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Read lazily: plugins' own onRoute hooks may declare the access after this one runs.
      routeRecords.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access;
        },
      });
    }
  });

  registerZodCompilers(app);
  registerErrorHandler(app);
  app.decorateRequest('lang', 'me');
  app.addHook('onRequest', async (request) => {
    request.lang = languageOf(request.headers['accept-language']);
  });
  await app.register(fastifyCookie);
  registerSecurity(app, config.publicUrl);
  registerAuthentication(app, db);
  await registerDocs(app);

  const limiter = loginLimiter ?? createLoginLimiter(config.loginLimits);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db, driver });
      await api.register(sessionRoutes, { db, limiter, isSecureCookie: config.isSecureCookie });
      for (const list of LISTS) registerListRoutes(api, db, list);
      for (const crud of CRUDS) registerCrudRoutes(api, db, crud);
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDistDir);
  return app;
}
