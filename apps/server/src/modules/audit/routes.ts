import {
  AUDIT_STAFF_RECORD_TYPES,
  AUDIT_TIMELINE_PAGE_SIZE,
  auditTimelineParamsSchema,
  auditTimelineQuerySchema,
  auditTimelineSchema,
  canAccess,
  isAuditRecordType,
} from '@usluge/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authenticate.ts';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { olderThan, readAuditRows } from './audit-list.ts';

const STAFF_TYPES: readonly string[] = AUDIT_STAFF_RECORD_TYPES;

/** A record's timeline (its page or dialog); the list itself is the generic `POST /api/audit/index`. */
export function auditRoutes(app: FastifyInstance, db: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/audit/timeline/:record_type/:record_id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['audit'],
        summary: "A record's timeline: who changed what, when",
        description: `The audit entries of one record, newest first, ${AUDIT_TIMELINE_PAGE_SIZE} a page; \`before_id\` (the previous page's \`next_before_id\`) reads the next page, \`next_before_id\` is null on the last. \`record_type\` is a resource's API name (users, jobs, services …; any other is a 422). Staff may read the timeline of ads (\`jobs\`) and of \`ad_reports\`; every other record type needs an administrator (403).`,
        params: auditTimelineParamsSchema,
        querystring: auditTimelineQuerySchema,
        response: { 200: auditTimelineSchema },
      },
    },
    async (request) => {
      const { record_type, record_id } = request.params;
      const { before_id } = request.query;
      if (!isAuditRecordType(record_type)) throw new AppError(422, 'invalid_reference', {}, 'record_type');
      if (!STAFF_TYPES.includes(record_type) && !canAccess('administrator', requireUser(request).roleIds)) {
        throw forbidden();
      }
      const conditions: SQL[] = [eq(auditLog.record_type, record_type), eq(auditLog.record_id, record_id)];
      if (before_id !== undefined) conditions.push(olderThan(before_id));
      // One more than a page tells whether another page follows.
      const rows = await readAuditRows(
        db,
        { where: and(...conditions) as SQL, orderBy: sql`${auditLog.created_at} desc, ${auditLog.id} desc` },
        AUDIT_TIMELINE_PAGE_SIZE + 1,
      );
      const page = rows.slice(0, AUDIT_TIMELINE_PAGE_SIZE);
      const last = page.at(-1);
      return { rows: page, next_before_id: rows.length > AUDIT_TIMELINE_PAGE_SIZE && last ? last.id : null };
    },
  );
}
