import {
  AD_HINT_PHOTO_DISTANCE,
  AD_HINT_POSTER_DAYS,
  AD_HINT_TEXT_SIMILARITY,
  AD_HINTS_MAX,
  type AdHint,
  type AdHints,
  type ContactMatch,
} from '@usluge/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { compiledStatement } from '../../db/compiled-statement.ts';
import { foldedText, phoneKey, textFingerprint } from '../../db/schema/columns.ts';
import {
  adPhotos,
  adSentences,
  ads,
  descriptionSentenceKeys,
  userFullName,
  users,
} from '../../db/schema/index.ts';
import { withinStatementTimeout } from '../../db/statement-timeout.ts';
import { notFound } from '../../http/errors.ts';

/*
 * The hints are one statement (two when fewer than ten ads share the title): the ad is read as
 * `subject` and each hint is a subquery comparing with its columns, so a request is one round
 * trip to the database instead of five, and the text is compiled once (bench/README: the five
 * statements' writes and query building were most of the server's time a request).
 */

const emailLocal = (email: SQL | typeof users.email) => sql`lower(split_part(${email}, '@', 1))`;

/**
 * The ad whose hints are read, as the CTE `subject`: its title and trimmed description ('' when
 * none) with their fingerprints, its poster, and the poster's phone as phones are compared
 * (phoneKey; null: none, or too short to be one) and e-mail local part.
 */
export const subjectTable = (adId: SQLWrapper) => sql`subject as (
  select ${ads.id} as id, ${ads.title} as title, btrim(coalesce(${ads.description}, '')) as description,
         ${textFingerprint(ads.title)} as title_fingerprint,
         ${textFingerprint(sql`coalesce(${ads.description}, '')`)} as description_fingerprint,
         ${ads.posted_by_user_id} as poster_id, ${phoneKey(users.phone)} as phone_key,
         ${emailLocal(users.email)} as email_local
    from ${ads} join ${users} on ${users.id} = ${ads.posted_by_user_id}
   where ${ads.id} = ${adId})`;

const limit = (count: number) => sql.raw(String(count));

/** Descriptions shorter than this (in characters) are too common to call a copy a hint. */
const FINGERPRINT_MIN_LENGTH = 30;

/** Of a description's sentences, the longest this many are looked up: long sentences tell the most. */
const SENTENCES_LOOKED_UP = 8;

/**
 * The newest ads sharing one sentence that are taken. A template sentence ('Cijena po dogovoru i
 * dolazak na adresu.') may be in a hundred thousand ads: it costs as little as a rare one, and a
 * spammer's many near-copies are still found, the newest first.
 */
const ADS_PER_SENTENCE = AD_HINTS_MAX;

/** The ads sharing the most sentences with the description, at most this many, are scored. */
const NEAR_COPY_CANDIDATES = AD_HINTS_MAX;

/** The newest ads with the subject's title (ads_title_fingerprint_idx), however common it is. */
const titleTwins = sql`select ${ads.id} from ${ads}
  where ${textFingerprint(ads.title)} = subject.title_fingerprint and ${ads.id} <> subject.id
  order by ${ads.id} desc limit ${limit(AD_HINTS_MAX)}`;

/** Copies of the subject's description, its letters alone (ads_description_fingerprint_idx). */
const copies = sql`select ${ads.id} from ${ads}
  where length(subject.description) >= ${limit(FINGERPRINT_MIN_LENGTH)}
    and ${textFingerprint(ads.description)} = subject.description_fingerprint and ${ads.id} <> subject.id
  limit ${limit(AD_HINTS_MAX)}`;

/**
 * Other ads sharing a sentence of the subject's description (ad_sentences: one word changed
 * elsewhere, a sentence added, another title), those sharing the most first: for each of its
 * longest sentences the newest ADS_PER_SENTENCE ads with it, read on ad_sentences_key_idx (a
 * bounded backward walk however common the sentence is). An ad sharing a single sentence is one
 * only when that sentence is rare (fewer ads have it than were taken): sharing one stock sentence
 * tells nothing, and scoring such ads was most of this step's cost (bench/README).
 */
export const nearCopyCandidates = sql`select shared.ad_id from (
    select sharers.ad_id,
           -- How many ads were taken for this sentence: fewer than ADS_PER_SENTENCE are all that have it.
           count(*) over (partition by mine.key) as sharing
      from unnest((${descriptionSentenceKeys(sql`subject.description`)})[1:${limit(SENTENCES_LOOKED_UP)}]) as mine(key)
      cross join lateral (
        select ${adSentences.ad_id} as ad_id from ${adSentences}
         where ${adSentences.sentence_key} = mine.key and ${adSentences.ad_id} <> subject.id
         order by ${adSentences.ad_id} desc limit ${limit(ADS_PER_SENTENCE)}) as sharers
  ) as shared
  group by shared.ad_id
  having count(*) >= 2 or min(shared.sharing) < ${limit(ADS_PER_SENTENCE)}
  order by count(*) desc, shared.ad_id desc limit ${limit(NEAR_COPY_CANDIDATES)}`;

const other = alias(ads, 'other');

/**
 * Other ads with their score as a similar ad of the subject, as a JSON array: the higher trigram
 * similarity of the title and of the description (the description's, the costlier, only where the
 * titles are not the same already), and whether the title is the subject's as
 * ads_title_fingerprint_idx compares them. Computed on the rows `where` and `limit` leave alone.
 */
const scoredAds = (where: SQL, count: number) => sql`select coalesce(json_agg(json_build_object(
    'id', scored.id, 'title', scored.title, 'score', scored.score, 'is_title_twin', scored.is_title_twin)), '[]')
  from (
    select ${other.id} as id, ${other.title} as title,
           case when title_match.score >= 1 then title_match.score
                else greatest(title_match.score, coalesce(similarity(${other.description}, subject.description), 0)::float8)
           end as score,
           ${textFingerprint(other.title)} = subject.title_fingerprint as is_title_twin
      from ${ads} as ${other} cross join lateral (select similarity(${other.title}, subject.title)::float8 as score) as title_match
     where ${where} limit ${limit(count)}) as scored`;

/**
 * Candidates for the ads (any poster) whose title or description is like the subject's, scored;
 * each found on an index that stays fast among a million ads:
 * - the newest ads with the same title (titleTwins), a bounded backward walk of a btree however
 *   common the title is;
 * - copies of the description (copies: its letters alone, so a copy with another phone number
 *   still matches, even one of short sentences alone);
 * - near-copies, the ads sharing a sentence with it (nearCopyCandidates).
 * Titles alike by trigrams are looked for apart (alikeTitles), only when fewer than ten ads share
 * the title. A trigram search over descriptions themselves has no such bound: templated texts
 * share most of their trigrams, so the GIN index passed hundreds of thousands of candidates and a
 * GiST walk took seconds (bench/ad-hints.ts).
 */
export const scoredAmong = (candidates: SQL) =>
  scoredAds(sql`${other.id} in (${candidates})`, AD_HINTS_MAX * 3);

const similarCandidates = scoredAmong(sql`(${titleTwins}) union (${copies}) union (${nearCopyCandidates})`);

/** The poster's other ads of the last 30 days (ads_user_idx), newest first; score: days ago. */
const samePosterAds = sql`select coalesce(json_agg(json_build_object('id', mine.id, 'title', mine.title, 'score', mine.score)
    order by mine.created_at desc, mine.id desc), '[]')
  from (
    select ${ads.id} as id, ${ads.title} as title, ${ads.created_at} as created_at,
           floor(extract(epoch from now() - ${ads.created_at}) / 86400)::int as score
      from ${ads}
     where ${ads.posted_by_user_id} = subject.poster_id and ${ads.id} <> subject.id
       and ${ads.created_at} >= now() - make_interval(days => ${limit(AD_HINT_POSTER_DAYS)})
     order by ${ads.created_at} desc, ${ads.id} desc limit ${limit(AD_HINTS_MAX)}) as mine`;

/** The 16-bit band of a hash that the index ad_photos_phash_band<n>_idx holds (same expression). */
const band = (hash: SQL, shift: number) => sql`((${hash} >> ${sql.raw(String(shift))}) & 65535)`;
const BAND_SHIFTS = [0, 16, 32, 48];

/**
 * Other ads with a photo within 3 bits of one of the subject's: two such hashes agree in at least
 * one of their four 16-bit bands (pigeonhole), so each band's index finds the candidates, and the
 * distance is computed from the index alone (it holds the hash and the ad: an index-only scan a
 * band, one lookup each, instead of one bitmap of the four read back from the table). Score: 64 −
 * bits apart (64: the same picture). For each of the ad's hashed photos, its nearest others
 * (lateral), each ad once.
 */
const samePhotoAds = (() => {
  const distance = sql`bit_count((${adPhotos.phash} # mine.phash)::bit(64))::int`;
  // A photo near in several bands is found by each: `union` keeps it once.
  const bandMatches = sql.join(
    BAND_SHIFTS.map(
      (shift) => sql`(select ${adPhotos.ad_id} as ad_id, ${distance} as distance from ${adPhotos}
         where ${band(sql`${adPhotos.phash}`, shift)} = ${band(sql`mine.phash`, shift)}
           and ${adPhotos.ad_id} <> subject.id and ${distance} <= ${limit(AD_HINT_PHOTO_DISTANCE)})`,
    ),
    sql` union `,
  );
  return sql`select coalesce(json_agg(json_build_object('id', found.id, 'title', found.title, 'score', found.score)
      order by found.score desc, found.id), '[]')
    from (
      select ${ads.id} as id, ${ads.title} as title, (64 - min(near.distance))::int as score
        from ${adPhotos} as mine
        cross join lateral (
          select matched.ad_id, matched.distance from (${bandMatches}) as matched
           order by matched.distance, matched.ad_id limit ${limit(AD_HINTS_MAX * 4)}) as near
        join ${ads} on ${ads.id} = near.ad_id
       where mine.ad_id = subject.id and mine.phash is not null
       group by ${ads.id}, ${ads.title}
       order by min(near.distance), ${ads.id} limit ${limit(AD_HINTS_MAX)}) as found`;
})();

/**
 * Other accounts with the poster's phone, compared by its last 8 digits (phoneKey,
 * users_phone_key_idx), or e-mail local part, the part before @ in lower case
 * (users_email_local_idx); which of the two each shares.
 */
const sharedContactUsers = sql`select coalesce(json_agg(json_build_object(
    'id', sharing.id, 'name', sharing.name, 'is_phone', sharing.is_phone, 'is_email', sharing.is_email)), '[]')
  from (
    select ${users.id} as id, trim(${userFullName}) as name,
           coalesce(${phoneKey(users.phone)} = subject.phone_key, false) as is_phone,
           coalesce(${emailLocal(users.email)} = nullif(subject.email_local, ''), false) as is_email
      from ${users}
     where ${users.id} <> subject.poster_id
       and (${phoneKey(users.phone)} = subject.phone_key or ${emailLocal(users.email)} = nullif(subject.email_local, ''))
     order by ${users.id} limit ${limit(AD_HINTS_MAX * 2)}) as sharing`;

type ScoredAd = { id: number; title: string; score: number; is_title_twin: boolean };
type ContactRow = { id: number; name: string; is_phone: boolean; is_email: boolean };
type HintsRow = {
  similar: ScoredAd[];
  same_poster_ads: AdHint[];
  same_photo_ads: AdHint[];
  shared_contact_users: ContactRow[];
};

const readHints = compiledStatement<HintsRow, { adId: number }>(
  () => sql`with ${subjectTable(sql.placeholder('adId'))}
    select (${similarCandidates}) as similar, (${samePosterAds}) as same_poster_ads,
           (${samePhotoAds}) as same_photo_ads, (${sharedContactUsers}) as shared_contact_users
      from subject`,
);

/**
 * The search for titles alike is given up after this long (PostgreSQL): a title of common words
 * and no twins makes the trigram index pass tens of thousands of candidates (0.2 s, bench/README),
 * and a hint is not worth holding the moderator's page that long. The other candidates still count.
 */
const ALIKE_TITLES_TIMEOUT_MS = 100;

/** Of the titles alike, this many (in the table's order) are scored; the best of them are shown. */
const ALIKE_TITLES_SCORED = AD_HINTS_MAX * 5;

/**
 * Titles alike by trigrams, for a title fewer than ten ads share: `%` at AD_HINT_TEXT_SIMILARITY
 * on the folded title's GIN index (ads_title_trgm), bounded in time (ALIKE_TITLES_TIMEOUT_MS).
 * Cheap for a title of rare words (short posting lists), given up for one of common words. A GiST
 * walk for the nearest titles (`<->`) was tried and dropped: at a million ads it read 11 000–17 000
 * pages (0.4–0.5 s) for any title without twins.
 */
const readAlikeTitles = compiledStatement<{ similar: ScoredAd[] }, { adId: number }>(
  () => sql`with ${subjectTable(sql.placeholder('adId'))}
    select (${scoredAds(
      sql`${other.title_folded} % ${foldedText(sql`subject.title`)} and ${other.id} <> subject.id`,
      ALIKE_TITLES_SCORED,
    )}) as similar from subject`,
);

const alikeTitles = async (db: Database, adId: number) =>
  (await withinStatementTimeout(
    db,
    ALIKE_TITLES_TIMEOUT_MS,
    async (tx) => (await readAlikeTitles(tx, { adId }))[0]?.similar ?? [],
    // What `%` compares with.
    { 'pg_trgm.similarity_threshold': String(AD_HINT_TEXT_SIMILARITY) },
  )) ?? [];

/** The similar ads, at least AD_HINT_TEXT_SIMILARITY alike, the strongest first, each once. */
function similarAds(...scored: ScoredAd[][]): AdHint[] {
  const best = new Map<number, AdHint>();
  for (const row of scored.flat()) {
    if (row.score >= AD_HINT_TEXT_SIMILARITY && !best.has(row.id)) {
      best.set(row.id, { id: row.id, title: row.title, score: row.score });
    }
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.id - b.id).slice(0, AD_HINTS_MAX);
}

/** The accounts sharing a contact, those sharing both first. */
function sharedContacts(rows: ContactRow[]) {
  return rows
    .map((row) => {
      const matched: ContactMatch[] = [];
      if (row.is_phone) matched.push('phone');
      if (row.is_email) matched.push('email');
      return { id: row.id, name: row.name, matched, score: matched.length };
    })
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, AD_HINTS_MAX);
}

/**
 * What may make an ad a duplicate or spam (issue 19 item 5), each part found on an index so it
 * stays fast among a million ads. Read only: a hint never acts on its own.
 */
export async function readAdHints(db: Database, adId: number): Promise<AdHints> {
  const [row] = await readHints(db, { adId });
  if (!row) throw notFound();
  const twinCount = row.similar.filter((ad) => ad.is_title_twin).length;
  const alike = twinCount >= AD_HINTS_MAX ? [] : await alikeTitles(db, adId);
  return {
    similar_ads: similarAds(row.similar, alike),
    same_poster_ads: row.same_poster_ads,
    same_photo_ads: row.same_photo_ads,
    shared_contact_users: sharedContacts(row.shared_contact_users),
  };
}
