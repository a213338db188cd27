/**
 * A deterministic data set at the scale the ads list must stand: 1 000 000 ads (with their
 * services and places) posted by the 100 000 users of users-data.ts, in the product's own tables,
 * the same on PostgreSQL and on the embedded database. Every value is a function of the row
 * number g, so the same numbers give the same rows.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { countOf, type DataStep, runDataSteps } from './data-steps.ts';
import { USERS } from './users-data.ts';

export const ADS = 1_000_000;

/** Titles are built from these: a fragment of one of them matches about 1 % of the ads. */
const TITLE_WORDS = [
  'Košenje',
  'Orezivanje',
  'Selidba',
  'Prevoz',
  'Popravka',
  'Montaža',
  'Čišćenje',
  'Njega',
  'Dostava',
  'Krečenje',
  'Programiranje',
  'Servis',
  'Instalacija',
  'Čuvanje',
  'Uređenje',
  'Farbanje',
  'Postavljanje',
  'Zamjena',
  'Pranje',
  'Izrada',
];

const words = sql.raw(`(array[${TITLE_WORDS.map((word) => `'${word}'`).join(',')}])`);

const steps: DataStep[] = [
  {
    label: 'ads',
    count: countOf(sql`ads`),
    expected: ADS,
    fill: sql`insert into ads (title, description, is_offer, posted_by_user_id, currency_id, price_from, price_to, ad_status_id,
                         all_countries, all_working_days, created_at, updated_at)
        select ${words}[1 + (g * 7) % 20] || ' ' || ${words}[1 + (g * 13) % 20] || ' br. ' || g,
               'Opis oglasa broj ' || g, g % 3 <> 0, u.id, 1 + g % 2,
               10 + (g * 37) % 2000, case when g % 4 = 0 then null else 10 + (g * 37) % 2000 + 5 + (g * 11) % 3000 end,
               1 + (g * 17) % 4, g % 10 = 0, g % 5 = 0,
               timestamp '2024-01-01' + (g % 900000) * interval '1 minute',
               timestamp '2024-01-01' + ((g::bigint * 7919) % 1000000) * interval '1 minute'
        from generate_series(1, ${ADS}) as g
        join users u on u.username = 'bench.' || (1 + (g * 31) % ${USERS})`,
  },
  {
    label: 'ad services',
    count: countOf(sql`ad_services`),
    expected: ADS,
    // The service by a hash of the id: ids come in runs of one poster's ten ads, so id % 20 gave
    // the newest ads two services of the twenty, which no marketplace has (and which the members'
    // search by service, newest first, then has to walk a hundred thousand ads to find).
    fill: sql`insert into ad_services (ad_id, service_id)
        select a.id, s.id from ads a
        join lateral (select id from services where is_service order by id offset (abs(hashint4(a.id)) % 20) limit 1) s on true
        on conflict do nothing`,
  },
  {
    label: 'ad places',
    count: countOf(sql`ad_places`),
    // Every ad but the 10 % for all countries has one.
    expected: (ADS * 9) / 10,
    fill: sql`insert into ad_places (ad_id, os_country_id)
        select a.id, c.id from ads a
        join lateral (select id from os_countries order by id offset (a.id % 4) limit 1) c on true
        where not a.all_countries
        on conflict do nothing`,
  },
];

/** Inserts what is missing of the ads, their services and places (the users first: users-data.ts). */
export function generateAds(db: Database, log: (line: string) => void): Promise<boolean> {
  return runDataSteps(db, steps, log);
}
