import {
  idParamsSchema,
  serviceNodeSchema,
  serviceTreeRequestSchema,
  serviceTreeResponseSchema,
} from '@usluge/contract';
import { eq, not, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { services } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
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
      config: { access: 'staff' },
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
      config: { access: 'administrator', isStateChanging: true },
      schema: {
        tags: ['services'],
        summary: 'Mark a service as a favourite (featured first), or unmark it',
        params: idParamsSchema,
        response: { 200: serviceNodeSchema },
      },
    },
    async (request) => {
      const [toggled] = await db
        .update(services)
        .set({ is_favorite: not(services.is_favorite), updated_at: sql`now()` })
        .where(eq(services.id, request.params.id))
        .returning({ id: services.id });
      if (!toggled) throw notFound();
      const [node] = await loadInOrder(db, serviceList, [toggled.id]);
      if (!node) throw notFound();
      return node;
    },
  );
}
