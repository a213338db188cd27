import type { publicAdSchema } from '@usluge/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ads, leads, users } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { loadInOrder } from '../../list-engine/list-query.ts';
import { readAdContent } from './ad-details.ts';
import { authorizeAd } from './ad-policy.ts';
import { adSearchList } from './ad-search-list.ts';

type PublicAd = z.output<typeof publicAdSchema>;

/**
 * The poster's contact details for a member whose contact of the ad the poster accepted (issue 20:
 * on acceptance both see each other's); null for everyone else.
 */
async function acceptedContactOf(db: Database, viewerId: number, adId: number): Promise<PublicAd['contact']> {
  const [poster] = await db
    .select({
      id: users.id,
      name: users.name,
      last_name: users.last_name,
      phone: users.phone,
      email: users.email,
    })
    .from(leads)
    .innerJoin(ads, eq(ads.id, leads.ad_id))
    .innerJoin(users, eq(users.id, ads.posted_by_user_id))
    .where(and(eq(leads.ad_id, adId), eq(leads.user_id, viewerId), eq(leads.is_accepted, true)))
    .limit(1);
  return poster ?? null;
}

/**
 * `GET /api/ads/public/{id}`: an approved, active ad as members see it (ad-policy: `view`; any
 * other ad is a 404): the search's row (the poster by first name) with the whole content. No
 * contact details of the poster unless the viewer's contact of this ad was accepted.
 */
export async function readPublicAd(db: Database, viewerId: number, adId: number): Promise<PublicAd> {
  await authorizeAd(db, viewerId, 'view', adId);
  const [[row], content, contact] = await Promise.all([
    loadInOrder(db, adSearchList, [adId]),
    readAdContent(db, adId),
    acceptedContactOf(db, viewerId, adId),
  ]);
  if (!row) throw notFound();
  return { ...row, ...content, contact };
}
