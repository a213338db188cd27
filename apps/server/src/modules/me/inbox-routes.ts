import { markInboxReadAnswerSchema, markInboxReadSchema } from '@usluge/contract';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appendAudit } from '../../audit/append-audit.ts';
import { requireUser } from '../../auth/authenticate.ts';
import type { Database } from '../../db/client.ts';
import { notificationRecipients } from '../../db/schema/index.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { memberDocs } from '../../http/member-docs.ts';
import { unreadCount } from './member-inbox-list.ts';
import { ownInboxItems } from './member-policy.ts';

/**
 * The member's inbox in the mobile app (issue 20, item 7): marking items read. The inbox itself is
 * a list of the list engine (member-inbox-list.ts), with the unread count beside the page.
 */
export function memberInboxRoutes(app: FastifyInstance, db: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.put(
    '/me/notifications/read',
    {
      config: { access: 'member', isIdempotent: true },
      schema: {
        ...memberDocs,
        summary: 'Mark inbox items read: chosen ones or all',
        description:
          "`{ids: [...]}` (the inbox rows' `id`, at most 200) or `{all: true}`. Items already read, and ids that are not the caller's, are left as they are; sending the same again changes nothing. Answers how many items this request marked and the unread count after it.",
        body: markInboxReadSchema,
        response: { 200: markInboxReadAnswerSchema },
      },
    },
    async (request) => {
      const viewer = { userId: requireUser(request).id };
      const { ids } = request.body;
      const answer = await runIdempotent(db, request, markInboxReadAnswerSchema, async (tx) => {
        const marked = await tx
          .update(notificationRecipients)
          .set({ read_at: sql`now()` })
          .where(
            and(
              ownInboxItems(viewer),
              isNull(notificationRecipients.read_at),
              ids ? inArray(notificationRecipients.id, ids) : undefined,
            ),
          )
          .returning({ id: notificationRecipients.id });
        if (marked.length > 0) {
          await appendAudit(tx, {
            action: 'update',
            recordType: 'notifications',
            recordId: null,
            changes: { read: { before: null, after: marked.map((item) => item.id) } },
          });
        }
        return { status: 200, body: { marked: marked.length, unread_count: await unreadCount(tx, viewer) } };
      });
      return answer.body;
    },
  );
}
