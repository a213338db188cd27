import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  // Module augmentation has to use interfaces.
  interface FastifyInstance {
    /** A node leaving (SIGTERM): readiness says 503 and every answer closes its connection. */
    draining: Draining;
  }
}

export type Draining = {
  readonly isDraining: boolean;
  start(): void;
};

/**
 * The first step of leaving cleanly: from `start()` on, `GET /api/ready` answers 503 (a balancer
 * stops sending new work) and every answer carries `Connection: close`, so that a client on a
 * kept-alive connection opens its next one elsewhere instead of finding this one closed under it.
 */
export function registerDraining(app: FastifyInstance): void {
  let isDraining = false;
  app.decorate('draining', {
    get isDraining() {
      return isDraining;
    },
    start() {
      isDraining = true;
    },
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isDraining) reply.header('Connection', 'close');
  });
}
