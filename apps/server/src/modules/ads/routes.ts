import {
  adDetailsSchema,
  adRowSchema,
  bulkStatusChangeResponseSchema,
  bulkStatusChangeSchema,
  idParamsSchema,
  statusChangeSchema,
  statusOrderRequestSchema,
  statusOrderResponseSchema,
} from '@usluge/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authenticate.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { translate } from '../../http/messages.ts';
import { loadInOrder } from '../../list-engine/list-query.ts';
import { readAdDetails } from './ad-details.ts';
import { adList } from './ad-list.ts';
import { changeAdStatus, nextStatuses } from './ad-status-change.ts';

const tags = ['jobs'];

/** Ad details and the moderators' decisions: open to staff (administrators and moderators). */
export function adRoutes(app: FastifyInstance, db: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'staff' } as const;

  typed.get(
    '/jobs/show/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One ad with everything the details dialog shows',
        params: idParamsSchema,
        response: { 200: adDetailsSchema },
      },
    },
    (request) => readAdDetails(db, request.params.id),
  );

  typed.post(
    '/ad_statuses/statusOrder',
    {
      config,
      schema: {
        tags,
        summary: 'The statuses an ad in this status may move to',
        body: statusOrderRequestSchema,
        response: { 200: statusOrderResponseSchema },
      },
    },
    async (request) => ({ status_order: await nextStatuses(db, request.body.status_id) }),
  );

  typed.put(
    '/jobs/changeStatus/:id',
    {
      config,
      schema: {
        tags,
        summary: "Change an ad's status (with from_status_id: only if it is still the one the moderator saw)",
        params: idParamsSchema,
        body: statusChangeSchema,
        response: { 200: adRowSchema },
      },
    },
    async (request) => {
      const { ad_status_id, status_comment, from_status_id } = request.body;
      await db.transaction((tx) =>
        changeAdStatus(tx as unknown as Database, {
          adId: request.params.id,
          toStatusId: ad_status_id,
          comment: status_comment,
          ...(from_status_id === undefined ? {} : { fromStatusId: from_status_id }),
          actorId: requireUser(request).id,
        }),
      );
      const [row] = await loadInOrder(db, adList, [request.params.id]);
      if (!row) throw notFound();
      return row;
    },
  );

  typed.put(
    '/jobs/changeStatus',
    {
      config,
      schema: {
        tags,
        summary: 'The same decision for several ads, each checked on its own',
        body: bulkStatusChangeSchema,
        response: { 200: bulkStatusChangeResponseSchema },
      },
    },
    async (request) => {
      const { ids, ad_status_id, status_comment, from_status_id } = request.body;
      const actorId = requireUser(request).id;
      const changed: number[] = [];
      const refused: { id: number; message: string }[] = [];
      for (const adId of ids) {
        try {
          await db.transaction((tx) =>
            changeAdStatus(tx as unknown as Database, {
              adId,
              toStatusId: ad_status_id,
              comment: status_comment,
              ...(from_status_id === undefined ? {} : { fromStatusId: from_status_id }),
              actorId,
            }),
          );
          changed.push(adId);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused.push({ id: adId, message: translate(error.key, request.lang, error.params) });
        }
      }
      return { changed, refused };
    },
  );
}
