import { AREA_ACCESS, canAccess, GLOBAL_SEARCH_LIMIT, type GlobalSearchHit } from '@usluge/contract';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { foldedText, searchedForm } from '../../db/schema/columns.ts';
import { adStatuses, ads, userFullName, users } from '../../db/schema/index.ts';
import { selectRows } from '../../db/select-rows.ts';
import { foldedContains } from '../../list-engine/list-query.ts';

/**
 * How many of each kind's newest matches are ranked. A common fragment matches tens of thousands
 * of rows; ranking them all would read them all, so the newest few (found on the folded trigram
 * indexes, or by walking the primary key when the planner expects many) are ranked instead.
 */
const CANDIDATES = 50;

const PG_INT_MAX = 2_147_483_647;

/**
 * Two letters make no trigram: no index finds them, and a fragment found nowhere would read every
 * row. They are looked for among the newest SHORT_SCOPE rows only (bench: 'xq' took 10 s at a
 * million ads).
 */
const SHORT_SCOPE = 5000;

/**
 * The rows a search reads: the whole table, or for a two-letter fragment its newest SHORT_SCOPE
 * rows, as a subquery named like the table (its columns read the same). A LIMIT the planner sees,
 * not a bound it cannot know (`id > (select … offset 5000)`), for which it planned a parallel walk
 * of a third of the table: 130 ms of starting workers for 5 000 rows (bench/README).
 */
function searchedRows(table: PgTable, id: AnyPgColumn, q: string): SQL {
  if (q.length >= 3) return sql`${table}`;
  // The limits as literals, so that any plan of the statement knows them (a parameter's stands for
  // a tenth of the table). The statement is planned for its pattern each time (prepared-statements.ts).
  return sql`(select * from ${table} order by ${id} desc limit ${sql.raw(String(SHORT_SCOPE))}) as ${sql.identifier(getTableName(table))}`;
}

/** Prefix matches first, then the closest (trigram similarity of the folded texts), then the newest. */
function rankOf(texts: SQL[], q: string): SQL {
  const folded = foldedText(sql`${q.normalize('NFC')}`);
  const prefix = foldedText(sql`${`${q.normalize('NFC').replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const isPrefix = sql.join(
    texts.map((text) => sql`coalesce(${text}, '') like ${prefix}`),
    sql` or `,
  );
  const similarity = sql.join(
    texts.map((text) => sql`similarity(coalesce(${text}, ''), ${folded})`),
    sql`, `,
  );
  return sql`(${isPrefix}) desc, greatest(${similarity}) desc, id desc`;
}

type UserRow = { id: number; title: string; email: string; username: string | null };

/** Users by name and last name (together: the full name), username, e-mail or phone. */
async function findUsers(db: Database, q: string): Promise<GlobalSearchHit[]> {
  const rows = await selectRows<UserRow>(
    db,
    sql`select id, title, email, username from (
          select ${users.id} as id, trim(${userFullName}) as title, ${users.email} as email, ${users.username} as username,
                 ${searchedForm(userFullName)} as f_name, ${searchedForm(users.username)} as f_username,
                 ${searchedForm(users.email)} as f_email
            from ${searchedRows(users, users.id, q)}
           where ${foldedContains(userFullName, q)} or ${foldedContains(users.username, q)}
              or ${foldedContains(users.email, q)} or ${foldedContains(users.phone, q)}
           order by ${users.id} desc limit ${sql.raw(String(CANDIDATES))}
        ) as candidate
        order by ${rankOf([sql`f_name`, sql`f_username`, sql`f_email`], q)}
        limit ${GLOBAL_SEARCH_LIMIT}`,
  );
  return rows.map((row) => ({
    type: 'user',
    id: row.id,
    title: row.title,
    subtitle: row.username && row.username !== row.email ? `${row.email} · ${row.username}` : row.email,
  }));
}

type AdRow = { id: number; title: string; poster_name: string; status_name: string };

/** Ads by title, and the one ad whose id was typed (listed first). */
async function findAds(db: Database, q: string): Promise<GlobalSearchHit[]> {
  const id = /^\d+$/.test(q) && Number(q) <= PG_INT_MAX ? Number(q) : undefined;
  const fields = (isId: boolean) =>
    sql`${ads.id} as id, ${ads.title} as title, ${ads.poster_name} as poster_name,
        ${ads.ad_status_id} as ad_status_id, ${isId ? sql`true` : sql`false`} as is_id, ${searchedForm(ads.title)} as f_title`;
  // The typed id apart from the titles (a union, not an OR): found on the primary key even beyond
  // a two-letter search's newest rows, and the titles keep their plan.
  const byId =
    id === undefined ? sql`` : sql` union all (select ${fields(true)} from ${ads} where ${ads.id} = ${id})`;
  const rows = await selectRows<AdRow>(
    db,
    sql`select candidate.id, candidate.title, candidate.poster_name, ${adStatuses.name} as status_name from (
          (select ${fields(false)}
             from ${searchedRows(ads, ads.id, q)}
            where ${foldedContains(ads.title, q)}
            order by ${ads.id} desc limit ${sql.raw(String(CANDIDATES))})${byId}
        ) as candidate
        join ${adStatuses} on ${adStatuses.id} = candidate.ad_status_id
        order by candidate.is_id desc, ${rankOf([sql`candidate.f_title`], q)}
        limit ${GLOBAL_SEARCH_LIMIT + 1}`,
  );
  // The typed id's ad may also be among the titles: once, first.
  const seen = new Set<number>();
  const unique = rows
    .filter((row) => {
      if (seen.has(row.id)) return false;
      seen.add(row.id);
      return true;
    })
    .slice(0, GLOBAL_SEARCH_LIMIT);
  return unique.map((row) => ({
    type: 'ad',
    id: row.id,
    title: row.title,
    subtitle: [row.poster_name.trim(), row.status_name].filter(Boolean).join(' · '),
  }));
}

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
  const [userHits, adHits] = await Promise.all([
    canAccess(AREA_ACCESS.userPage, roleIds) ? findUsers(db, q) : Promise.resolve([]),
    canAccess(AREA_ACCESS.adPage, roleIds) ? findAds(db, q) : Promise.resolve([]),
  ]);
  const half = Math.ceil(GLOBAL_SEARCH_LIMIT / 2);
  const userCount = Math.min(userHits.length, Math.max(half, GLOBAL_SEARCH_LIMIT - adHits.length));
  const adCount = Math.min(adHits.length, GLOBAL_SEARCH_LIMIT - userCount);
  const [first, ...restOfAds] = adHits.slice(0, adCount);
  const isIdHit = first !== undefined && String(first.id) === q;
  return isIdHit
    ? [first, ...userHits.slice(0, userCount), ...restOfAds]
    : [...userHits.slice(0, userCount), ...adHits.slice(0, adCount)];
}
