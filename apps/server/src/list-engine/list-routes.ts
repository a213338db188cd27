import { listRequestSchema, listResponseSchema } from '@usluge/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.ts';
import type { ListDefinition } from './list-definition.ts';
import { type ListMode, readList } from './list-query.ts';
import { sendListReport } from './list-report.ts';

/** Registers `POST /<resource>/index` and, for resources with is_active, `/<resource>/index_active`. */
export function registerListRoutes<Row extends { id: number }>(
  app: FastifyInstance,
  db: Database,
  definition: ListDefinition<Row>,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const modes: readonly ListMode[] =
    definition.routes ?? (definition.isActiveColumn ? ['index', 'index_active'] : ['index']);
  for (const mode of modes) {
    const access =
      mode === 'index' ? definition.access.index : (definition.access.indexActive ?? definition.access.index);
    typed.post(
      `/${mode === 'index' && definition.indexPath ? definition.indexPath : `${definition.resource}/${mode}`}`,
      {
        config: { access, isListRead: true },
        schema: {
          tags: [definition.resource],
          summary:
            mode === 'index'
              ? `List ${definition.resource}: filter, sort, page`
              : `Active ${definition.resource} for pickers`,
          body: listRequestSchema,
          // With is_report the answer is the file (pdf, xlsx or docx) instead.
          response: { 200: listResponseSchema(definition.rowSchema) },
        },
      },
      async (request, reply) =>
        request.body.is_report
          ? sendListReport(db, definition, request.body, mode, request.lang, reply, app.reports)
          : readList(db, definition, request.body, mode),
    );
  }
}
