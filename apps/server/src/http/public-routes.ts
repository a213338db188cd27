import type { FastifyInstance } from 'fastify';

/** Routes added by a plugin we do not write (static files, docs) are public by declaration. */
export function markRoutesPublic(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    // In place: the route table records this same object.
    route.config ??= {};
    route.config.access = 'public';
  });
}
