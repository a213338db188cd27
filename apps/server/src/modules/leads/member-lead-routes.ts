import {
  idParamsSchema,
  leadAnswerSchema,
  leadContactAnswerSchema,
  leadContactSchema,
  memberLeadSchema,
} from '@usluge/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appendAudit } from '../../audit/append-audit.ts';
import { requireUser } from '../../auth/authenticate.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { answerLead } from './lead-answer.ts';
import { contactAd } from './lead-contact.ts';
import { readMemberLead } from './member-lead-query.ts';

const tags = ['member'];
const security = [{ bearer: [] }];

/** Contacts that cost credits: a member contacts an ad, its poster answers (the mobile app). */
export function memberLeadRoutes(
  app: FastifyInstance,
  db: Database,
  { answerMs }: { answerMs: number },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'member', isIdempotent: true } as const;
  const answerHours = answerMs / 3_600_000;

  typed.post(
    '/leads/contact',
    {
      config,
      schema: {
        tags,
        security,
        summary: "Contact an ad about one of its services, paying the service's credits",
        description:
          "Takes the service's current credit cost from the member's balance (a ledger entry linked to the contact), creates the contact and tells the poster (inbox and e-mail), all at once; send an Idempotency-Key so that a retry pays once. Refused, changing nothing: an ad that is not approved and active (404), the member's own ad (422), a service the ad does not offer (422), an open contact for the same ad and service (409), too few credits (409). The poster answers within LEAD_ANSWER_HOURS (`answer_due_at`); a declined or unanswered contact is refunded by itself.",
        body: leadContactSchema,
        response: { 201: leadContactAnswerSchema },
      },
    },
    async (request, reply) => {
      const memberId = requireUser(request).id;
      const { ad_id: adId, service_id: serviceId } = request.body;
      const answer = await runIdempotent(db, request, leadContactAnswerSchema, async (tx) => {
        const { leadId, balance } = await contactAd(tx, { memberId, adId, serviceId, answerMs });
        await appendAudit(tx, {
          action: 'create',
          recordType: 'leads',
          recordId: leadId,
          changes: { ad_id: { before: null, after: adId }, service_id: { before: null, after: serviceId } },
        });
        const lead = await readMemberLead(tx, leadId, memberId);
        if (!lead) throw notFound();
        return { status: 201, body: { lead, balance } };
      });
      return reply.status(201).send(answer.body);
    },
  );

  typed.put(
    '/leads/answer/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: "The ad's poster accepts or declines a contact",
        description:
          "Once per contact. Accepted: both sides see each other's contact details and the member is told. Declined: the member's credits come back at once. Another member's contact is a 404; one already answered, or refunded because its time ran out, a 409.",
        params: idParamsSchema,
        body: leadAnswerSchema,
        response: { 200: memberLeadSchema },
      },
    },
    async (request) => {
      const posterId = requireUser(request).id;
      const answer = await runIdempotent(db, request, memberLeadSchema, async (tx) => {
        await answerLead(tx, {
          leadId: request.params.id,
          posterId,
          isAccepted: request.body.is_accepted,
          answerHours,
        });
        await appendAudit(tx, {
          action: 'update',
          recordType: 'leads',
          recordId: request.params.id,
          changes: { is_accepted: { before: null, after: request.body.is_accepted } },
        });
        const lead = await readMemberLead(tx, request.params.id, posterId);
        if (!lead) throw notFound();
        return { status: 200, body: lead };
      });
      return answer.body;
    },
  );
}
