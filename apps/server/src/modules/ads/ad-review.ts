import { AD_STATUS } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import { nextVersion } from '../../crud/row-version.ts';
import type { Database } from '../../db/client.ts';
import { adStatusHistory, ads } from '../../db/schema/index.ts';
import { selectRows } from '../../db/select-rows.ts';
import { notFound } from '../../http/errors.ts';

/** Statuses a moderator has decided; the poster's edit of such an ad needs a new review. */
const REVIEWED: readonly number[] = [AD_STATUS.approved, AD_STATUS.rejected];

/** What the status history says of a poster's edit (stored in Montenegrin, as decisions are). */
const EDITED_BY_POSTER = 'Oglašivač je izmijenio oglas.';
const RESTORED_BY_POSTER = 'Oglašivač je ponovo aktivirao oglas.';

/** An ad's status and its content as one comparable text, read in the edit's transaction. */
export type AdReviewState = { statusId: number; content: string };

/**
 * Everything a moderator approves, as one canonical JSON text: title, description, offer or
 * demand, currency, prices, services, places and cities, working days and shifts, the photos in
 * order. (jsonb writes keys in one order, and each list is sorted, so equal content is equal text.)
 */
export async function readAdReviewState(tx: Database, adId: number): Promise<AdReviewState> {
  const [row] = await selectRows<{ status_id: number; content: string }>(
    tx,
    sql`select a.ad_status_id as status_id, jsonb_build_object(
          'title', a.title, 'description', a.description, 'is_offer', a.is_offer,
          'currency_id', a.currency_id, 'price_from', a.price_from, 'price_to', a.price_to,
          'all_countries', a.all_countries, 'all_working_days', a.all_working_days,
          'services', (select jsonb_agg(s.service_id order by s.service_id) from ad_services s where s.ad_id = a.id),
          'places', (select jsonb_agg(jsonb_build_array(p.os_country_id,
                       (select jsonb_agg(c.os_city_id order by c.os_city_id) from ad_place_cities c where c.ad_place_id = p.id))
                       order by p.os_country_id)
                     from ad_places p where p.ad_id = a.id),
          'days', (select jsonb_agg(jsonb_build_array(d.day_id, d.is_active,
                     (select jsonb_agg(jsonb_build_array(t.start_at, t.stop_at) order by t.start_at) from ad_day_times t where t.ad_day_id = d.id))
                     order by d.day_id)
                   from ad_days d where d.ad_id = a.id),
          'photos', (select jsonb_agg(f.photo_url order by f.position, f.id) from ad_photos f where f.ad_id = a.id)
        )::text as content
        from ${ads} a where a.id = ${adId}`,
  );
  if (!row) throw notFound();
  return { statusId: row.status_id, content: row.content };
}

/**
 * After the poster's edit, in its transaction: when a moderator had decided on the ad (approved
 * or rejected) and its content changed, it goes back to awaiting approval, marked edited (the
 * moderation desk shows it), with a history entry by the poster. The decision's comment goes: it
 * was about the content as it was. An unchanged save, or an ad still awaiting approval, stays.
 */
export async function reviewPosterEdit(
  tx: Database,
  adId: number,
  posterId: number,
  before: AdReviewState,
): Promise<void> {
  if (!REVIEWED.includes(before.statusId)) return;
  const after = await readAdReviewState(tx, adId);
  if (after.content === before.content) return;
  await tx
    .update(ads)
    .set({
      ad_status_id: AD_STATUS.awaitingApproval,
      status_comment: null,
      edited_at: sql`now()`,
      updated_at: nextVersion(ads.updated_at),
    })
    .where(eq(ads.id, adId));
  await tx.insert(adStatusHistory).values({
    ad_id: adId,
    from_status_id: before.statusId,
    to_status_id: AD_STATUS.awaitingApproval,
    reason: EDITED_BY_POSTER,
    changed_by_user_id: posterId,
  });
}

/**
 * After the poster restored their ad, in its transaction: a decided ad (approved or rejected) goes
 * back to awaiting approval, so a member cannot put back on show what staff took down (nothing
 * records who deactivated it) or what was decided on long ago.
 */
export async function reviewPosterRestore(tx: Database, adId: number, posterId: number): Promise<void> {
  const [ad] = await tx.select({ statusId: ads.ad_status_id }).from(ads).where(eq(ads.id, adId));
  if (!ad || !REVIEWED.includes(ad.statusId)) return;
  await tx
    .update(ads)
    .set({ ad_status_id: AD_STATUS.awaitingApproval, updated_at: nextVersion(ads.updated_at) })
    .where(eq(ads.id, adId));
  await tx.insert(adStatusHistory).values({
    ad_id: adId,
    from_status_id: ad.statusId,
    to_status_id: AD_STATUS.awaitingApproval,
    reason: RESTORED_BY_POSTER,
    changed_by_user_id: posterId,
  });
}
