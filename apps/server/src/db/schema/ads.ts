import { AD_STATUS } from '@usluge/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  foldedCopy,
  foldedText,
  isActive,
  keepsFoldedCopy,
  money,
  sortCollated,
  textFingerprint,
  timestamps,
} from './columns.ts';
import { cities, countries, currencies, days } from './reference.ts';
import { services } from './services.ts';
import { users } from './users.ts';

export const adStatuses = pgTable('ad_statuses', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  background_color: text('background_color').notNull(),
  is_reason_required: boolean('is_reason_required').notNull().default(false),
  is_active: isActive(),
  ...timestamps,
});

/** Which status an ad may move to from another (the spec's "status order"). */
export const adStatusOrder = pgTable(
  'ad_status_order',
  {
    status_id: integer('status_id')
      .notNull()
      .references(() => adStatuses.id),
    next_status_id: integer('next_status_id')
      .notNull()
      .references(() => adStatuses.id),
  },
  (t) => [primaryKey({ columns: [t.status_id, t.next_status_id] })],
);

/**
 * An ad the member's search shows: approved and active. The status is a literal, not a parameter,
 * so that the planner matches it to the partial indexes declared with this very condition.
 */
export const isSearchableAd = (t: { ad_status_id: AnyPgColumn; is_active: AnyPgColumn }): SQL =>
  sql`${t.ad_status_id} = ${sql.raw(String(AD_STATUS.approved))} AND ${t.is_active}`;

/** Offers and demands of services; the API calls them jobs. */
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    is_offer: boolean('is_offer').notNull(),
    posted_by_user_id: integer('posted_by_user_id')
      .notNull()
      .references(() => users.id),
    currency_id: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    price_from: money('price_from').notNull(),
    price_to: money('price_to'),
    ad_status_id: integer('ad_status_id')
      .notNull()
      .default(1)
      .references(() => adStatuses.id),
    status_comment: text('status_comment'),
    all_countries: boolean('all_countries').notNull().default(false),
    all_working_days: boolean('all_working_days').notNull().default(false),
    /**
     * The poster's full name as the lists spell it (name || ' ' || last_name), copied so that the
     * ads list sorts by it on an index of its own; kept right by triggers (migration 0007). Never
     * written by the application, never answered.
     */
    poster_name: text('poster_name').notNull().default(''),
    /**
     * When the poster last changed the content of an ad that had been reviewed (approved or
     * rejected): it went back to awaiting approval, and the moderation desk shows it as edited.
     */
    edited_at: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    /**
     * Title and description as a search compares them (foldedText: no diacritics, lower case),
     * kept by the database; the member's search matches words in it on its trigram index. Never
     * written by the application, never answered.
     */
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL => foldedText(sql`"title" || ' ' || coalesce("description", '')`),
    ),
    /** The title folded (columns.ts foldedCopy): what the lists' title filter and the global search read. */
    title_folded: foldedCopy('title_folded', '"title"'),
    is_active: isActive(),
    ...timestamps,
  },
  (t) => [
    check('ads_price_from_positive', sql`${t.price_from} > 0`),
    check('ads_price_to_above_from', sql`${t.price_to} IS NULL OR ${t.price_to} > ${t.price_from}`),
    index('ads_updated_at_idx').on(t.updated_at, t.id),
    index('ads_status_updated_idx').on(t.ad_status_id, t.updated_at, t.id),
    index('ads_user_idx').on(t.posted_by_user_id, t.updated_at, t.id),
    index('ads_currency_idx').on(t.currency_id),
    // Every sortable column of the ads list, as the list engine orders by it (id breaks ties).
    index('ads_created_at_idx').on(t.created_at, t.id),
    index('ads_title_icu_idx').on(sortCollated(t.title), t.id),
    index('ads_is_offer_idx').on(t.is_offer, t.id),
    index('ads_poster_name_icu_idx').on(sortCollated(t.poster_name), t.id),
    index('ads_price_from_idx').on(t.price_from, t.id),
    index('ads_price_to_idx').on(t.price_to, t.id),
    index('ads_status_idx').on(t.ad_status_id, t.id),
    index('ads_is_active_idx').on(t.is_active, t.id),
    // The lists' title filter (folded), and the hints' titles alike.
    index('ads_title_trgm').using('gin', t.title_folded.op('gin_trgm_ops')),
    // The duplicate hints (ad-hints.ts): the newest ads with the same title (its fingerprint), and
    // copies of a description by its fingerprint; titles alike by trigrams on ads_title_trgm.
    index('ads_title_fingerprint_idx').on(textFingerprint(t.title), t.id),
    index('ads_description_fingerprint_idx').on(textFingerprint(t.description)),
    // The member's search (approved, active ads only): its words on the folded text, its pages
    // newest first or by price on the searchable ads alone.
    index('ads_search_text_trgm').using('gin', t.search_text.op('gin_trgm_ops')),
    index('ads_search_created_idx')
      .on(t.created_at, t.id)
      .where(sql`${t.ad_status_id} = 2 AND ${t.is_active}`),
    index('ads_search_price_idx').on(t.price_from, t.id).where(sql`${t.ad_status_id} = 2 AND ${t.is_active}`),
  ],
);

keepsFoldedCopy(ads.title, ads.title_folded);

/**
 * Each ad's description as the keys of its sentences (description_sentence_keys, migration 0026:
 * split at . ! ? ; and line ends, folded to their letters as textFingerprint folds a whole text,
 * those of at least 20 characters, 64 bits of their md5), kept by a trigger on ads whatever writes
 * the description. The near-copy hints (ad-hints.ts) read the newest few ads sharing each sentence
 * of an ad on (sentence_key, ad_id), so a template sentence shared by thousands costs no more than
 * a rare one. Never written by the application.
 */
export const adSentences = pgTable(
  'ad_sentences',
  {
    ad_id: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    sentence_key: bigint('sentence_key', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ad_id, t.sentence_key] }),
    index('ad_sentences_key_idx').on(t.sentence_key, t.ad_id),
  ],
);

/** The keys of a text's sentences, the longest sentence first (the function of migration 0026). */
export const descriptionSentenceKeys = (expression: SQL | AnyPgColumn) =>
  sql`description_sentence_keys(${expression})`;

export const adServices = pgTable(
  'ad_services',
  {
    ad_id: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    service_id: integer('service_id')
      .notNull()
      .references(() => services.id),
  },
  (t) => [
    primaryKey({ columns: [t.ad_id, t.service_id] }),
    index('ad_services_service_idx').on(t.service_id),
  ],
);

export const adPhotos = pgTable(
  'ad_photos',
  {
    id: serial('id').primaryKey(),
    ad_id: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    photo_url: text('photo_url').notNull(),
    position: integer('position').notNull().default(0),
    /**
     * The photo's perceptual hash (64 bits as a signed bigint), computed at upload: the same
     * picture re-encoded or resized hashes within a few bits. Null until hashed (photos from
     * before migration 0017 are hashed by `npm run photos:hash`).
     */
    phash: bigint('phash', { mode: 'bigint' }),
    ...timestamps,
  },
  (t) => [
    index('ad_photos_ad_idx').on(t.ad_id, t.position),
    // A reused photo is found through its hash's four 16-bit bands: two hashes at most 3 bits apart
    // share at least one band whole, so an index on each band finds every candidate. The hash and
    // the ad are in the index too: the candidates' distances are computed from it alone (an
    // index-only scan), not from about 90 photo rows read from the table a photo (bench/README).
    ...[0, 16, 32, 48].map((shift) =>
      index(`ad_photos_phash_band${shift / 16}_idx`).on(
        sql`((${t.phash} >> ${sql.raw(String(shift))}) & 65535)`,
        t.phash,
        t.ad_id,
      ),
    ),
  ],
);

/** A country an ad is offered in; its cities are in ad_place_cities (none listed: the whole country). */
export const adPlaces = pgTable(
  'ad_places',
  {
    id: serial('id').primaryKey(),
    ad_id: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    os_country_id: integer('os_country_id')
      .notNull()
      .references(() => countries.id),
  },
  (t) => [unique('ad_places_ad_country_unique').on(t.ad_id, t.os_country_id)],
);

export const adPlaceCities = pgTable(
  'ad_place_cities',
  {
    ad_place_id: integer('ad_place_id')
      .notNull()
      .references(() => adPlaces.id, { onDelete: 'cascade' }),
    os_city_id: integer('os_city_id')
      .notNull()
      .references(() => cities.id),
  },
  (t) => [
    primaryKey({ columns: [t.ad_place_id, t.os_city_id] }),
    index('ad_place_cities_city_idx').on(t.os_city_id),
  ],
);

export const adDays = pgTable(
  'ad_days',
  {
    id: serial('id').primaryKey(),
    ad_id: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    day_id: integer('day_id')
      .notNull()
      .references(() => days.id),
    is_active: isActive(),
  },
  (t) => [unique('ad_days_ad_day_unique').on(t.ad_id, t.day_id)],
);

/** A shift of a working day; shifts last at least 5 minutes and do not overlap (checked in the service). */
export const adDayTimes = pgTable(
  'ad_day_times',
  {
    id: serial('id').primaryKey(),
    ad_day_id: integer('ad_day_id')
      .notNull()
      .references(() => adDays.id, { onDelete: 'cascade' }),
    start_at: time('start_at').notNull(),
    stop_at: time('stop_at').notNull(),
  },
  (t) => [
    check('ad_day_times_min_gap', sql`${t.stop_at} - ${t.start_at} >= interval '5 minutes'`),
    index('ad_day_times_day_idx').on(t.ad_day_id, t.start_at),
  ],
);

export const adStatusHistory = pgTable(
  'ad_status_history',
  {
    id: serial('id').primaryKey(),
    ad_id: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    from_status_id: integer('from_status_id').references(() => adStatuses.id),
    to_status_id: integer('to_status_id')
      .notNull()
      .references(() => adStatuses.id),
    reason: text('reason'),
    /** The rejection reason templates the moderator picked (rejection_reasons ids). */
    reason_ids: integer('reason_ids').array(),
    /** Exactly what the poster was sent (the statement of reasons, in their language); null: nothing sent. */
    statement: text('statement'),
    changed_by_user_id: integer('changed_by_user_id').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('ad_status_history_ad_idx').on(t.ad_id, t.created_at),
    // The dashboard's decisions of the last days.
    index('ad_status_history_created_idx').on(t.created_at, t.to_status_id),
  ],
);

/** A member's contact of an ad, paid in credits. */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    ad_id: integer('ad_id')
      .notNull()
      .references(() => ads.id),
    service_id: integer('service_id').references(() => services.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    credit: money('credit').notNull(),
    contact_time: timestamp('contact_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * When the poster's answer is due (contact time + LEAD_ANSWER_HOURS as it was then): unanswered
     * by then, the contact is refunded by itself.
     */
    answer_due_at: timestamp('answer_due_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now() + interval '72 hours'`),
    /** null: no answer yet; true accepted; false declined. */
    is_accepted: boolean('is_accepted'),
    response_time: timestamp('response_time', { withTimezone: true, mode: 'date' }),
    /** When the credits came back to the member (a ledger entry linked to the lead), and why. */
    refunded_at: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    refund_reason: text('refund_reason'),
    ...timestamps,
  },
  (t) => [
    check('leads_credit_not_negative', sql`${t.credit} >= 0`),
    check(
      'leads_refund_reason',
      sql`(${t.refunded_at} IS NULL) = (${t.refund_reason} IS NULL) AND (${t.refund_reason} IS NULL OR ${t.refund_reason} IN ('declined', 'no_answer', 'request', 'ad_removed'))`,
    ),
    // One open contact per member, ad and service: a refunded one no longer counts.
    uniqueIndex('leads_open_unique')
      .on(t.ad_id, t.user_id, t.service_id)
      .where(sql`${t.refunded_at} IS NULL`),
    // What the refund worker looks for: contacts still waiting for an answer, oldest first.
    index('leads_unanswered_idx')
      .on(t.answer_due_at, t.id)
      .where(sql`${t.is_accepted} IS NULL AND ${t.refunded_at} IS NULL`),
    index('leads_user_contact_idx').on(t.user_id, t.contact_time, t.id),
    index('leads_ad_idx').on(t.ad_id, t.contact_time, t.id),
    index('leads_user_idx').on(t.user_id),
    index('leads_contact_time_idx').on(t.contact_time, t.id),
    index('leads_updated_at_idx').on(t.updated_at, t.id),
    index('leads_response_time_idx').on(t.response_time, t.id),
    index('leads_credit_idx').on(t.credit, t.id),
    index('leads_is_accepted_idx').on(t.is_accepted, t.id),
  ],
);
