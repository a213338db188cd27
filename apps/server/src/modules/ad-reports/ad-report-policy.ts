import { canAccess } from '@usluge/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthenticatedUser } from '../../http/request-context.ts';
import { isAdAllowed } from '../ads/ad-policy.ts';

export type AdReportAction = 'report';

/** The reported ad as the policy and the notices read it. */
export type ReportedAd = {
  posted_by_user_id: number;
  ad_status_id: number;
  is_active: boolean;
  title: string;
};

/**
 * Who may report an ad: staff any ad (they report from the details, whatever its status); anyone
 * else only an ad they can see (ad-policy `view`: approved and active). Any other is a 404, so a
 * report does not reveal that an ad exists. Resolving is staff's (the route's access).
 */
export function authorizeAdReport(
  user: AuthenticatedUser,
  _action: AdReportAction,
  ad: ReportedAd | undefined,
): asserts ad is ReportedAd {
  if (!ad) throw notFound();
  if (!canAccess('staff', user.roleIds) && !isAdAllowed(user.id, 'view', ad)) throw notFound();
}

export async function readReportedAd(db: Database, adId: number): Promise<ReportedAd | undefined> {
  const [ad] = await db
    .select({
      posted_by_user_id: ads.posted_by_user_id,
      ad_status_id: ads.ad_status_id,
      is_active: ads.is_active,
      title: ads.title,
    })
    .from(ads)
    .where(eq(ads.id, adId));
  return ad;
}
