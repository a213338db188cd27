/**
 * A deterministic data set at the scale the ads list must stand: 100 000 users and 1 000 000 ads
 * (with their services and places) in the product's own tables, written by SQL on PostgreSQL.
 * The same numbers give the same rows: every value is a function of the row number.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';

export const USERS = 100_000;
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

/** Inserts the users and ads (and their services and places); idempotent per database. */
export async function generateAds(db: Database, log: (line: string) => void): Promise<void> {
  const [{ n } = { n: 0 }] = (
    (await db.execute(sql`select count(*)::int as n from ads`)) as unknown as { rows: { n: number }[] }
  ).rows;
  if (n >= ADS) {
    log(`${n.toLocaleString('en')} ads already there`);
    return;
  }
  const words = sql.raw(`(array[${TITLE_WORDS.map((word) => `'${word}'`).join(',')}])`);
  const step = async (label: string, statement: ReturnType<typeof sql>) => {
    const started = performance.now();
    await db.execute(statement);
    log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  await step(
    'users',
    sql`insert into users (name, last_name, email, username, phone, user_type_id, credit, password_hash, created_at, updated_at)
        select (array['Marko','Ana','Jelena','Nikola','Milica','Stefan','Ivana','Luka','Sara','Đorđe'])[1 + g % 10] || ' ' || g,
               (array['Vuković','Petrović','Šćekić','Đurović','Marković','Popović','Radulović','Knežević'])[1 + (g / 10) % 8],
               'bench' || g || '@primjer.me', 'bench.' || g, '+382 67 ' || lpad(g::text, 6, '0'),
               1 + g % 2, (g % 500), '!no-password',
               timestamp '2025-01-01' + (g % 600) * interval '1 day', timestamp '2025-01-01' + (g % 600) * interval '1 day'
        from generate_series(1, ${USERS}) as g
        on conflict do nothing`,
  );
  await step(
    'user roles',
    sql`insert into user_roles (user_id, role_id)
        select id, 2 from users where username like 'bench.%' on conflict do nothing`,
  );
  await step(
    'ads',
    sql`insert into ads (title, description, is_offer, posted_by_user_id, currency_id, price_from, price_to, ad_status_id,
                         all_countries, all_working_days, created_at, updated_at)
        select ${words}[1 + (g * 7) % 20] || ' ' || ${words}[1 + (g * 13) % 20] || ' br. ' || g,
               'Opis oglasa broj ' || g, g % 3 <> 0, u.id, 1 + g % 2,
               10 + (g * 37) % 2000, case when g % 4 = 0 then null else 10 + (g * 37) % 2000 + 5 + (g * 11) % 3000 end,
               1 + (g * 17) % 4, g % 10 = 0, g % 5 = 0,
               timestamp '2024-01-01' + (g % 900000) * interval '1 minute',
               timestamp '2024-01-01' + ((g::bigint * 7919) % 1000000) * interval '1 minute'
        from generate_series(1, ${ADS}) as g
        join users u on u.username = 'bench.' || (1 + (g * 31) % ${USERS})`,
  );
  await step(
    'ad services',
    sql`insert into ad_services (ad_id, service_id)
        select a.id, s.id from ads a
        join lateral (select id from services where is_service order by id offset (a.id % 20) limit 1) s on true
        on conflict do nothing`,
  );
  await step(
    'ad places',
    sql`insert into ad_places (ad_id, os_country_id)
        select a.id, c.id from ads a
        join lateral (select id from os_countries order by id offset (a.id % 4) limit 1) c on true
        where not a.all_countries
        on conflict do nothing`,
  );
  // As autovacuum leaves a live table: statistics, and a visibility map for index-only scans.
  await step('vacuum analyze', sql`vacuum analyze`);
}
