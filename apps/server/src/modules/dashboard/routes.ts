import { dashboardSchema } from '@usluge/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { readDashboard } from './dashboard-query.ts';

/** `GET /api/dashboard`: the staff's first screen, live from the database. */
export function dashboardRoutes(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['dashboard'],
        summary: 'Live figures: the review queue, decisions, members, credits, services',
        response: { 200: dashboardSchema },
      },
    },
    () => readDashboard(db),
  );
}
