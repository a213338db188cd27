import { listRequestSchema } from '@usluge/contract';
import { fillPlaceholders, getTableName, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../src/db/client.ts';
import { type CompiledQuery, internalsOf } from '../src/db/compiled-statement.ts';
import { selectRows } from '../src/db/select-rows.ts';
import type { ListDefinition } from '../src/list-engine/list-definition.ts';
import { buildWhere } from '../src/list-engine/list-query.ts';
import { LISTS } from '../src/modules/resources.ts';
import { globalSearch } from '../src/modules/search/global-search.ts';
import { planOf, rolledBack } from './helpers/query-plans.ts';
import { createTestDatabase } from './helpers/test-database.ts';

/**
 * Every 'contains' filter of every list, and the shell's global search, find their text on a
 * trigram index of the folded text (issue 18 item 6: diacritics ignored, no table scans): the
 * filter as the engine writes it (foldedContains), planned with sequential and plain index scans
 * forbidden, reads no large table whole and uses a GIN trigram index. Only reference tables that
 * stay small by nature (a few hundred rows at most) are read whole. A new list or 'contains'
 * column is checked as soon as it is declared.
 */

type List = ListDefinition<{ id: number }>;

/** Tables whose rows are counted in tens or hundreds: a scan of them costs less than an index. */
const SMALL_TABLES = new Set([
  'roles',
  'user_types',
  'currencies',
  'days',
  'os_countries',
  'rejection_reasons',
  'credit_prices',
  'ad_statuses',
]);

/** A list of a larger table filtered on a small joined table's column (read whole, then joined). */
const ON_SMALL_TABLES = new Set(['os_cities.countries.name']);

/** Lists of small tables, and filters on a small table's column, need no trigram index. */
const isOnSmallTable = (list: List, name: string) =>
  SMALL_TABLES.has(getTableName(list.id.table)) || ON_SMALL_TABLES.has(name);

/**
 * Lists whose own condition finds their rows on an index first (the review queue: the waiting ads
 * by status), so a text filter reads only those: no trigram index needed, no table read whole.
 */
const ON_CONDITION_INDEX = new Set(['jobs_queue']);

const VIEWER = { userId: 7 };
const routeOf = (list: List) => (list.routes?.includes('index') === false ? 'index_active' : 'index');

const CONTAINS = LISTS.flatMap((list) =>
  Object.entries(list.columns)
    .filter(([, column]) => column.operators?.includes('contains'))
    .map(([key]) => ({ list, key, name: `${list.resource}.${key}` })),
);

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/** Only a condition on an index can read a table now: no scan of it, whole or in index order. */
async function forbidWholeReads(tx: Database) {
  await tx.execute(sql`set local enable_seqscan = off`);
  await tx.execute(sql`set local enable_indexscan = off`);
  await tx.execute(sql`set local enable_indexonlyscan = off`);
}

async function trigramIndexes(tx: Database): Promise<Set<string>> {
  const rows = await selectRows<{ name: string }>(
    tx,
    sql`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
          join pg_opclass o on o.oid = any(i.indclass) where o.opcname = 'gin_trgm_ops'`,
  );
  return new Set(rows.map((row) => row.name));
}

/**
 * A plan's problems: a large table read whole, or (unless `isScoped`: a member's list, whose own
 * rows are found on the scope's index first) no trigram index used.
 */
function problemsOf(name: string, plan: string[], trigram: Set<string>, isScoped = false): string[] {
  const wholeReads = plan.filter((node) => {
    const table = /^Seq Scan on (\S+)/.exec(node)?.[1];
    return table !== undefined && !SMALL_TABLES.has(table);
  });
  const isOnTrigram = plan.some((node) => {
    const index = / using (\S+)$/.exec(node)?.[1];
    return node.startsWith('Bitmap Index Scan') && index !== undefined && trigram.has(index);
  });
  return wholeReads.length > 0 || !(isOnTrigram || isScoped) ? [`${name}: ${plan.join(' → ')}`] : [];
}

/**
 * The statements the global search runs for `q` as an administrator, with their values: its text is
 * compiled once and run through the session (db/compiled-statement.ts), so the session is watched.
 */
async function globalSearchStatements(q: string): Promise<SQL[]> {
  const statements: SQL[] = [];
  const { session } = internalsOf(handle.db);
  const watched = {
    prepareQuery(query: CompiledQuery, ...rest: [undefined, undefined, boolean]) {
      const prepared = session.prepareQuery(query, ...rest);
      return {
        execute(values?: Record<string, unknown>) {
          const filled = fillPlaceholders(query.params, values ?? {});
          // The text with its values bound again, numbered as they come.
          const parts = query.sql.split(/\$(\d+)/);
          statements.push(
            sql.join(
              parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${filled[Number(part) - 1]}`)),
            ),
          );
          return prepared.execute(values);
        },
      };
    },
  };
  const capturing = new Proxy(handle.db, {
    get: (target, property, receiver) =>
      property === 'session' ? watched : Reflect.get(target, property, receiver),
  });
  await globalSearch(capturing, q, [1]);
  return statements;
}

describe("'contains' filters and the global search stay on folded trigram indexes", () => {
  it('knows every contains column: on a small table, or to be checked', () => {
    const names = CONTAINS.map((column) => column.name);
    expect(names).toContain('users.full_name');
    expect([...ON_SMALL_TABLES].filter((name) => !names.includes(name))).toEqual([]);
    // The large tables' lists are checked below, not waved through as small.
    const checked = CONTAINS.filter(({ list, name }) => !isOnSmallTable(list, name)).map(({ name }) => name);
    expect(checked).toEqual(
      expect.arrayContaining(['users.email', 'jobs.title', 'transactions.description']),
    );
  });

  it('plans every contains filter of every list on a trigram index of the folded text', async () => {
    const problems = await rolledBack(handle.db, async (tx) => {
      const trigram = await trigramIndexes(tx);
      await forbidWholeReads(tx);
      const found: string[] = [];
      for (const { list, key, name } of CONTAINS) {
        // The search's words: search-indexes.test.ts plans them on ads_search_text_trgm.
        if (isOnSmallTable(list, name) || name === 'ads_search.q') continue;
        // Inactive rows too: the active flag's index is no answer to a text filter.
        const request = listRequestSchema.parse({
          filters: { [key]: { operator: 'contains', value: 'košenje' }, show_inactive_items: true },
        });
        const where = buildWhere(list, request, routeOf(list), VIEWER);
        const plan = await planOf(tx, sql`select ${list.id} from ${list.from} where ${where}`);
        const isScoped = list.scopeOf !== undefined || ON_CONDITION_INDEX.has(list.resource);
        found.push(...problemsOf(name, plan, trigram, isScoped));
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('plans the global search of users and of ads on trigram indexes of the folded text', async () => {
    // The statements are the route's own, for a word, two letters (a word's start) and an id:
    // captured as it runs them, then planned.
    const statements = [
      ...(await globalSearchStatements('Košenje')),
      ...(await globalSearchStatements('ko')),
      ...(await globalSearchStatements('12')),
    ];
    expect(statements).toHaveLength(3);
    const problems = await rolledBack(handle.db, async (tx) => {
      const trigram = await trigramIndexes(tx);
      await forbidWholeReads(tx);
      const found: string[] = [];
      for (const [index, statement] of statements.entries())
        found.push(...problemsOf(`search ${index}`, await planOf(tx, statement), trigram));
      return found;
    });
    expect(problems).toEqual([]);
  });
});
