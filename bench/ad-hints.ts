/**
 * Duplicate and spam hints at scale (issue 19 item 5): `GET /api/jobs/hints/{id}` over 1 000 000
 * ads with about 1.5 photos each, on PostgreSQL, in a database of its own (usluge_bench_hints),
 * created for the run and dropped after it (unless --keep).
 *
 *   node bench/ad-hints.ts [seconds per case = 10]
 *     --connections 10  concurrent requests, as the lists bench runs its load (list-api.ts)
 *     --postgres-url postgres://postgres@127.0.0.1:5432/postgres
 *     --keep          keep the database (a second run skips the data it finds)
 *     --cases random,reusing,rare,near-copy   the cases to time (all by default)
 *
 * The data is written in SQL (generate_series), every value a function of the row number:
 * - 100 000 users (users-data.ts), and 2 000 more sharing a phone or an e-mail local part with one;
 * - ads: titles of a service, an object and a town ('Košenje trave i dvorišta – Nikšić'), so that
 *   many titles are alike, as on a real marketplace; descriptions of 3–5 sentences from a few
 *   dozen templates with their words varied (their sentences kept in ad_sentences by the trigger);
 *   every 5 000th ad (200) then gets a title of three rare words, unlike any other;
 * - one photo per ad and a second for every other ad, with random 64-bit hashes; every 20th
 *   photo reuses another ad's hash with 1–3 bits flipped.
 * The indexes of ads, ad_photos and ad_sentences are dropped while their rows are written and
 * built again after (as a restore does), then the tables are analysed. Then, each for `seconds`
 * after a warm-up, at `connections` concurrent requests from a process of its own (list-load.ts):
 * - the hints of random ads through HTTP;
 * - the hints of ads known to reuse a photo through HTTP (a reused photo found among a million);
 * - the hints of the ads with a title of their own (the nearest-titles walk's worst case);
 * - the near-copy description step alone (ad-hints.ts nearCopyCandidates, the ads sharing a
 *   sentence, scored in the same statement as the server scores them) through the server's pool,
 *   for random ads.
 * Each: p50, p99, the largest, and how many requests found each kind of hint.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { AD_HINT_TEXT_SIMILARITY } from '@usluge/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { compiledStatement } from '../apps/server/src/db/compiled-statement.ts';
import { seed } from '../apps/server/src/db/seed/seed.ts';
import { selectRows } from '../apps/server/src/db/select-rows.ts';
import { nearCopyCandidates, scoredAmong, subjectTable } from '../apps/server/src/modules/ads/ad-hints.ts';
import { ADMIN_PASSWORD, startBenchServer } from './bench-server.ts';
import { type CpuPerCall, withCpu } from './cpu-time.ts';
import { countOf, type DataStep, runDataSteps } from './data-steps.ts';
import { type LoadFigures, runLoad, runLoadInChild, WARM_UP_SECONDS } from './list-load.ts';
import { generateUsers, USERS } from './users-data.ts';

const ADS = 1_000_000;
const BENCH_DATABASE = 'usluge_bench_hints';
/** Random ads a case's requests go through in turn (more than a case makes). */
const SAMPLE = 5000;
const HINT_KEYS = ['similar_ads', 'same_poster_ads', 'same_photo_ads', 'shared_contact_users'];

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    connections: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    cases: { type: 'string', default: 'random,reusing,rare,near-copy' },
  },
});
const seconds = Number(positionals[0] ?? 10);
if (!(seconds > 0)) throw new Error(`seconds must be a positive number, not '${positionals[0]}'`);
const connections = Number(options.connections);
if (!Number.isInteger(connections) || connections < 1) {
  throw new Error(`--connections must be a whole number above 0, not '${options.connections}'`);
}

const CASES = ['random', 'reusing', 'rare', 'near-copy'] as const;
const cases = new Set(options.cases.split(','));
for (const name of cases) {
  if (!(CASES as readonly string[]).includes(name)) {
    throw new Error(`--cases: '${name}' is not one of ${CASES.join(', ')}`);
  }
}
const isTimed = (name: (typeof CASES)[number]) => cases.has(name);

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

/** Words no generated title has: three of them make a title unlike any other among the million. */
const RARE_WORDS = array([
  'starinskih',
  'satova',
  'klatnom',
  'harmonika',
  'violina',
  'akvarijuma',
  'pčelinjaka',
  'jedrilica',
  'mozaika',
  'vitraža',
  'kaligrafije',
  'keramike',
  'sedla',
  'čamaca',
  'bunara',
  'saune',
  'orgulja',
  'gobelina',
  'lustera',
  'ribnjaka',
  'golubarnika',
  'ramova',
  'šešira',
  'lula',
  'globusa',
  'teleskopa',
  'gramofona',
  'kočija',
  'mlinova',
  'zvona',
  'fenjera',
]);
/** Every RARE_EVERY-th ad (id % RARE_EVERY = 1) gets such a title: 200 of them. */
const RARE_EVERY = 5000;

/** 64 random-looking bits of a number, signed as bigint holds them. */
const hashOf = (n: string) =>
  `((hashint8(${n})::bigint << 32) # (hashint8(-(${n}) - 1)::bigint & 4294967295))`;
/** 1–3 bits of a number: the flips of a reused photo's hash. */
const flipsOf = (n: string) =>
  `((1::bigint << ((${n}) % 64)) | case when (${n}) % 3 > 0 then 1::bigint << (((${n}) / 64) % 64) else 0 end | case when (${n}) % 3 = 2 then 1::bigint << (((${n}) / 4096) % 64) else 0 end)`;

/** The number of an ad's photo (its id twice, plus its position): what its hash is made of. */
const photoNumber = (adId: string, position: string) => `(${adId}) * 2 + (${position})`;
/** Every 20th photo reuses the hash of photo g − 15 838 (another ad's, 7 919 ads before). */
const REUSED_OFFSET = 15838;
const reusesHash = (g: string) => `((${g}) % 20 = 0 and (${g}) > ${REUSED_OFFSET})`;

/** The g-th photo's hash: random, or (reusesHash) another photo's with 1–3 bits flipped. */
const photoHash = (g: string) =>
  sql.raw(`case when ${reusesHash(g)}
    then ${hashOf(`(${g}) - ${REUSED_OFFSET}`)} # ${flipsOf(g)}
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
    label: 'ads with a title of their own',
    count: countOf(sql`ads where id % ${sql.raw(String(RARE_EVERY))} = 1 and title not like '% – %'`),
    expected: ADS / RARE_EVERY,
    fill: sql`update ads set title = initcap(${RARE_WORDS}[1 + abs(hashint4(id * 3)) % 31]) || ' '
          || ${RARE_WORDS}[1 + abs(hashint4(id * 5)) % 31] || ' i ' || ${RARE_WORDS}[1 + abs(hashint4(id * 11)) % 31]
        where id % ${sql.raw(String(RARE_EVERY))} = 1`,
  },
  {
    label: 'photos',
    count: countOf(sql`ad_photos`),
    expected: ADS + ADS / 2,
    fill: sql`insert into ad_photos (ad_id, photo_url, position, phash)
        select a.id, '/api/image/jobs_images/' || md5(p.g::text) || '.jpg', p.position, ${photoHash('p.g')}
        from ads a
        cross join lateral (select ${sql.raw(photoNumber('a.id', 'position'))} as g, position from generate_series(0, case when a.id % 2 = 0 then 1 else 0 end) as position) p`,
  },
];

type Index = { name: string; definition: string };

/**
 * The indexes of a table but those of its constraints (primary key, unique), dropped. Their
 * definitions are kept in the database first (bench_dropped_indexes), so that a run stopped
 * before building them again leaves them for the next run to build (rebuildDroppedIndexes).
 */
async function dropIndexes(client: pg.Client, table: string): Promise<void> {
  const { rows } = await client.query<Index>(
    `select indexname as name, indexdef as definition from pg_indexes
     where tablename = $1
       and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`,
    [table],
  );
  for (const index of rows) {
    await client.query(
      'insert into bench_dropped_indexes (name, definition) values ($1, $2) on conflict do nothing',
      [index.name, index.definition],
    );
    await client.query(`drop index ${index.name}`);
  }
}

/** Builds the indexes dropped by this run or by one stopped before building them: how many. */
async function rebuildDroppedIndexes(client: pg.Client): Promise<number> {
  const { rows } = await client.query<Index>('select name, definition from bench_dropped_indexes');
  await client.query("set maintenance_work_mem = '512MB'");
  for (const index of rows) {
    await client.query(index.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '));
    await client.query('delete from bench_dropped_indexes where name = $1', [index.name]);
  }
  return rows.length;
}

type Sampled = { id: number; title: string; description: string | null };

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(whole, 1)).toFixed(0)} %`;

/** The sample in a random order, so that the loops do not read the ads in the table's order. */
function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * The near-copy description step of the similar-ads hint alone, as the server runs it, through
 * the server's own pool (no HTTP: there is nothing of the server's but its statements to charge).
 * Found: 'candidates' when an ad shares a sentence with another, 'hints' when one is alike enough.
 */
async function nearCopyStep(db: Database, sample: Sampled[]): Promise<LoadFigures> {
  const subjects = shuffled(sample);
  let next = 0;
  return runLoad(
    async () => {
      const subject = subjects[next++ % subjects.length];
      if (!subject) throw new Error('no ads to read');
      const [row] = await nearCopiesScored(db, { adId: subject.id });
      const scored = row?.similar ?? [];
      const isHint = scored.some((ad) => ad.score >= AD_HINT_TEXT_SIMILARITY);
      return [...(scored.length > 0 ? ['candidates'] : []), ...(isHint ? ['hints'] : [])];
    },
    seconds,
    connections,
  );
}

/** The near-copy candidates of one ad scored, as the hints' statement scores them. */
const nearCopiesScored = compiledStatement<{ similar: { score: number }[] }, { adId: number }>(
  () => sql`with ${subjectTable(sql.placeholder('adId'))}
    select (${scoredAmong(nearCopyCandidates)}) as similar from subject`,
);

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
      await client.query(
        'create table if not exists bench_dropped_indexes (name text primary key, definition text not null)',
      );
      if (n < ADS) {
        for (const table of ['ads', 'ad_photos', 'ad_sentences']) await dropIndexes(client, table);
      }
      const hasWritten = await runDataSteps(handle.db, steps, log);
      const started = performance.now();
      const rebuilt = await rebuildDroppedIndexes(client);
      if (rebuilt > 0)
        log(`${rebuilt} indexes built again: ${((performance.now() - started) / 1000).toFixed(1)} s`);
      if (hasWritten || rebuilt > 0) {
        await client.query('vacuum analyze ads');
        await client.query('vacuum analyze ad_photos');
        await client.query('vacuum analyze ad_sentences');
        await client.query('analyze users');
      }
    } finally {
      await client.end();
    }
    const randomAds = await selectRows<Sampled>(
      handle.db,
      sql`select id, title, description from ads order by random() limit ${SAMPLE}`,
    );
    const reusingAds = await selectRows<{ id: number }>(
      handle.db,
      sql`select ad_id as id from ad_photos
          where ${sql.raw(reusesHash(photoNumber('ad_id', 'position')))} order by random() limit ${SAMPLE}`,
    );
    const rareTitleAds = await selectRows<{ id: number }>(
      handle.db,
      sql`select id from ads where id % ${sql.raw(String(RARE_EVERY))} = 1`,
    );
    // Before the load: the load average the machine had of its own.
    const loadBefore = os.loadavg();
    const startedAt = new Date();
    const server = await startBenchServer(handle);
    const rows: { label: string; figures: LoadFigures; cpu: CpuPerCall; found: string }[] = [];
    try {
      const hintsOf = (sample: { id: number }[]) =>
        withCpu(() =>
          runLoadInChild({
            target: {
              kind: 'http-get',
              urls: shuffled(sample).map(({ id }) => `${server.base}/api/jobs/hints/${id}`),
              headers: { cookie: server.cookie },
              counted: HINT_KEYS,
            },
            seconds,
            connections,
          }),
        );
      const foundOf = (figures: LoadFigures) =>
        HINT_KEYS.map((key) => `${key} ${percent(figures.found[key] ?? 0, figures.requests)}`).join(', ');
      const hintCases = [
        { name: 'random', label: 'all hints, random ads', sample: randomAds },
        { name: 'reusing', label: 'all hints, ads reusing a photo', sample: reusingAds },
        { name: 'rare', label: 'all hints, ads with a title of their own', sample: rareTitleAds },
      ] as const;
      for (const { name, label, sample } of hintCases) {
        if (!isTimed(name)) continue;
        const [figures, cpu] = await hintsOf(sample);
        rows.push({ label, figures, cpu, found: foundOf(figures) });
      }
      if (isTimed('near-copy')) {
        const [step, stepCpu] = await withCpu(() => nearCopyStep(handle.db, randomAds));
        rows.push({
          label: 'near-copy step alone (candidates scored), random ads',
          figures: step,
          // The step's load runs in this process: its CPU is in the server's.
          cpu: { ...stepCpu, load: Number.NaN },
          found: `a candidate ${percent(step.found.candidates ?? 0, step.requests)}, a hint ${percent(step.found.hints ?? 0, step.requests)}`,
        });
      }
    } finally {
      await server.app.close();
    }
    const loads = (figures: number[]) => figures.map((n) => n.toFixed(1)).join(' ');
    console.log(
      `\nHints bench ${startedAt.toISOString()}: Node ${process.version}, ${os.availableParallelism()} cores, load average ${loads(loadBefore)} before, ${loads(os.loadavg())} after; ${connections} connections, ${seconds} s per case after ${WARM_UP_SECONDS} s of warm-up\n`,
    );
    console.log(
      '| case | requests | per s | p50 ms | p99 ms | max ms | CPU ms per request: server, load, PostgreSQL | requests that found |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---|');
    const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
    for (const { label, figures, cpu, found } of rows) {
      console.log(
        `| ${label} | ${figures.requests} | ${figures.perSecond.toFixed(0)} | ${ms(figures.p50)} | ${ms(figures.p99)} | ${ms(figures.max)} | ${ms(cpu.server)}, ${ms(cpu.load)}, ${ms(cpu.database)} | ${found} |`,
      );
    }
  } finally {
    await handle.close();
    if (!options.keep) await admin.query(`drop database ${BENCH_DATABASE}`);
    await admin.end();
  }
}

await main();
