import { adRevisionDiffSchema, idParamsSchema } from '@usluge/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { readRevisionDiff } from './ad-revisions.ts';

/** An ad's changes since its last approval, for the moderators' re-review (staff). */
export function adRevisionRoutes(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/jobs/revision-diff/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['jobs'],
        summary: "What changed in an ad's content since it was last approved",
        description:
          'Field by field (`changed`: title, description, is_offer, currency, price_from, price_to, services, all_countries, places, all_working_days, days, each `{before, after}`; lists as readable lines, names beside ids as they were when written) and the photos added and removed (URLs), between the last approved revision and the latest one. Empty (`{changed: {}, photos: {added: [], removed: []}}`) when the ad was never approved or has not changed since.',
        params: idParamsSchema,
        response: { 200: adRevisionDiffSchema },
      },
    },
    (request) => readRevisionDiff(db, request.params.id),
  );
}
