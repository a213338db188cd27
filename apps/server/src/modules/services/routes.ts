import {
  destroyQuerySchema,
  idParamsSchema,
  serviceNodeSchema,
  serviceTreeRequestSchema,
  serviceTreeResponseSchema,
  staleWriteAnswerSchema,
} from '@usluge/contract';
import { eq, not } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appendAudit } from '../../audit/append-audit.ts';
import { lockVersion, nextVersion } from '../../crud/row-version.ts';
import type { Database } from '../../db/client.ts';
import { services } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { loadInOrder } from '../../list-engine/list-query.ts';
import { serviceList } from './service-list.ts';
import { countNodes, readServiceLevel, readServiceTree, searchServiceTree } from './service-tree.ts';

/**
 * The catalogue as a tree (`index_active`), for every staff member (the ad form picks services
 * from it), and the favourite flag, which administrators set.
 */
export function serviceRoutes(app: FastifyInstance, db: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/services/index_active',
    {
      config: { access: 'staff', isListRead: true },
      schema: {
        tags: ['services'],
        summary: 'The services tree: whole, one level (is_single_level), or the nodes matching filters.name',
        body: serviceTreeRequestSchema,
        response: { 200: serviceTreeResponseSchema },
      },
    },
    async (request) => {
      const {
        is_single_level: isSingleLevel,
        show_inactive_items: showInactive,
        filters = {},
      } = request.body;
      const result = filters.name
        ? await searchServiceTree(db, filters.name, showInactive)
        : isSingleLevel
          ? await readServiceLevel(db, filters.service_id ?? null, showInactive)
          : await readServiceTree(db, showInactive);
      return { result, total_rows: countNodes(result) };
    },
  );

  typed.get(
    '/services/set-unset-favorite-service/:id',
    {
      // A GET that changes state, as the spec has it: the cross-site check applies to it too.
      config: { access: 'administrator', isStateChanging: true, isIdempotent: true },
      schema: {
        tags: ['services'],
        summary: 'Mark a service as a favourite (featured first), or unmark it',
        params: idParamsSchema,
        querystring: destroyQuerySchema,
        response: { 200: serviceNodeSchema, 409: staleWriteAnswerSchema(serviceNodeSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const answer = await runIdempotent(db, request, serviceNodeSchema, async (tx) => {
        await lockVersion(tx, services, serviceList, id, request.query.updated_at);
        const [flag] = await tx
          .update(services)
          .set({ is_favorite: not(services.is_favorite), updated_at: nextVersion(services.updated_at) })
          .where(eq(services.id, id))
          .returning({ isFavorite: services.is_favorite });
        if (flag) {
          await appendAudit(tx, {
            action: 'update',
            recordType: 'services',
            recordId: id,
            changes: { is_favorite: { before: !flag.isFavorite, after: flag.isFavorite } },
          });
        }
        const [node] = await loadInOrder(tx, serviceList, [id]);
        if (!node) throw notFound();
        return { status: 200, body: node };
      });
      return answer.body;
    },
  );
}
