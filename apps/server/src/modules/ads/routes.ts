import {
  adDetailsSchema,
  adHintsSchema,
  adRowSchema,
  BULK_CHUNK_SIZE,
  bulkStatusChangeResponseSchema,
  bulkStatusChangeSchema,
  idParamsSchema,
  staleWriteAnswerSchema,
  statusChangeSchema,
  statusOrderRequestSchema,
  statusOrderResponseSchema,
} from '@usluge/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authenticate.ts';
import { answerBulkRequest } from '../../crud/bulk-write.ts';
import type { Database } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { loadInOrder } from '../../list-engine/list-query.ts';
import type { FileStorage } from '../../uploads/file-storage.ts';
import { LISTS } from '../resources.ts';
import { readAdDetails } from './ad-details.ts';
import { readAdHints } from './ad-hints.ts';
import { adList } from './ad-list.ts';
import { removePhotoFiles } from './ad-revisions.ts';
import { changeAdStatus, nextStatuses } from './ad-status-change.ts';

const tags = ['jobs'];

/** Ad details and the moderators' decisions: open to staff (administrators and moderators). */
export function adRoutes(app: FastifyInstance, db: Database, storage: FileStorage): void {
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

  typed.get(
    '/jobs/hints/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Hints that an ad may be a duplicate or spam, for the moderator to judge',
        description:
          "Other ads with the same title (case, diacritics, digits and punctuation aside; the newest ten) or, when fewer than ten have it, a title alike by trigrams (looked for for at most 100 ms), a copy of the description (the same letters, digits and punctuation aside) or a near-copy of it (sharing one of its sentences, or two of the more common ones), scored by the higher trigram similarity of the two (at least 0.4); the same poster's ads of the last 30 days, ads with a photo within 3 bits of perceptual hash of one of this ad's, and other accounts with the poster's phone (the same last 8 digits, however written) or e-mail local part; at most 10 of each. Nothing is changed.",
        params: idParamsSchema,
        response: { 200: adHintsSchema },
      },
    },
    (request) => readAdHints(db, request.params.id),
  );

  typed.post(
    '/ad_statuses/statusOrder',
    {
      config: { ...config, isListRead: true },
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
      config: { ...config, isIdempotent: true },
      schema: {
        tags,
        summary:
          "Change an ad's status (with from_status_id or updated_at: only if the ad is still as the moderator saw it)",
        description:
          "A rejection with `refund_leads: true` also gives back the credits of the ad's open paid contacts (unanswered, not yet refunded; the row's `open_paid_leads` counts them), each once, with a ledger entry linked to the contact and a notice to its member, in the same transaction. An ad another moderator is reviewing (their live claim, POST /api/jobs/claim/{id}) is a 409 naming them; the decision releases the claim.",
        params: idParamsSchema,
        body: statusChangeSchema,
        response: { 200: adRowSchema, 409: staleWriteAnswerSchema(adRowSchema) },
      },
    },
    async (request) => {
      const { ad_status_id, status_comment, reason_ids, from_status_id, updated_at, refund_leads } =
        request.body;
      // Photo files an approval lets go (ad-revisions.ts), removed once it has committed.
      const discarded: string[] = [];
      const answer = await runIdempotent(db, request, adRowSchema, async (tx) => {
        await changeAdStatus(tx, {
          adId: request.params.id,
          discardFiles: (urls) => discarded.push(...urls),
          toStatusId: ad_status_id,
          comment: status_comment,
          reasonIds: reason_ids ?? [],
          ...(from_status_id === undefined ? {} : { fromStatusId: from_status_id }),
          ...(updated_at === undefined ? {} : { version: updated_at }),
          refundLeads: refund_leads === true,
          actorId: requireUser(request).id,
        });
        const [row] = await loadInOrder(tx, adList, [request.params.id]);
        if (!row) throw notFound();
        return { status: 200, body: row };
      });
      await removePhotoFiles(storage, discarded);
      return answer.body;
    },
  );

  typed.put(
    '/jobs/changeStatus',
    {
      config: { ...config, isIdempotent: true },
      schema: {
        tags,
        summary:
          "The same decision for several ads (the ids given, or all the ads list's filters match), each checked on its own",
        description: `Each ad is decided alone, in a savepoint of its own: the ones that cannot be (moved on meanwhile, or claimed by another moderator reviewing them) are listed in \`refused\` with the reason, naming the holder, and the others are decided; an ad already in the asked status is listed in \`unchanged\`. A decision releases the ad's claim. With \`filters\` (and \`show_only_active\`) as \`POST /api/jobs/index\` takes them (the on-approval queue is that list filtered by its status), the ads are taken in id order after \`after_id\`, at most ${BULK_CHUNK_SIZE} per request; \`next_after_id\` is where the next request goes on, \`remaining\` how many matching ads are left.`,
        body: bulkStatusChangeSchema,
        response: { 200: bulkStatusChangeResponseSchema },
      },
    },
    async (request) => {
      const { ad_status_id, status_comment, reason_ids, from_status_id, refund_leads, list, ...target } =
        request.body;
      const actorId = requireUser(request).id;
      const discarded: string[] = [];
      // The review queue is the ads list with a condition of its own: its filters mean its rows.
      const answer = await answerBulkRequest(db, request, {
        list: adList,
        listName: list,
        lists: LISTS,
        target,
        writeOne: async (savepoint, adId) => {
          const [ad] = await savepoint
            .select({ statusId: ads.ad_status_id })
            .from(ads)
            .where(eq(ads.id, adId));
          if (!ad) throw notFound();
          if (ad.statusId === ad_status_id) return 'unchanged';
          const unneeded: string[] = [];
          await changeAdStatus(savepoint, {
            adId,
            discardFiles: (urls) => unneeded.push(...urls),
            toStatusId: ad_status_id,
            comment: status_comment,
            reasonIds: reason_ids ?? [],
            ...(from_status_id === undefined ? {} : { fromStatusId: from_status_id }),
            refundLeads: refund_leads === true,
            actorId,
          });
          // Only a decision that went through lets photos go: a refused ad keeps its own.
          discarded.push(...unneeded);
          return 'changed';
        },
      });
      await removePhotoFiles(storage, discarded);
      return answer;
    },
  );
}
