import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

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
        summary: 'Ready once the database is migrated and answering',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string(), uptime_seconds: z.number() }),
        },
      },
    },
    async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const, database: driver, uptime_seconds: Math.round(process.uptime()) };
    },
  );
};
