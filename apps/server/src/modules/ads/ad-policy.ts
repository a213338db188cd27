import { AD_STATUS } from '@usluge/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, isSearchableAd } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { ListViewer } from '../../list-engine/list-definition.ts';

/**
 * What a member may do with an ad (DESIGN.md 11: one policy per resource, called by the routes and
 * lists). Staff work on ads through their own routes, which members cannot reach.
 *
 * - `manage`: read in full, edit, deactivate and restore: the poster's own ads only.
 * - `view`: the public view: ads the search shows (approved and active), anyone's.
 *
 * An ad the member may not touch answers 404, as if it did not exist.
 */
export type AdAction = 'manage' | 'view';

type AdFacts = { posted_by_user_id: number; ad_status_id: number; is_active: boolean };

export function isAdAllowed(userId: number, action: AdAction, ad: AdFacts): boolean {
  switch (action) {
    case 'manage':
      return ad.posted_by_user_id === userId;
    case 'view':
      return ad.ad_status_id === AD_STATUS.approved && ad.is_active;
  }
}

/** Refuses (404) unless the member may do this with the ad. */
export async function authorizeAd(
  db: Database,
  userId: number,
  action: AdAction,
  adId: number,
): Promise<void> {
  const [ad] = await db
    .select({
      posted_by_user_id: ads.posted_by_user_id,
      ad_status_id: ads.ad_status_id,
      is_active: ads.is_active,
    })
    .from(ads)
    .where(eq(ads.id, adId));
  if (!ad || !isAdAllowed(userId, action, ad)) throw notFound();
}

/** The member's own ads, as a list's scope (`manage` in SQL). */
export const ownAds = (viewer: ListViewer): SQL => eq(ads.posted_by_user_id, viewer.userId);

/** The ads the search shows (`view` in SQL): approved and active. */
export const viewableAds: SQL = isSearchableAd(ads);
