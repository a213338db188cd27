import { memberAdRowSchema } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import { qualified } from '../../db/qualified-column.ts';
import { adPhotos, adStatuses, ads, currencies } from '../../db/schema/index.ts';
import { defineList } from '../../list-engine/list-definition.ts';
import { ownAds } from './ad-policy.ts';
import { currencyFields, statusFields, withCurrency, withStatus } from './ad-row-parts.ts';

/** The ad's first photo, for a list's thumbnail (ad_photos_ad_idx). */
export const firstPhotoUrl = sql<
  string | null
>`(select f.photo_url from ${adPhotos} f where f.ad_id = ${qualified(ads.id)} order by f.position, f.id limit 1)`;

/**
 * `POST /api/me/ads/index`: the caller's own ads (ad-policy: `manage`) with where each one's review
 * stands, last changed first (ads_user_idx: poster, updated_at, id).
 */
export const memberAdList = defineList({
  resource: 'me_ads',
  indexPath: 'me/ads/index',
  routes: ['index'],
  from: sql`${ads}`,
  id: ads.id,
  scopeOf: ownAds,
  isActiveColumn: ads.is_active,
  defaultSort: { key: 'updated_at', isDescending: true },
  columns: {
    updated_at: {
      expression: ads.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    created_at: {
      expression: ads.created_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    title: { expression: ads.title, type: 'text', operators: ['contains'], isSortable: true },
    status: { expression: ads.ad_status_id, type: 'id', operators: ['equals', 'in'] },
    is_offer: { expression: ads.is_offer, type: 'boolean', operators: ['equals'] },
    is_active: { expression: ads.is_active, type: 'boolean', operators: ['equals'] },
  },
  rowSchema: memberAdRowSchema,
  access: { index: 'member' },
  docs: {
    summary: "The member's own ads, with each one's review: status, the reason sent, edited",
    description:
      "The list body of every list (`filters`: `status` (id or ids: 1 awaiting approval, 2 approved, 3 rejected, 4 finished), `title` contains, `is_offer`, `is_active`, `updated_at` / `created_at` between dates; `show_only_active`; `options`: page, itemsPerPage, sortBy `updated_at` (default, newest first), `created_at` or `title`). Only the caller's ads. `status_comment` is what the moderator wrote with the current status (a rejection's reason); `edited_at` says the poster changed the ad after a review, which sent it back to awaiting approval; null again once a moderator approves it.",
  },
  loadRows: async (db, scope) => {
    const rows = await db
      .select({
        id: ads.id,
        title: ads.title,
        is_offer: ads.is_offer,
        price_from: ads.price_from,
        price_to: ads.price_to,
        ...currencyFields,
        ...statusFields,
        status_comment: ads.status_comment,
        edited_at: ads.edited_at,
        photo_url: firstPhotoUrl,
        is_active: ads.is_active,
        created_at: ads.created_at,
        updated_at: ads.updated_at,
      })
      .from(ads)
      .innerJoin(currencies, eq(currencies.id, ads.currency_id))
      .innerJoin(adStatuses, eq(adStatuses.id, ads.ad_status_id))
      .where(scope.where)
      .orderBy(scope.orderBy);
    return rows.map((row) => withStatus(withCurrency(row)));
  },
});
