import { AD_STATUS, listRequestSchema } from '@usluge/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../src/db/client.ts';
import { ads, services, users } from '../src/db/schema/index.ts';
import { selectRows } from '../src/db/select-rows.ts';
import { buildOrderBy, buildWhere } from '../src/list-engine/list-query.ts';
import { adSearchList } from '../src/modules/ads/ad-search-list.ts';
import { planOf, rolledBack } from './helpers/query-plans.ts';
import { createTestDatabase } from './helpers/test-database.ts';

/**
 * The member's search stays on indexes (issue 20, item 4: fast at 1 000 000 ads; the lists bench
 * measures that): over 20 000 ads with statistics, the page query of each common filter, as the
 * list engine writes it, reads no table of ads whole (no sequential scan of ads or their places
 * and services), pages on the search's partial indexes, and finds words on the trigram index.
 */
const ADS = 20_000;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/** The ads, their services and places, every value a function of the row number g. */
async function fillAds(tx: Database) {
  const [poster] = await tx
    .insert(users)
    .values({ name: 'Oglasivač', email: 'plan@example.test', username: 'plan', password_hash: '!' })
    .returning({ id: users.id });
  const leaves = await selectRows<{ id: number }>(
    tx,
    sql`select ${services.id} as id from ${services} where ${services.is_service} order by ${services.id}`,
  );
  const serviceIds = `{${leaves.map((leaf) => leaf.id).join(',')}}`;
  await tx.execute(sql`
    insert into ${ads} (title, description, is_offer, posted_by_user_id, currency_id, price_from, price_to,
                        ad_status_id, all_countries, is_active, created_at, updated_at)
    select (array['Košenje trave','Selidba stana','Čišćenje oluka','Popravka računara','Krečenje'])[1 + g % 5]
             || ' broj ' || g,
           'Opis oglasa ' || g, g % 3 <> 0, ${poster?.id}, 1 + g % 2,
           10 + (g * 37) % 2000, case when g % 4 = 0 then null else 10 + (g * 37) % 2000 + 5 + (g * 11) % 3000 end,
           case when g % 10 = 0 then 1 + (g / 10) % 4 else 2 end, g % 10 = 1, g % 20 <> 0,
           timestamp '2025-01-01' + g * interval '1 minute', timestamp '2025-01-01' + g * interval '1 minute'
    from generate_series(1, ${ADS}) as g`);
  await tx.execute(sql`
    insert into ad_services (ad_id, service_id)
    select a.id, (${serviceIds}::int[])[1 + a.id % ${leaves.length}] from ${ads} a`);
  await tx.execute(sql`
    insert into ad_places (ad_id, os_country_id)
    select a.id, c.id from ${ads} a
    join lateral (select id from os_countries order by id offset (a.id % 4) limit 1) c on true
    where not a.all_countries`);
  // Every third place names one city of its country.
  await tx.execute(sql`
    insert into ad_place_cities (ad_place_id, os_city_id)
    select p.id, k.id from ad_places p
    join lateral (select id from os_cities where os_country_id = p.os_country_id order by id offset (p.id % 3) limit 1) k on true
    where p.id % 3 = 0`);
  await tx.execute(sql`analyze`);
}

/** Runs `work` over the filled ads in a transaction that is always rolled back. */
async function withAds<T>(work: (tx: Database) => Promise<T>): Promise<T> {
  return rolledBack(handle.db, async (tx) => {
    await fillAds(tx);
    return work(tx);
  });
}

/** The page query of a search as the list engine writes it (its first page of 10). */
function pageQuery(body: unknown): SQL {
  const request = listRequestSchema.parse(body);
  const where = buildWhere(adSearchList, request, 'index', { userId: 1 });
  const orderBy = buildOrderBy(adSearchList, request);
  return sql`select ${adSearchList.id} from ${adSearchList.from} where ${where} order by ${orderBy} limit 10`;
}

/** Searches the members make, each with the index its page must be read on (any, when absent). */
const SEARCHES: { name: string; body: unknown; index?: string }[] = [
  { name: 'newest first', body: {}, index: 'ads_search_created_idx' },
  { name: 'cheapest first', body: { options: { sortBy: ['price_from'] } }, index: 'ads_search_price_idx' },
  {
    name: 'dearest first',
    body: { options: { sortBy: ['price_from'], sortDesc: [true] } },
    index: 'ads_search_price_idx',
  },
  { name: 'a service', body: { filters: { service_id: 'LEAF' } } },
  { name: 'a folder', body: { filters: { service_id: 'FOLDER' } } },
  { name: 'a country', body: { filters: { os_country_id: 'COUNTRY' } } },
  { name: 'a city', body: { filters: { os_city_id: 'CITY' } } },
  { name: 'demands', body: { filters: { is_offer: false } } },
  { name: 'a price range', body: { filters: { price_from: 100, price_to: 400 } } },
  { name: 'a common word', body: { filters: { q: 'kosenje' } } },
  {
    name: 'a city, a service and a word, by price',
    body: {
      filters: { os_city_id: 'CITY', service_id: 'FOLDER', q: 'trave' },
      options: { sortBy: ['price_from'] },
    },
  },
];

/** Words as members type them: each must be found on the trigram index of the folded text. */
const WORDS = ['12345', 'KOŠENJE', 'čišćenje oluka'];

/**
 * Tables a search must never read whole. (Ads are walked in page order on a partial index, with
 * no condition: the limit ends the walk.)
 */
const LARGE = ['ads', 'ad_services', 'ad_places', 'ad_place_cities'];
const isWholeRead = (node: string) =>
  LARGE.some(
    (table) =>
      node === `Seq Scan on ${table}` ||
      (table !== 'ads' &&
        node.startsWith(`Index`) &&
        node.includes(` on ${table} `) &&
        node.endsWith('(whole)')),
  );

describe('the search reads ads on indexes', () => {
  it('plans every common search without reading the ads or their places and services whole', async () => {
    const plans = await withAds(async (tx) => {
      const [ids] = await selectRows<{ leaf: number; folder: number; country: number; city: number }>(
        tx,
        sql`select (select s.id from services s where s.is_service order by s.id limit 1) as leaf,
                   (select s.id from services s where not s.is_service and s.service_id is null order by s.id limit 1) as folder,
                   (select c.id from os_countries c order by c.id limit 1) as country,
                   (select k.id from os_cities k order by k.id limit 1) as city`,
      );
      if (!ids) throw new Error('reference data missing');
      const placeholders: Record<string, number> = {
        '"LEAF"': ids.leaf,
        '"FOLDER"': ids.folder,
        '"COUNTRY"': ids.country,
        '"CITY"': ids.city,
      };
      const [approved] = await selectRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ${ads} where ${ads.ad_status_id} = ${AD_STATUS.approved}`,
      );
      expect(approved?.n).toBeGreaterThan(ADS / 2);
      const result: Record<string, string[]> = {};
      for (const search of SEARCHES) {
        let text = JSON.stringify(search.body);
        for (const [placeholder, id] of Object.entries(placeholders))
          text = text.replaceAll(placeholder, String(id));
        result[search.name] = await planOf(tx, pageQuery(JSON.parse(text)), { isMarkingWholeReads: true });
      }
      // A rare word's few ads: over 20 000 the planner rightly reads them from the table, at a
      // million from the index; with the table's scan forbidden, the index must serve the words.
      await tx.execute(sql`set local enable_seqscan = off`);
      const words = adSearchList.columns.q?.condition;
      if (!words) throw new Error('the search has no q');
      for (const word of WORDS) {
        result[`words '${word}'`] = await planOf(
          tx,
          sql`select ${ads.id} from ${ads} where ${words('contains', [word], undefined)}`,
        );
      }
      return result;
    });
    const problems = SEARCHES.flatMap((search) => {
      const plan = plans[search.name] ?? [];
      const wholeReads = plan.filter(isWholeRead);
      const isIndexMissing = search.index && !plan.some((node) => node.includes(` using ${search.index}`));
      return wholeReads.length > 0 || isIndexMissing ? [`${search.name}: ${plan.join(' → ')}`] : [];
    });
    for (const word of WORDS) {
      const plan = plans[`words '${word}'`] ?? [];
      if (!plan.includes('Bitmap Index Scan using ads_search_text_trgm')) {
        problems.push(`words '${word}': ${plan.join(' → ')}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
