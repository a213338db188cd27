import { AREA_ACCESS, canAccess, GLOBAL_SEARCH_LIMIT, type GlobalSearchHit } from '@usluge/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { compiledStatement } from '../../db/compiled-statement.ts';
import { foldedText, searchedForm } from '../../db/schema/columns.ts';
import { adStatuses, ads, userFullName, users } from '../../db/schema/index.ts';

/**
 * How many of each kind's newest matches are ranked. A common fragment matches tens of thousands
 * of rows; ranking them all would read them all, so the newest few (found on the folded trigram
 * indexes, or by walking the primary key when the planner expects many) are ranked instead.
 */
const CANDIDATES = 50;

const PG_INT_MAX = 2_147_483_647;

/** What one search binds: the text as each comparison needs it, and the id typed, if any. */
type SearchValues = {
  /** Anywhere in the text (`%q%`). */
  contains: string;
  /** At the start of the text (`q%`): ranks first, and two letters match there… */
  prefix: string;
  /** …or at the start of a later word (`% q%`). */
  wordStart: string;
  /** The text itself, for the trigram similarity that ranks. */
  text: string;
  id: number | null;
};

/**
 * Which statement a search runs: the kinds the caller may open, whether the text is two letters
 * (no trigram is inside two letters, so they are matched at the start of a word, which the
 * trigram indexes do find: 'ko' finds 'Košenje' and 'Marko Kosović', not 'Marko'), and whether it
 * is an id.
 */
type Shape = { hasUsers: boolean; hasAds: boolean; isShort: boolean; hasId: boolean };

const folded = (name: keyof SearchValues) => foldedText(sql`${sql.placeholder(name)}`);

function matches(columns: (SQL | AnyPgColumn)[], isShort: boolean): SQL {
  const comparisons = columns.flatMap((column) =>
    isShort
      ? [
          sql`${searchedForm(column)} like ${folded('prefix')}`,
          sql`${searchedForm(column)} like ${folded('wordStart')}`,
        ]
      : [sql`${searchedForm(column)} like ${folded('contains')}`],
  );
  return sql.join(comparisons, sql` or `);
}

/** Prefix matches first, then the closest (trigram similarity of the folded texts), then the newest. */
function rankOf(texts: SQL[], id: SQL): SQL {
  const isPrefix = sql.join(
    texts.map((text) => sql`coalesce(${text}, '') like ${folded('prefix')}`),
    sql` or `,
  );
  const similarity = sql.join(
    texts.map((text) => sql`similarity(coalesce(${text}, ''), ${folded('text')})`),
    sql`, `,
  );
  return sql`(${isPrefix}) desc, greatest(${similarity}) desc, ${id} desc`;
}

/** Users by name and last name (together: the full name), username, e-mail or phone. */
function usersPart(isShort: boolean): SQL {
  return sql`select 'user' as type, id, title, email as detail, username as extra, false as is_id,
                    row_number() over (order by ${rankOf([sql`f_name`, sql`f_username`, sql`f_email`], sql`id`)}) as ordinal
               from (select ${users.id} as id, trim(${userFullName}) as title, ${users.email} as email,
                            ${users.username} as username, ${searchedForm(userFullName)} as f_name,
                            ${searchedForm(users.username)} as f_username, ${searchedForm(users.email)} as f_email
                       from ${users}
                      where ${matches([userFullName, users.username, users.email, users.phone], isShort)}
                      order by ${users.id} desc limit ${sql.raw(String(CANDIDATES))}) as candidate
              order by ordinal limit ${sql.raw(String(GLOBAL_SEARCH_LIMIT))}`;
}

/** Ads by title, and the one ad whose id was typed (first; it may also be among the titles). */
function adsPart(isShort: boolean, hasId: boolean): SQL {
  const fields = (isId: boolean) =>
    sql`${ads.id} as id, ${ads.title} as title, ${ads.poster_name} as poster_name,
        ${ads.ad_status_id} as ad_status_id, ${sql.raw(String(isId))} as is_id, ${searchedForm(ads.title)} as f_title`;
  // The typed id apart from the titles (a union, not an OR), found on the primary key; the
  // titles keep their plan.
  const byId = hasId
    ? sql` union all (select ${fields(true)} from ${ads} where ${ads.id} = ${sql.placeholder('id')})`
    : sql``;
  return sql`select 'ad' as type, candidate.id, candidate.title, candidate.poster_name as detail,
                    ${adStatuses.name} as extra, candidate.is_id,
                    row_number() over (order by candidate.is_id desc, ${rankOf([sql`candidate.f_title`], sql`candidate.id`)}) as ordinal
               from ((select ${fields(false)} from ${ads}
                       where ${matches([ads.title], isShort)}
                       order by ${ads.id} desc limit ${sql.raw(String(CANDIDATES))})${byId}) as candidate
               join ${adStatuses} on ${adStatuses.id} = candidate.ad_status_id
              order by ordinal limit ${sql.raw(String(GLOBAL_SEARCH_LIMIT + 1))}`;
}

type HitRow = {
  type: 'user' | 'ad';
  id: number;
  title: string;
  /** A user's e-mail, an ad's poster. */
  detail: string;
  /** A user's username, an ad's status. */
  extra: string | null;
  is_id: boolean;
  /** The place in its kind's ranking (bigint: a string from node-postgres). */
  ordinal: string | number;
};

/**
 * One statement for both kinds (one round trip to the database, not one per kind), its text
 * compiled once per shape.
 */
function statementOf({ hasUsers, hasAds, isShort, hasId }: Shape) {
  const parts = [...(hasUsers ? [usersPart(isShort)] : []), ...(hasAds ? [adsPart(isShort, hasId)] : [])].map(
    (part) => sql`(${part})`,
  );
  return compiledStatement<HitRow, SearchValues>(() => sql.join(parts, sql` union all `));
}

const statements = new Map<string, ReturnType<typeof statementOf>>();

function statementFor(shape: Shape) {
  const key = JSON.stringify(shape);
  let statement = statements.get(key);
  if (!statement) {
    statement = statementOf(shape);
    statements.set(key, statement);
  }
  return statement;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function valuesOf(q: string, id: number | undefined): SearchValues {
  const text = q.normalize('NFC');
  const escaped = escapeLike(text);
  return {
    contains: `%${escaped}%`,
    prefix: `${escaped}%`,
    wordStart: `% ${escaped}%`,
    text,
    id: id ?? null,
  };
}

const userHit = (row: HitRow): GlobalSearchHit => ({
  type: 'user',
  id: row.id,
  title: row.title,
  subtitle: row.extra && row.extra !== row.detail ? `${row.detail} · ${row.extra}` : row.detail,
});

const adHit = (row: HitRow): GlobalSearchHit => ({
  type: 'ad',
  id: row.id,
  title: row.title,
  subtitle: [row.detail.trim(), row.extra].filter(Boolean).join(' · '),
});

/**
 * The shell's search: users (administrators) and ads (staff), diacritics and case ignored, at most
 * GLOBAL_SEARCH_LIMIT in all. When both kinds have many, each gets half; an ad whose id was typed
 * comes first.
 */
export async function globalSearch(
  db: Database,
  q: string,
  roleIds: readonly number[],
): Promise<GlobalSearchHit[]> {
  const hasUsers = canAccess(AREA_ACCESS.userPage, roleIds);
  const hasAds = canAccess(AREA_ACCESS.adPage, roleIds);
  if (!hasUsers && !hasAds) return [];
  const id = /^\d+$/.test(q) && Number(q) <= PG_INT_MAX ? Number(q) : undefined;
  const shape = { hasUsers, hasAds, isShort: q.length < 3, hasId: hasAds && id !== undefined };
  const rows = await statementFor(shape)(db, valuesOf(q, id));
  const inOrder = (type: HitRow['type']) =>
    rows.filter((row) => row.type === type).sort((a, b) => Number(a.ordinal) - Number(b.ordinal));
  const userHits = inOrder('user').map(userHit);
  // The typed id's ad may also be among the titles: once, first.
  const seen = new Set<number>();
  const adHits = inOrder('ad')
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .slice(0, GLOBAL_SEARCH_LIMIT)
    .map(adHit);
  const half = Math.ceil(GLOBAL_SEARCH_LIMIT / 2);
  const userCount = Math.min(userHits.length, Math.max(half, GLOBAL_SEARCH_LIMIT - adHits.length));
  const adCount = Math.min(adHits.length, GLOBAL_SEARCH_LIMIT - userCount);
  const [first, ...restOfAds] = adHits.slice(0, adCount);
  const isIdHit = first !== undefined && String(first.id) === q;
  return isIdHit
    ? [first, ...userHits.slice(0, userCount), ...restOfAds]
    : [...userHits.slice(0, userCount), ...adHits.slice(0, adCount)];
}
