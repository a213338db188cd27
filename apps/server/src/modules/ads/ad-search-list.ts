import { adSearchRowSchema } from '@usluge/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { qualified } from '../../db/qualified-column.ts';
import { foldedText } from '../../db/schema/columns.ts';
import {
  adPlaceCities,
  adPlaces,
  adServices,
  ads,
  cities,
  currencies,
  services,
  users,
} from '../../db/schema/index.ts';
import { defineList, type RowScope } from '../../list-engine/list-definition.ts';
import { likePattern } from '../../list-engine/list-query.ts';
import { selectInScope } from '../../list-engine/scoped-select.ts';
import { viewableAds } from './ad-policy.ts';
import { currencyFields, withCurrency } from './ad-row-parts.ts';
import { firstPhotoUrl } from './member-ad-list.ts';

/** The ad's own columns inside the filters' subqueries (written with their table). */
const adId = qualified(ads.id);
const allCountries = qualified(ads.all_countries);

/**
 * `exists` of a subquery probed on an index for each ad a page walks. Under an OR, PostgreSQL
 * would rather hash the subquery's whole table once (every place of every ad, to show 10 ads):
 * `offset 0` keeps the subquery as it is written.
 */
const existsPerAd = (subquery: SQL): SQL => sql`exists (${subquery} offset 0)`;

/** Words of a text search at most: each is one more trigram index condition. */
const MAX_SEARCH_WORDS = 8;

/** The services of a folder's whole subtree (the service itself when it is not a folder). */
const subtreeOf = (serviceId: unknown): SQL =>
  sql`(with recursive tree(id) as (
         select ${services.id} from ${services} where ${services.id} = ${serviceId}
         union all
         select c.id from ${services} c join tree on c.service_id = tree.id
       ) select id from tree)`;

/** An ad as the search shows it, for a scope (list-engine/scoped-select.ts). */
const searchRows = (db: Database, scope: RowScope) =>
  db
    .select({
      id: ads.id,
      title: ads.title,
      is_offer: ads.is_offer,
      price_from: ads.price_from,
      price_to: ads.price_to,
      ...currencyFields,
      services: sql<{ id: number; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', s.id, 'name', s.name) order by s.name)
          from ${adServices} x join ${services} s on s.id = x.service_id
         where x.ad_id = ${adId}), '[]'::json)`,
      photo_url: firstPhotoUrl,
      poster_first_name: users.name,
      created_at: ads.created_at,
      updated_at: ads.updated_at,
    })
    .from(ads)
    .innerJoin(currencies, eq(currencies.id, ads.currency_id))
    .innerJoin(users, eq(users.id, ads.posted_by_user_id))
    .where(scope.where)
    .orderBy(scope.orderBy);

/**
 * `POST /api/ads/search`: the approved, active ads (ad-policy: `view`) a member looks for, newest
 * first or by price. Pages are read on partial indexes of the searchable ads alone
 * (ads_search_created_idx, ads_search_price_idx); the words of `q` on the trigram index of the
 * folded text (ads_search_text_trgm); places and services through their own indexes.
 * test/search-indexes.test.ts checks the plans.
 */
export const adSearchList = defineList({
  resource: 'ads_search',
  indexPath: 'ads/search',
  routes: ['index'],
  from: sql`${ads}`,
  condition: viewableAds,
  id: ads.id,
  defaultSort: { key: 'created_at', isDescending: true },
  columns: {
    created_at: { expression: ads.created_at, type: 'date', isSortable: true },
    updated_at: { expression: ads.updated_at, type: 'date', isSortable: true },
    // Sorts by the price the ad starts at; as a filter, the ads whose price reaches the amount.
    price_from: {
      expression: ads.price_from,
      type: 'number',
      operators: ['gte'],
      isSortable: true,
      condition: (_operator, [amount]) => sql`coalesce(${ads.price_to}, ${ads.price_from}) >= ${amount}`,
    },
    // The ads one can have for the amount: those starting at or below it.
    price_to: {
      expression: ads.price_to,
      type: 'number',
      operators: ['lte'],
      condition: (_operator, [amount]) => sql`${ads.price_from} <= ${amount}`,
    },
    is_offer: { expression: ads.is_offer, type: 'boolean', operators: ['equals'] },
    service_id: {
      expression: ads.id,
      type: 'id',
      operators: ['equals'],
      condition: (_operator, [serviceId]) =>
        sql`exists (select 1 from ${adServices} s where s.ad_id = ${adId} and s.service_id in ${subtreeOf(serviceId)})`,
    },
    os_country_id: {
      expression: ads.id,
      type: 'id',
      operators: ['equals'],
      condition: (_operator, [countryId]) =>
        sql`(${allCountries} or ${existsPerAd(sql`select 1 from ${adPlaces} p where p.ad_id = ${adId} and p.os_country_id = ${countryId}`)})`,
    },
    // Offered everywhere, in the city's whole country (no cities listed), or in that city.
    os_city_id: {
      expression: ads.id,
      type: 'id',
      operators: ['equals'],
      condition: (_operator, [cityId]) =>
        sql`(${allCountries} or ${existsPerAd(sql`
              select 1 from ${adPlaces} p
               where p.ad_id = ${adId}
                 and p.os_country_id = (select k.os_country_id from ${cities} k where k.id = ${cityId})
                 and (not ${existsPerAd(sql`select 1 from ${adPlaceCities} c where c.ad_place_id = p.id`)}
                      or ${existsPerAd(sql`select 1 from ${adPlaceCities} c where c.ad_place_id = p.id and c.os_city_id = ${cityId}`)})`)})`,
    },
    // Each word somewhere in the title or description, diacritics and case ignored.
    q: {
      expression: ads.search_text,
      type: 'text',
      operators: ['contains'],
      condition: (_operator, [text]) => {
        const words = String(text).normalize('NFC').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
        return (
          and(
            ...words.map((word) => sql`${ads.search_text} like ${foldedText(sql`${likePattern(word)}`)}`),
          ) ?? sql`true`
        );
      },
    },
  },
  rowSchema: adSearchRowSchema,
  access: { index: 'member' },
  docs: {
    summary: 'Find ads: approved and active, filtered, newest first or by price',
    description: [
      'The list body of every list; only approved, active ads. `filters` (each one value):',
      '`service_id`: a service, or a folder: the ads of any service in its subtree;',
      '`os_country_id`: ads offered in that country (all of it or some of its cities) or everywhere (`all_countries`);',
      '`os_city_id`: ads offered in that city, in its whole country (no cities listed) or everywhere;',
      '`is_offer`: true offers, false demands;',
      "`price_from`: ads whose price reaches it (the top of the ad's range, `price_to` or else `price_from`, is at least it);",
      "`price_to`: ads one can have for it (the ad's `price_from` is at most it); both together: the ranges overlap;",
      '`q`: words, each found in the title or the description, diacritics and case ignored (`kosenje` finds „Košenje trave“).',
      '`options.sortBy`: `created_at` (default, newest first) or `price_from` (`sortDesc` [false]: cheapest first); page and itemsPerPage as in every list, with `total_rows` (`total_rows_exact` false: an estimate).',
      'The poster appears by first name only; `GET /api/ads/public/{id}` shows the whole ad.',
    ].join(' '),
  },
  loadRows: async (db, scope) => {
    const rows = await selectInScope(db, scope, searchRows);
    return rows.map(({ poster_first_name, ...row }) => ({
      ...withCurrency(row),
      poster: { first_name: poster_first_name },
    }));
  },
});
