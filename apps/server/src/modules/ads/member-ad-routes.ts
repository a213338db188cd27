import {
  idParamsSchema,
  memberAdDetailsSchema,
  memberAdRowSchema,
  publicAdSchema,
  staleWriteAnswerSchema,
} from '@usluge/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireUser } from '../../auth/authenticate.ts';
import { runCrudWrite } from '../../crud/crud-routes.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { memberDocs } from '../../http/member-docs.ts';
import { loadInOrder } from '../../list-engine/list-query.ts';
import { readAdContent, readAdStatusHistory } from './ad-details.ts';
import { authorizeAd } from './ad-policy.ts';
import { memberAdCrud } from './member-ad-crud.ts';
import { memberAdList } from './member-ad-list.ts';
import { readPublicAd } from './public-ad.ts';

/** The member's ad form, for the API document (multipart: the handler reads and checks it). */
const FORM =
  "Multipart form data (or JSON, without photos): the staff ad form less `posted_by_user_id` (the ad is always the caller's). `title`, `description`, `is_offer`, `services` (JSON ids of services, not folders), `currency_id`, `price_from`, `price_to` (empty or 0: none), `allCountries` or `places` (JSON `[{os_country_id, cities: [ids]}]`; no cities: the whole country), `allWorkingDays` or `ad_days` (JSON `[{day_id, is_active, times: [{start_at, stop_at}]}]`: shifts of at least 5 minutes, in order), photos as files `photos[0]`, `photos[1]` … (PNG or JPEG; at most 10 with the kept ones). The staff form's rules and 422 messages.";

/** `GET /api/me/ads/show/{id}`: the member's own ad with its content and its review. */
async function readMemberAdDetails(
  db: Database,
  adId: number,
): Promise<z.output<typeof memberAdDetailsSchema>> {
  const [row] = await loadInOrder(db, memberAdList, [adId]);
  if (!row) throw notFound();
  const [content, history] = await Promise.all([readAdContent(db, adId), readAdStatusHistory(db, adId)]);
  return {
    ...row,
    ...content,
    // Which moderator decided is staff's to know; the member reads the decision and its reason.
    status_history: history.map(({ from, to, reason, created_at }) => ({ from, to, reason, created_at })),
  };
}

/**
 * Ads in the mobile app: the public view of an ad the search found (its list: ad-search-list.ts),
 * and the member's own ads: one in full, post, edit, deactivate and restore through the one write
 * path (member-ad-crud.ts; their list: member-ad-list.ts). Another member's ad answers 404 on every
 * route of one's own ads (ad-policy.ts).
 */
export function memberAdRoutes(app: FastifyInstance, db: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'member', isIdempotent: true } as const;
  const multipart = { consumes: ['multipart/form-data', 'application/json'] };
  const stale = { 409: staleWriteAnswerSchema(memberAdRowSchema) };

  typed.get(
    '/me/ads/show/:id',
    {
      config: { access: 'member' },
      schema: {
        ...memberDocs,
        summary: "One of the member's own ads, with what its edit form needs and its review",
        description:
          "The ad's content (services, places, working days with shifts, photos with the ids `kept_photos` names) and each status it had, with the reason sent (a rejection's). Another member's ad is a 404.",
        params: idParamsSchema,
        response: { 200: memberAdDetailsSchema },
      },
    },
    async (request) => {
      await authorizeAd(db, requireUser(request).id, 'manage', request.params.id);
      return readMemberAdDetails(db, request.params.id);
    },
  );

  typed.get(
    '/ads/public/:id',
    {
      config: { access: 'member' },
      schema: {
        ...memberDocs,
        summary: 'An ad as members see it: approved and active, the poster by first name',
        description:
          "Everything the ad offers (description, prices, services, places, working days with shifts, photos) and its poster's first name. The poster's contact details (`contact`: name, last name, phone, e-mail) only once the poster accepted the caller's contact of this ad (`POST /api/leads/contact`); null before. An ad that is not approved and active is a 404.",
        params: idParamsSchema,
        response: { 200: publicAdSchema },
      },
    },
    (request) => readPublicAd(db, requireUser(request).id, request.params.id),
  );

  typed.post(
    '/me/ads/store',
    {
      config,
      schema: {
        ...memberDocs,
        summary: 'Post an ad: it awaits approval',
        description: `${FORM} The new ad has status 1 (awaiting approval); the search shows it once a moderator approves it. Send an Idempotency-Key so that a retry posts once.`,
        ...multipart,
        response: { 201: memberAdRowSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send((await runCrudWrite(app, db, memberAdCrud, request, { kind: 'store' })).body),
  );

  typed.post(
    '/me/ads/update/:id',
    {
      config,
      schema: {
        ...memberDocs,
        summary: "Edit one's own ad: a reviewed ad whose content changes goes back to review",
        description: `${FORM} Also \`kept_photos\` (JSON ids of the photos to keep, in order; the others are removed) and \`updated_at\` (the version read: a stale one is a 409 with the ad as it is now). When a moderator had approved or rejected the ad and its content changes (title, description, offer or demand, prices, currency, services, places, days, photos), it goes back to awaiting approval (the search no longer shows it until approved again), \`edited_at\` is set and its history says the poster edited it. Another member's ad is a 404.`,
        params: idParamsSchema,
        ...multipart,
        response: { 200: memberAdRowSchema, ...stale },
      },
    },
    async (request) =>
      (await runCrudWrite(app, db, memberAdCrud, request, { kind: 'update', id: request.params.id })).body,
  );

  typed.delete(
    '/me/ads/destroy/:id',
    {
      config,
      schema: {
        ...memberDocs,
        summary: "Deactivate one's own ad, or restore it",
        description:
          "A deactivated ad is not found by the search; restoring it brings it back with the status it had. `?updated_at=` the version read (a stale one is a 409 with the ad as it is now). Another member's ad is a 404.",
        params: idParamsSchema,
        querystring: memberAdCrud.destroyQuerySchema,
        response: { 200: memberAdRowSchema, ...stale },
      },
    },
    async (request) =>
      (await runCrudWrite(app, db, memberAdCrud, request, { kind: 'destroy', id: request.params.id })).body,
  );
}
