import { canReadTransactions, dashboardSchema } from '@usluge/contract';
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
        description:
          'The review queue counts the active ads awaiting approval, as `POST /api/jobs_queue/index` lists them. `credits_sold_this_month` is answered only to a role that may read the transactions (administrators); for the others the field is absent.',
        response: { 200: dashboardSchema },
      },
    },
    (request) =>
      readDashboard(db, { canReadTransactions: canReadTransactions(request.user?.roleIds ?? null) }),
  );
}
