import { adRowSchema, OFFER_KIND_TEXTS } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { qualified } from '../../db/qualified-column.ts';
import {
  adPlaceCities,
  adPlaces,
  adServices,
  adStatuses,
  ads,
  currencies,
  userFullName,
  users,
} from '../../db/schema/index.ts';
import type { FilterOperand, RowScope } from '../../list-engine/list-definition.ts';
import { defineList } from '../../list-engine/list-definition.ts';
import { foldedContains } from '../../list-engine/list-query.ts';
import { selectInScope } from '../../list-engine/scoped-select.ts';
import { openPaidLeadsOf } from '../leads/lead-refund.ts';
import { claimedByOf } from './ad-claims.ts';
import { currencyFields, statusFields, withCurrency, withStatus } from './ad-row-parts.ts';

const ids = (values: FilterOperand[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
/** The ad's own id and poster, for the filters' subqueries. */
const adId = qualified(ads.id);
const posterId = qualified(ads.posted_by_user_id);

/** An ad as the staff list shows it, for a scope (list-engine/scoped-select.ts). */
const adRows = (db: Database, scope: RowScope) =>
  db
    .select({
      id: ads.id,
      title: ads.title,
      is_offer: ads.is_offer,
      posted_by_user_id: ads.posted_by_user_id,
      // The poster's name as copied onto the ad (the users table need not be joined).
      user_name: sql<string>`trim(${ads.poster_name})`,
      price_from: ads.price_from,
      price_to: ads.price_to,
      ...currencyFields,
      ...statusFields,
      is_active: ads.is_active,
      open_paid_leads: openPaidLeadsOf(ads.id),
      claimed_by: claimedByOf(ads.id),
      edited_at: ads.edited_at,
      created_at: ads.created_at,
      updated_at: ads.updated_at,
    })
    .from(ads)
    .innerJoin(currencies, eq(currencies.id, ads.currency_id))
    .innerJoin(adStatuses, eq(adStatuses.id, ads.ad_status_id))
    .where(scope.where)
    .orderBy(scope.orderBy);

/** The ads lists (`/ads`, `/ads-on-approval` = this list filtered to 'Čeka odobrenje'). */
export const adList = defineList({
  resource: 'jobs',
  routes: ['index'],
  from: sql`${ads}`,
  id: ads.id,
  isActiveColumn: ads.is_active,
  defaultSort: { key: 'updated_at', isDescending: true },
  // What its list screen shows.
  reportColumns: [
    'updated_at',
    'title',
    'status',
    'is_offer',
    'user_name',
    'price_from',
    'price_to',
    'currency_id',
    'is_active',
  ],
  reportObjectText: { currency: 'short_name' },
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
    title: { expression: ads.title, type: 'text', operators: ['contains', 'equals'], isSortable: true },
    is_offer: {
      expression: ads.is_offer,
      type: 'boolean',
      operators: ['equals'],
      isSortable: true,
      reportCell: (row, lang) => OFFER_KIND_TEXTS[lang][row.is_offer ? 'offer' : 'demand'],
      reportFields: ['is_offer'],
    },
    // The poster's name without joining users into every list query: it sorts on the name copied
    // onto the ad by triggers (ads_poster_name_icu_idx), and only a filter on it reaches users.
    user_name: {
      expression: ads.poster_name,
      type: 'text',
      operators: ['contains'],
      isSortable: true,
      // The posters found first on the users_full_name_trgm index, then their ads.
      condition: (_operator, [fragment]) =>
        sql`${posterId} in (select ${users.id} from ${users} where ${foldedContains(userFullName, String(fragment))})`,
    },
    posted_by_user_id: { expression: ads.posted_by_user_id, type: 'id', operators: ['equals', 'in'] },
    // One ad by its id: where a hint (issue 19) leads to the other ad.
    id: { expression: ads.id, type: 'id', operators: ['equals', 'in'] },
    // A bare value is a bound: 'from' at least it, 'to' at most it (the first operator is the bare one's).
    price_from: {
      expression: ads.price_from,
      type: 'number',
      format: 'money',
      operators: ['gte', 'lte', 'equals', 'between'],
      isSortable: true,
    },
    price_to: {
      expression: ads.price_to,
      type: 'number',
      format: 'money',
      operators: ['lte', 'gte', 'equals', 'between'],
      isSortable: true,
    },
    status: { expression: ads.ad_status_id, type: 'id', operators: ['equals', 'in'], isSortable: true },
    currency_id: {
      expression: ads.currency_id,
      type: 'id',
      operators: ['equals', 'in'],
      reportCell: (row) => (row.currency as { short_name: string } | undefined)?.short_name ?? null,
      reportFields: ['currency'],
    },
    services: {
      expression: ads.id,
      type: 'id',
      operators: ['equals', 'in'],
      condition: (_operator, serviceIds) =>
        sql`exists (select 1 from ${adServices} s where s.ad_id = ${adId} and s.service_id in (${ids(serviceIds)}))`,
    },
    os_country_id: {
      expression: ads.id,
      type: 'id',
      operators: ['equals', 'in'],
      condition: (_operator, countryIds) =>
        sql`(${ads.all_countries} or exists (select 1 from ${adPlaces} p where p.ad_id = ${adId} and p.os_country_id in (${ids(countryIds)})))`,
    },
    os_city_id: {
      expression: ads.id,
      type: 'id',
      operators: ['equals', 'in'],
      condition: (_operator, cityIds) =>
        sql`exists (select 1 from ${adPlaces} p join ${adPlaceCities} c on c.ad_place_id = p.id where p.ad_id = ${adId} and c.os_city_id in (${ids(cityIds)}))`,
    },
    is_active: { expression: ads.is_active, type: 'boolean', operators: ['equals'], isSortable: true },
  },
  rowSchema: adRowSchema,
  access: { index: 'staff' },
  loadRows: async (db, scope) => {
    const rows = await selectInScope(db, scope, adRows);
    return rows.map((row) => withStatus(withCurrency(row)));
  },
});
