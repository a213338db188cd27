import { listRequestSchema, listResponseSchema } from '@usluge/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOfRequest, withAuditActor } from '../audit/audit-actor.ts';
import type { Database } from '../db/client.ts';
import { memberDocs } from '../http/member-docs.ts';
import type { ListDefinition } from './list-definition.ts';
import { type ListMode, readList } from './list-query.ts';
import { sendListReport } from './list-report.ts';

/**
 * Registers `POST /<resource>/index` and, for resources with is_active, `/<resource>/index_active`.
 * A member's list (access 'member') is read for the signed-in caller (its `scopeOf`) and documented
 * under the member tag with the bearer scheme.
 */
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
    const extras = mode === 'index' ? definition.extras : undefined;
    const docs =
      mode === 'index' && definition.docs
        ? definition.docs
        : {
            summary:
              mode === 'index'
                ? `List ${definition.resource}: filter, sort, page`
                : `Active ${definition.resource} for pickers`,
          };
    const description = [('description' in docs && docs.description) || '', sortKeysDoc(definition)]
      .filter(Boolean)
      .join('\n\n');
    typed.post(
      `/${mode === 'index' && definition.indexPath ? definition.indexPath : `${definition.resource}/${mode}`}`,
      {
        config: { access, isListRead: true },
        schema: {
          ...(access === 'member' ? memberDocs : { tags: [definition.resource] }),
          ...docs,
          description,
          body: listRequestSchema,
          // With is_report the answer is the file (pdf, xlsx or docx) instead.
          response: { 200: listResponseSchema(definition.rowSchema).extend(extras?.schema.shape ?? {}) },
        },
      },
      async (request, reply) => {
        const viewer = request.user ? { userId: request.user.id } : undefined;
        if (request.body.is_report) {
          // The export's audit entry names the caller and their address.
          return withAuditActor(actorOfRequest(request), () =>
            sendListReport(db, definition, request.body, mode, request.lang, reply, app.reports, viewer),
          );
        }
        const [page, figures] = await Promise.all([
          readList(db, definition, request.body, mode, viewer),
          extras?.load(db, viewer) ?? {},
        ]);
        return { ...page, ...figures };
      },
    );
  }
}

/** The sort keys a list accepts, said in its route's description from the declaration itself. */
function sortKeysDoc(definition: ListDefinition<{ id: number }>): string {
  const keys = Object.entries(definition.columns)
    .filter(([, column]) => column.isSortable)
    .map(([key]) => `\`${key}\``);
  const { key, isDescending } = definition.defaultSort;
  return `Sort keys (\`options.sortBy\`): ${keys.join(', ')}; by default \`${key}\`, ${isDescending ? 'descending' : 'ascending'}.`;
}
