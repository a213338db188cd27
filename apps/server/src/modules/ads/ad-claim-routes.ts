import { adClaimedAnswerSchema, adClaimReleaseSchema, adClaimSchema, idParamsSchema } from '@usluge/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authenticate.ts';
import type { Database } from '../../db/client.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { claimAd, releaseClaim } from './ad-claims.ts';

const tags = ['jobs'];

/**
 * Claims of ads under review (review mode): a moderator who opens an ad claims it for a few
 * minutes and renews the claim while working on it; the others see who reviews it, and their
 * decisions on it are refused while the claim lives.
 */
export function adClaimRoutes(app: FastifyInstance, db: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'staff', isIdempotent: true } as const;

  typed.post(
    '/jobs/claim/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Claim an ad for review (5 minutes), or renew one’s claim',
        description:
          "Made or renewed for 5 minutes from now. While the claim lives, the ads lists show `claimed_by` (the holder's name) on the ad's row, and other moderators' status decisions on it are refused with a 409 naming the holder. Someone else's live claim: a 409 `{message, claimed_by}`. An expired claim is taken over. A decision on the ad releases it. Send an Idempotency-Key (a new one for each renewal).",
        params: idParamsSchema,
        response: { 200: adClaimSchema, 409: adClaimedAnswerSchema },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const answer = await runIdempotent(db, request, adClaimSchema, async (tx) => ({
        status: 200,
        body: await claimAd(tx, request.params.id, userId),
      }));
      return answer.body;
    },
  );

  typed.delete(
    '/jobs/claim/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Release one’s claim on an ad',
        description:
          "Releases the caller's own claim; someone else's claim stays, and no claim at all is fine (the same answer either way).",
        params: idParamsSchema,
        response: { 200: adClaimReleaseSchema },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const answer = await runIdempotent(db, request, adClaimReleaseSchema, async (tx) => {
        await releaseClaim(tx, request.params.id, userId);
        return { status: 200, body: { ad_id: request.params.id } };
      });
      return answer.body;
    },
  );
}
