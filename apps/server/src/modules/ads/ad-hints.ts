import {
  AD_HINT_PHOTO_DISTANCE,
  AD_HINT_POSTER_DAYS,
  AD_HINT_TEXT_SIMILARITY,
  AD_HINTS_MAX,
  type AdHint,
  type AdHints,
  type ContactMatch,
} from '@usluge/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { qualified } from '../../db/qualified-column.ts';
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

type Subject = {
  id: number;
  title: string;
  description: string | null;
  posterId: number;
  /** The poster's phone as phones are compared (phoneKey); null: none, or too short to be one. */
  phoneKey: string | null;
  emailLocal: string;
};

async function subjectOf(db: Database, adId: number): Promise<Subject | null> {
  const [row] = await db
    .select({
      id: ads.id,
      title: ads.title,
      description: ads.description,
      posterId: ads.posted_by_user_id,
      phoneKey: sql<string | null>`${phoneKey(users.phone)}`,
      emailLocal: sql<string>`lower(split_part(${users.email}, '@', 1))`,
    })
    .from(ads)
    .innerJoin(users, eq(users.id, ads.posted_by_user_id))
    .where(eq(ads.id, adId));
  return row ?? null;
}

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

/**
 * Other ads sharing a sentence of the description (ad_sentences: one word changed elsewhere, a
 * sentence added, another title), those sharing the most first: for each of its longest sentences
 * the newest ADS_PER_SENTENCE ads with it, read on ad_sentences_key_idx (a bounded backward walk
 * however common the sentence is). An ad sharing a single sentence is one only when that sentence
 * is rare (fewer ads have it than were taken): sharing one stock sentence tells nothing, and
 * scoring such ads was most of this step's cost (bench/README).
 */
export function nearCopyCandidates(db: Database, subject: Pick<Subject, 'id' | 'description'>) {
  const keys = sql`unnest((${descriptionSentenceKeys(sql`${subject.description ?? ''}::text`)})[1:${sql.raw(String(SENTENCES_LOOKED_UP))}]) as mine(key)`;
  const sharers = db
    .select({ adId: adSentences.ad_id })
    .from(adSentences)
    .where(and(sql`${adSentences.sentence_key} = mine.key`, ne(adSentences.ad_id, subject.id)))
    .orderBy(desc(adSentences.ad_id))
    .limit(ADS_PER_SENTENCE)
    .as('sharers');
  const shared = db
    .select({
      adId: sharers.adId,
      // How many ads were taken for this sentence: fewer than ADS_PER_SENTENCE are all that have it.
      sharing: sql<number>`count(*) over (partition by mine.key)`.as('sharing'),
    })
    .from(keys)
    .crossJoinLateral(sharers)
    .as('shared');
  return db
    .select({ id: shared.adId })
    .from(shared)
    .groupBy(shared.adId)
    .having(sql`count(*) >= 2 or min(${shared.sharing}) < ${sql.raw(String(ADS_PER_SENTENCE))}`)
    .orderBy(sql`count(*) desc`, desc(shared.adId))
    .limit(NEAR_COPY_CANDIDATES);
}

/**
 * The search for titles alike is given up after this long (PostgreSQL): a title of common words
 * and no twins makes the trigram index pass tens of thousands of candidates (0.2 s, bench/README),
 * and a hint is not worth holding the moderator's page that long. The other candidates still count.
 */
const ALIKE_TITLES_TIMEOUT_MS = 100;

/** Of the titles alike, this many (in the table's order) are scored; the best of them are shown. */
const ALIKE_TITLES_SCORED = AD_HINTS_MAX * 5;

/**
 * Other ads (any poster) whose title or description is like this one's, the strongest first; score:
 * the higher of the two trigram similarities, at least AD_HINT_TEXT_SIMILARITY. Candidates come
 * from indexes that stay fast among a million ads, and only they are scored:
 * - the newest ads with the same title (ads_title_fingerprint_idx: folded, digits and punctuation
 *   dropped), a bounded backward walk of a btree however common the title is;
 * - copies of the description (ads_description_fingerprint_idx: its letters alone, so a copy with
 *   another phone number still matches, even one of short sentences alone);
 * - near-copies, the ads sharing a sentence with it (nearCopyCandidates);
 * - only when fewer than ten ads share the title: titles alike by trigrams (`%` at
 *   AD_HINT_TEXT_SIMILARITY on the folded title's GIN index, ads_title_trgm), bounded in time
 *   (ALIKE_TITLES_TIMEOUT_MS). Cheap for a title of rare words (short posting lists), given up for
 *   one of common words. A GiST walk for the nearest titles (`<->`) was tried and dropped: at a
 *   million ads it read 11 000–17 000 pages (0.4–0.5 s) for any title without twins.
 * A trigram search over descriptions themselves has no such bound: templated texts share most of
 * their trigrams, so the GIN index passed hundreds of thousands of candidates and a GiST walk took
 * seconds (bench/ad-hints.ts).
 */
async function similarAds(db: Database, subject: Subject): Promise<AdHint[]> {
  const description = subject.description?.trim() ?? '';
  const titleFingerprint = textFingerprint(sql`${subject.title}::text`);
  const titleTwins = db
    .select({ id: ads.id })
    .from(ads)
    .where(and(sql`${textFingerprint(ads.title)} = ${titleFingerprint}`, ne(ads.id, subject.id)))
    .orderBy(desc(ads.id))
    .limit(AD_HINTS_MAX);
  const copies = db
    .select({ id: ads.id })
    .from(ads)
    .where(
      and(
        sql`${textFingerprint(ads.description)} = ${textFingerprint(sql`${description}::text`)}`,
        ne(ads.id, subject.id),
      ),
    )
    .limit(AD_HINTS_MAX);
  const nearCopies = nearCopyCandidates(db, subject);
  const candidates = !description
    ? titleTwins
    : description.length >= FINGERPRINT_MIN_LENGTH
      ? titleTwins.union(copies).union(nearCopies)
      : titleTwins.union(nearCopies);
  const alike = await scoredAds(db, subject).where(inArray(ads.id, candidates));
  const twinCount = alike.filter((row) => row.isTitleTwin).length;
  const alikeTitles =
    twinCount >= AD_HINTS_MAX
      ? []
      : ((await withinStatementTimeout(
          db,
          ALIKE_TITLES_TIMEOUT_MS,
          (tx) =>
            scoredAds(tx, subject)
              .where(
                and(
                  sql`${ads.title_folded} % ${foldedText(sql`${subject.title}::text`)}`,
                  ne(ads.id, subject.id),
                ),
              )
              .limit(ALIKE_TITLES_SCORED),
          // What `%` compares with.
          { 'pg_trgm.similarity_threshold': String(AD_HINT_TEXT_SIMILARITY) },
        )) ?? []);
  const best = new Map<number, AdHint>();
  for (const row of [...alike, ...alikeTitles]) {
    if (row.score >= AD_HINT_TEXT_SIMILARITY && !best.has(row.id)) {
      best.set(row.id, { id: row.id, title: row.title, score: row.score });
    }
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.id - b.id).slice(0, AD_HINTS_MAX);
}

/**
 * Ads with their score as a similar ad of the subject: the higher trigram similarity of the title
 * and of the description. Computed on the rows the caller's WHERE and LIMIT leave alone.
 */
export function scoredAds(db: Database, subject: Pick<Subject, 'title' | 'description'>) {
  const description = subject.description?.trim() ?? '';
  const titleScore = sql<number>`similarity(${ads.title}, ${subject.title})::float8`;
  const descriptionScore = description
    ? sql<number>`coalesce(similarity(${ads.description}, ${description}), 0)::float8`
    : sql<number>`0::float8`;
  return db
    .select({
      id: ads.id,
      title: ads.title,
      score: sql<number>`greatest(${titleScore}, ${descriptionScore})`,
      // The same title as the subject's as ads_title_fingerprint_idx compares them.
      isTitleTwin: sql<boolean>`${textFingerprint(ads.title)} = ${textFingerprint(sql`${subject.title}::text`)}`,
    })
    .from(ads)
    .$dynamic();
}

/** The poster's other ads of the last 30 days (ads_user_idx), newest first; score: days ago. */
function samePosterAds(db: Database, subject: Subject) {
  const daysAgo = sql<number>`floor(extract(epoch from now() - ${ads.created_at}) / 86400)::int`;
  return db
    .select({ id: ads.id, title: ads.title, score: daysAgo })
    .from(ads)
    .where(
      and(
        eq(ads.posted_by_user_id, subject.posterId),
        ne(ads.id, subject.id),
        gte(ads.created_at, sql`now() - make_interval(days => ${AD_HINT_POSTER_DAYS})`),
      ),
    )
    .orderBy(desc(ads.created_at), desc(ads.id))
    .limit(AD_HINTS_MAX);
}

/** The 16-bit band of a hash that the index ad_photos_phash_band<n>_idx holds (same expression). */
const band = (hash: SQL | AnyPgColumn, shift: number) =>
  sql`((${hash} >> ${sql.raw(String(shift))}) & 65535)`;
const BAND_SHIFTS = [0, 16, 32, 48];

const subjectPhotos = alias(adPhotos, 'mine');

/**
 * Other ads with a photo within 3 bits of one of this ad's: two such hashes agree in at least one
 * of their four 16-bit bands (pigeonhole), so each band's index finds the candidates and the
 * distance is checked on those alone. Score: 64 − bits apart (64: the same picture). One
 * statement: for each of the ad's hashed photos, its nearest others (lateral), each ad once.
 */
function samePhotoAds(db: Database, subject: Subject) {
  // Qualified: a one-table select writes its columns bare, and "phash" is in both tables here.
  const distance = sql<number>`bit_count((${qualified(adPhotos.phash)} # ${qualified(subjectPhotos.phash)})::bit(64))::int`;
  const near = db
    .select({
      adId: sql<number>`${qualified(adPhotos.ad_id)}`.as('near_ad_id'),
      distance: distance.as('distance'),
    })
    .from(adPhotos)
    .where(
      and(
        or(
          ...BAND_SHIFTS.map(
            (shift) => sql`${band(adPhotos.phash, shift)} = ${band(subjectPhotos.phash, shift)}`,
          ),
        ),
        ne(adPhotos.ad_id, subject.id),
        sql`${distance} <= ${AD_HINT_PHOTO_DISTANCE}`,
      ),
    )
    .orderBy(asc(distance), asc(adPhotos.ad_id))
    .limit(AD_HINTS_MAX * 4)
    .as('near');
  const closest = sql<number>`min(${near.distance})`;
  return db
    .select({ id: ads.id, title: ads.title, score: sql<number>`(64 - ${closest})::int` })
    .from(subjectPhotos)
    .crossJoinLateral(near)
    .innerJoin(ads, eq(ads.id, near.adId))
    .where(and(eq(subjectPhotos.ad_id, subject.id), isNotNull(subjectPhotos.phash)))
    .groupBy(ads.id, ads.title)
    .orderBy(asc(closest), asc(ads.id))
    .limit(AD_HINTS_MAX);
}

/**
 * Other accounts with the poster's phone, compared by its last 8 digits (phoneKey,
 * users_phone_key_idx), or e-mail local part, the part before @ in lower case
 * (users_email_local_idx); score: how many of the two they share.
 */
async function sharedContactUsers(db: Database, subject: Subject) {
  const phone = phoneKey(users.phone);
  const emailLocal = sql`lower(split_part(${users.email}, '@', 1))`;
  const matches: SQL[] = [];
  if (subject.phoneKey) matches.push(sql`${phone} = ${subject.phoneKey}`);
  if (subject.emailLocal) matches.push(sql`${emailLocal} = ${subject.emailLocal}`);
  if (matches.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`trim(${userFullName})`,
      isPhone: subject.phoneKey
        ? sql<boolean>`coalesce(${phone} = ${subject.phoneKey}, false)`
        : sql<boolean>`false`,
      isEmail: sql<boolean>`${emailLocal} = ${subject.emailLocal}`,
    })
    .from(users)
    .where(and(ne(users.id, subject.posterId), or(...matches)))
    .orderBy(asc(users.id))
    .limit(AD_HINTS_MAX * 2);
  return rows
    .map((row) => {
      const matched: ContactMatch[] = [];
      if (row.isPhone) matched.push('phone');
      if (row.isEmail) matched.push('email');
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
  const subject = await subjectOf(db, adId);
  if (!subject) throw notFound();
  const [similar_ads, same_poster_ads, same_photo_ads, shared_contact_users] = await Promise.all([
    similarAds(db, subject),
    samePosterAds(db, subject),
    samePhotoAds(db, subject),
    sharedContactUsers(db, subject),
  ]);
  return { similar_ads, same_poster_ads, same_photo_ads, shared_contact_users };
}
