import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

const notReadySchema = z.object({ status: z.enum(['draining', 'database_unreachable']) });

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; driver: string }> = async (
  app,
  { db, driver },
) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (it listens only once its database is migrated)',
        description:
          'Does not ask the database: a database outage is no reason to restart the nodes. Whether a node should get requests is `GET /api/ready`.',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string(), uptime_seconds: z.number() }),
        },
      },
    },
    async () => ({ status: 'ok' as const, database: driver, uptime_seconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers, its migrations are done, and the node is not leaving',
        description:
          "503 `{status: 'draining'}` once the node received SIGTERM (it still finishes what it has), or `{status: 'database_unreachable'}`.",
        response: { 200: z.object({ status: z.literal('ready') }), 503: notReadySchema },
      },
    },
    async (_request, reply) => {
      if (app.draining.isDraining) return reply.code(503).send({ status: 'draining' });
      try {
        await db.execute(sql`select 1`);
      } catch {
        return reply.code(503).send({ status: 'database_unreachable' });
      }
      return { status: 'ready' as const };
    },
  );
};
