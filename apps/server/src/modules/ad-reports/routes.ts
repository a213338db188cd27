import {
  adReportParamsSchema,
  adReportResolutionSchema,
  adReportResolveSchema,
  adReportSchema,
  adReportStoreSchema,
  adRowSchema,
  staleWriteAnswerSchema,
} from '@usluge/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appendAudit } from '../../audit/append-audit.ts';
import { requireUser } from '../../auth/authenticate.ts';
import type { Database } from '../../db/client.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { adReportList } from './ad-report-list.ts';
import { resolveAdReports } from './ad-report-resolve.ts';
import { createAdReport } from './ad-report-store.ts';

/**
 * Ad reports: anyone signed in reports an ad (members from the app, staff from the details);
 * staff resolve an ad's open reports from the reports queue (`POST /api/ad_reports/index`, the list).
 */
export function adReportRoutes(app: FastifyInstance, db: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/ad_reports/store',
    {
      config: { access: 'signed-in', isIdempotent: true },
      schema: {
        tags: ['member', 'ad_reports'],
        // Members send their bearer token (the app), staff their session cookie (the details).
        security: [{ bearer: [] }, { cookie: [] }],
        summary: 'Report an ad',
        description:
          "Anyone signed in. A member may report only an ad they can see (approved and active; any other is a 404); staff any ad. Once per person and ad: a second report is a 409. `reason`: 'spam', 'prohibited', 'wrong_category', 'misleading_price', 'offensive' or 'other' (then `text` is required; at most 1000 characters). Staff resolve the ad's reports in the reports queue and each reporter is told the outcome (inbox and e-mail). Send an Idempotency-Key.",
        body: adReportStoreSchema,
        response: { 201: adReportSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { ad_id, reason, text } = request.body;
      const answer = await runIdempotent(db, request, adReportSchema, async (tx) => ({
        status: 201,
        body: await createAdReport(tx, { user, adId: ad_id, reason, text }).then(async (created) => {
          // Reports are recorded against their ad (the queue's row, what resolving names).
          await appendAudit(tx, {
            action: 'create',
            recordType: 'ad_reports',
            recordId: ad_id,
            changes: {
              report_id: { before: null, after: created.id },
              reason: { before: null, after: reason },
            },
          });
          return created;
        }),
      }));
      return reply.status(201).send(answer.body);
    },
  );

  typed.put(
    '/ad_reports/resolve/:ad_id',
    {
      config: { access: adReportList.access.index, isIdempotent: true },
      schema: {
        tags: ['ad_reports'],
        summary: "Resolve an ad's open reports: dismiss, or change the ad's status",
        description:
          "`decision: 'dismiss'` closes the ad's open reports. `decision: 'status'` changes the ad's status as PUT /api/jobs/changeStatus does (`ad_status_id`; where the status needs a reason, `status_comment`, rejection reason templates `reason_ids`, or both, and the poster is sent the statement of reasons; the status order; `updated_at`, the ad's version from the queue row, is compared when sent: stale is a 409) and closes them, in one transaction. Every reporter is told the outcome in their language (inbox and e-mail). An ad with no open reports (resolved meanwhile) is a 409. Send an Idempotency-Key.",
        params: adReportParamsSchema,
        body: adReportResolveSchema,
        response: { 200: adReportResolutionSchema, 409: staleWriteAnswerSchema(adRowSchema) },
      },
    },
    async (request) => {
      const { ad_id } = request.params;
      const { decision, ad_status_id, status_comment, reason_ids, updated_at } = request.body;
      const actorId = requireUser(request).id;
      const answer = await runIdempotent(db, request, adReportResolutionSchema, async (tx) => {
        const resolved = await resolveAdReports(tx, {
          adId: ad_id,
          decision,
          ...(ad_status_id ? { toStatusId: ad_status_id } : {}),
          comment: status_comment,
          reasonIds: reason_ids ?? [],
          ...(updated_at === undefined ? {} : { version: updated_at }),
          actorId,
        });
        await appendAudit(tx, {
          action: 'status',
          recordType: 'ad_reports',
          recordId: ad_id,
          changes: {
            decision: { before: 'open', after: decision },
            resolved_reports: { before: null, after: resolved },
          },
        });
        return { status: 200, body: { ad_id, decision, resolved_reports: resolved } };
      });
      return answer.body;
    },
  );
}
