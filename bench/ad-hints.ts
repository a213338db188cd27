/**
 * Duplicate and spam hints at scale (issue 19 item 5): `GET /api/jobs/hints/{id}` over 1 000 000
 * ads with about 1.5 photos each, on PostgreSQL, in a database of its own (usluge_bench_hints),
 * created for the run and dropped after it (unless --keep).
 *
 *   node bench/ad-hints.ts [requests = 300]
 *     --postgres-url postgres://postgres@127.0.0.1:5432/postgres
 *     --keep          keep the database (a second run skips the data it finds)
 *
 * The data is written in SQL (generate_series), every value a function of the row number:
 * - 100 000 users (users-data.ts), and 2 000 more sharing a phone or an e-mail local part with one;
 * - ads: titles of a service, an object and a town ('Košenje trave i dvorišta – Nikšić'), so that
 *   many titles are alike, as on a real marketplace; descriptions of 3–5 sentences from a few
 *   dozen templates with their words varied;
 * - one photo per ad and a second for every other ad, with random 64-bit hashes; every 20th
 *   photo reuses another ad's hash with 1–3 bits flipped.
 * The indexes of ads and ad_photos are dropped while their rows are written and built again after
 * (as a restore does), then the tables are analysed. Then `requests` hints of random ads, one at
 * a time, through HTTP, after 20 of warm-up: p50, p99 and the largest, and how many hints they found.
 */
import { parseArgs } from 'node:util';
import type { AdHints } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/seed.ts';
import { ADMIN_PASSWORD, startBenchServer } from './bench-server.ts';
import { countOf, type DataStep, runDataSteps } from './data-steps.ts';
import { generateUsers, USERS } from './users-data.ts';

const ADS = 1_000_000;
const BENCH_DATABASE = 'usluge_bench_hints';
const WARM_UP = 20;

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
  },
});
const requests = Number(positionals[0] ?? 300);
if (!(requests > 0)) throw new Error(`requests must be a positive number, not '${positionals[0]}'`);

const log = (line: string) => console.log(`  ${line}`);
const array = (items: readonly string[]) => sql.raw(`(array[${items.map((item) => `'${item}'`).join(',')}])`);

const SERVICES = array([
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
  'Servis',
  'Instalacija',
  'Čuvanje',
  'Uređenje',
  'Farbanje',
  'Postavljanje',
  'Zamjena',
  'Pranje',
  'Izrada',
  'Održavanje',
]);
const OBJECTS = array([
  'trave i dvorišta',
  'voćnjaka',
  'stana',
  'namještaja',
  'veš mašina',
  'klima uređaja',
  'kupatila',
  'krova',
  'fasade',
  'ograde',
  'tepiha',
  'automobila',
  'računara',
  'telefona',
  'bojlera',
  'parketa',
  'pločica',
  'prozora',
  'vrata',
  'kuhinje',
  'bazena',
  'oluka',
  'dimnjaka',
  'brave',
  'rasvjete',
  'grijanja',
  'kamina',
  'terase',
  'garaže',
  'podruma',
]);
const TOWNS = array([
  'Podgorica',
  'Nikšić',
  'Budva',
  'Bar',
  'Herceg Novi',
  'Kotor',
  'Tivat',
  'Ulcinj',
  'Cetinje',
  'Pljevlja',
  'Bijelo Polje',
  'Berane',
  'Rožaje',
  'Danilovgrad',
  'Kolašin',
  'Žabljak',
]);
const OPENERS = array([
  'Nudim uslugu',
  'Radim',
  'Povoljno i brzo radim',
  'Dugogodišnje iskustvo u poslu:',
  'Profesionalno obavljam',
  'Tražite nekoga za',
  'Brzo i kvalitetno:',
  'Vikendom radim',
  'Sa svojim alatom radim',
  'Po dogovoru radim',
]);
const CLOSERS = array([
  'Cijena po dogovoru.',
  'Pozovite za besplatnu procjenu.',
  'Dolazim na adresu u roku od 24 sata.',
  'Garancija na sve radove.',
  'Plaćanje po završetku posla.',
  'Radim i praznicima.',
  'Materijal mogu obezbijediti ja.',
  'Preporuke prethodnih klijenata na uvid.',
  'Popust za penzionere i studente.',
  'Odgovaram na poruke do 21h.',
  'Račun i ugovor po želji.',
  'Više slika na zahtjev.',
]);

/** 64 random-looking bits of a number, signed as bigint holds them. */
const hashOf = (n: string) =>
  `((hashint8(${n})::bigint << 32) # (hashint8(-(${n}) - 1)::bigint & 4294967295))`;
/** 1–3 bits of a number: the flips of a reused photo's hash. */
const flipsOf = (n: string) =>
  `((1::bigint << ((${n}) % 64)) | case when (${n}) % 3 > 0 then 1::bigint << (((${n}) / 64) % 64) else 0 end | case when (${n}) % 3 = 2 then 1::bigint << (((${n}) / 4096) % 64) else 0 end)`;

/** The g-th photo's hash: random, or (every 20th) the hash of photo g − 15 838 with 1–3 bits flipped. */
const photoHash = (g: string) =>
  sql.raw(`case when (${g}) % 20 = 0 and (${g}) > 15838
    then ${hashOf(`(${g}) - 15838`)} # ${flipsOf(g)}
    else ${hashOf(g)} end`);

const h = (n: number) => sql.raw(`abs(hashint4(g * ${n}))`);

const steps: DataStep[] = [
  {
    label: 'users sharing a contact',
    count: countOf(sql`users where username like 'hint.twin.%'`),
    expected: 2000,
    // Every 50th bench user has a twin: odd ones share the phone, even ones the e-mail local part.
    fill: sql`insert into users (name, last_name, email, username, phone, user_type_id, password_hash)
        select 'Blizanac ' || g, 'Kontaktović', case when g % 2 = 0 then 'bench' || (g * 50) || '@drugi.me' else 'twin' || g || '@primjer.me' end,
               'hint.twin.' || g, case when g % 2 = 1 then '+382 67 ' || lpad((g * 50)::text, 6, '0') end, 1, '!no-password'
        from generate_series(1, ${USERS / 50}) as g
        on conflict do nothing`,
  },
  {
    label: 'ads',
    count: countOf(sql`ads`),
    expected: ADS,
    fill: sql`insert into ads (title, description, is_offer, posted_by_user_id, currency_id, price_from, ad_status_id,
                         all_countries, all_working_days, created_at, updated_at)
        select ${SERVICES}[1 + ${h(7)} % 20] || ' ' || ${OBJECTS}[1 + ${h(13)} % 30] || ' – ' || ${TOWNS}[1 + ${h(17)} % 16],
               ${OPENERS}[1 + ${h(19)} % 10] || ' ' || lower(${SERVICES}[1 + ${h(7)} % 20]) || ' ' || ${OBJECTS}[1 + ${h(13)} % 30]
                 || ' u mjestu ' || ${TOWNS}[1 + ${h(17)} % 16] || ' i okolini. ' || ${CLOSERS}[1 + ${h(23)} % 12] || ' '
                 || ${CLOSERS}[1 + ${h(29)} % 12] || case when g % 2 = 0 then ' ' || ${CLOSERS}[1 + ${h(31)} % 12] else '' end
                 || ' Šifra oglasa ' || g || '.',
               g % 3 <> 0, u.id, 1 + g % 2, 10 + (g * 37) % 2000, 1 + (g * 17) % 4, true, true,
               now() - (g % 120000) * interval '1 hour', now() - (g % 120000) * interval '1 hour'
        from generate_series(1, ${ADS}) as g
        join users u on u.username = 'bench.' || (1 + (g * 31) % ${USERS})`,
  },
  {
    label: 'photos',
    count: countOf(sql`ad_photos`),
    expected: ADS + ADS / 2,
    fill: sql`insert into ad_photos (ad_id, photo_url, position, phash)
        select a.id, '/api/image/jobs_images/' || md5(p.g::text) || '.jpg', p.position, ${photoHash('p.g')}
        from ads a
        cross join lateral (select a.id * 2 + position as g, position from generate_series(0, case when a.id % 2 = 0 then 1 else 0 end) as position) p`,
  },
];

type Index = { name: string; definition: string };

/** The indexes of a table but its primary key, dropped: answers them to build again. */
async function dropIndexes(client: pg.Client, table: string): Promise<Index[]> {
  const { rows } = await client.query<Index>(
    `select indexname as name, indexdef as definition from pg_indexes
     where tablename = $1 and indexname not like '%_pkey'`,
    [table],
  );
  for (const index of rows) await client.query(`drop index ${index.name}`);
  return rows;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function main() {
  const admin = new pg.Client({ connectionString: options['postgres-url'] });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE]);
  if (exists.rowCount === 0) await admin.query(`create database ${BENCH_DATABASE}`);
  const url = new URL(options['postgres-url']);
  url.pathname = `/${BENCH_DATABASE}`;
  const handle = await openDatabase({ driver: 'postgres', url: url.toString() });
  try {
    await seed(handle.db, { isDemoSeeded: false, adminPassword: ADMIN_PASSWORD });
    await generateUsers(handle.db, log);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const [{ n = 0 } = {}] = (await client.query<{ n: number }>('select count(*)::int as n from ad_photos'))
        .rows;
      const dropped =
        n < ADS ? [...(await dropIndexes(client, 'ads')), ...(await dropIndexes(client, 'ad_photos'))] : [];
      if (await runDataSteps(handle.db, steps, log)) {
        const started = performance.now();
        await client.query("set maintenance_work_mem = '512MB'");
        for (const index of dropped) await client.query(index.definition);
        log(`${dropped.length} indexes built again: ${((performance.now() - started) / 1000).toFixed(1)} s`);
        await client.query('vacuum analyze ads');
        await client.query('vacuum analyze ad_photos');
        await client.query('analyze users');
      }
    } finally {
      await client.end();
    }
    const [bounds] = (
      (await handle.db.execute(
        sql`select min(id)::int as low, max(id)::int as high from ads`,
      )) as unknown as {
        rows: { low: number; high: number }[];
      }
    ).rows;
    const low = bounds?.low ?? 1;
    const high = bounds?.high ?? 1;
    const server = await startBenchServer(handle);
    try {
      const times: number[] = [];
      const found = { similar_ads: 0, same_poster_ads: 0, same_photo_ads: 0, shared_contact_users: 0 };
      // Every 20th photo reuses a hash: pick the even ads (two photos) half the time, so some hit.
      for (let i = 0; i < WARM_UP + requests; i++) {
        const id = low + Math.floor(Math.random() * (high - low + 1));
        const started = performance.now();
        const answer = await fetch(`${server.base}/api/jobs/hints/${id}`, {
          headers: { cookie: server.cookie },
        });
        const hints = (await answer.json()) as AdHints;
        const elapsed = performance.now() - started;
        if (!answer.ok) throw new Error(`hints of ${id}: ${answer.status} ${JSON.stringify(hints)}`);
        if (i < WARM_UP) continue;
        times.push(elapsed);
        for (const key of Object.keys(found) as (keyof typeof found)[]) found[key] += hints[key].length;
      }
      times.sort((a, b) => a - b);
      console.log(
        `GET /api/jobs/hints/{id}, ${requests} random ads of ${high - low + 1}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms`,
      );
      console.log(
        `hints per ad on average: ${Object.entries(found)
          .map(([key, count]) => `${key} ${(count / requests).toFixed(2)}`)
          .join(', ')}`,
      );
    } finally {
      await server.app.close();
    }
  } finally {
    await handle.close();
    if (!options.keep) await admin.query(`drop database ${BENCH_DATABASE}`);
    await admin.end();
  }
}

await main();
