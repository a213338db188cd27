import {
  idParamsSchema,
  memberRefundRequestSchema,
  refundRequestDecisionSchema,
  refundRequestRowSchema,
  refundRequestStoreSchema,
  staleWriteAnswerSchema,
} from '@usluge/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appendAudit } from '../../audit/append-audit.ts';
import { requireUser } from '../../auth/authenticate.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { loadInOrder } from '../../list-engine/list-query.ts';
import { decideRefundRequest } from './refund-request-decide.ts';
import { memberRefundRequestList, refundRequestList } from './refund-request-list.ts';
import { createRefundRequest } from './refund-request-store.ts';

/** A member asks for a contact's refund (the app); staff decide at the refund desk (the web). */
export function refundRequestRoutes(
  app: FastifyInstance,
  db: Database,
  { windowMs }: { windowMs: number },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const windowDays = windowMs / 86_400_000;

  typed.post(
    '/refund_requests/store',
    {
      config: { access: 'member', isIdempotent: true },
      schema: {
        tags: ['member'],
        security: [{ bearer: [] }],
        summary: 'Ask for the credits of a sent contact back',
        description: `Only for a contact the member sent (another's, or one their ad received, is a 404), within REFUND_WINDOW_DAYS (now ${windowDays}) of its contact time (422 after), not refunded already (409), once per contact (409). \`reason\`: 'invalid_contact', 'no_answer', 'misleading', 'duplicate' or 'other' (then \`text\` is required; at most 1000 characters). Staff decide; the member is told, and sees the state in POST /api/me/refund_requests/index. Send an Idempotency-Key.`,
        body: refundRequestStoreSchema,
        response: { 201: memberRefundRequestSchema },
      },
    },
    async (request, reply) => {
      const memberId = requireUser(request).id;
      const { lead_id, reason, text } = request.body;
      const answer = await runIdempotent(db, request, memberRefundRequestSchema, async (tx) => {
        const id = await createRefundRequest(tx, { memberId, leadId: lead_id, reason, text, windowMs });
        await appendAudit(tx, {
          action: 'create',
          recordType: 'refund_requests',
          recordId: id,
          changes: { lead_id: { before: null, after: lead_id }, reason: { before: null, after: reason } },
        });
        const [row] = await loadInOrder(tx, memberRefundRequestList, [id], { userId: memberId });
        if (!row) throw notFound();
        return { status: 201, body: row };
      });
      return reply.status(201).send(answer.body);
    },
  );

  typed.put(
    '/refund_requests/decide/:id',
    {
      config: { access: refundRequestList.access.index, isIdempotent: true },
      schema: {
        tags: ['refund_requests'],
        summary: 'Approve or decline a refund request',
        description:
          "Approved: the contact's credits come back through the ledger (an entry linked to the contact), exactly once; a contact refunded meanwhile otherwise closes the request as 'closed'. Declined: `reason` is required and the member is told it (inbox and e-mail). A request already decided, or a stale `updated_at`, is a 409 that changes nothing. Send an Idempotency-Key.",
        params: idParamsSchema,
        body: refundRequestDecisionSchema,
        response: { 200: refundRequestRowSchema, 409: staleWriteAnswerSchema(refundRequestRowSchema) },
      },
    },
    async (request) => {
      const { is_approved, reason, updated_at } = request.body;
      const actorId = requireUser(request).id;
      const answer = await runIdempotent(db, request, refundRequestRowSchema, async (tx) => {
        await decideRefundRequest(tx, {
          requestId: request.params.id,
          isApproved: is_approved,
          reason,
          ...(updated_at === undefined ? {} : { version: updated_at }),
          actorId,
        });
        const [row] = await loadInOrder(tx, refundRequestList, [request.params.id]);
        if (!row) throw notFound();
        await appendAudit(tx, {
          action: 'status',
          recordType: 'refund_requests',
          recordId: request.params.id,
          changes: {
            status: { before: 'waiting', after: row.status },
            decision_reason: { before: null, after: reason ?? null },
          },
        });
        return { status: 200, body: row };
      });
      return answer.body;
    },
  );
}
