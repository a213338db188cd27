import type { FastifyInstance } from 'fastify';

/** Routes added by a plugin we do not write (static files, docs) are public by declaration. */
export function markRoutesPublic(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: 'public' };
  });
}
