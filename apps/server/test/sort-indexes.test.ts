import { listRequestSchema } from '@usluge/contract';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../src/db/client.ts';
import type { ListDefinition } from '../src/list-engine/list-definition.ts';
import { buildOrderBy, buildWhere } from '../src/list-engine/list-query.ts';
import { LISTS } from '../src/modules/resources.ts';
import { planOf, rolledBack } from './helpers/query-plans.ts';
import { createTestDatabase } from './helpers/test-database.ts';

/**
 * Every sortable column of every list is sorted on an index: the migrated database (every
 * migration applied) has, on the list's own table, a btree index whose leading keys are exactly
 * what the engine's ORDER BY sorts on (the expression, with its collation for text), then the id;
 * and the planner, forbidden to sort, still finds a plan for the page query. The ORDER BY is the
 * engine's own (buildOrderBy), so a new list or column is checked as soon as it is declared.
 */

type List = ListDefinition<{ id: number }>;
type Rows<T> = { rows: T[] };

const dialect = new PgDialect();
const render = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (params.length > 0) throw new Error(`unexpected parameters in ${text}`);
  return text;
};

/** A member's list is read for someone: its scope is part of the WHERE the index must serve. */
const VIEWER = { userId: 7 };

const routeOf = (list: List) => (list.routes?.includes('index') === false ? 'index_active' : 'index');
const nameOf = (list: List) => `${list.indexPath ?? list.resource}/${routeOf(list)}`;

const SORTABLE = LISTS.flatMap((list) =>
  Object.entries(list.columns)
    .filter(([, column]) => column.isSortable)
    .map(([key]) => ({ list, key, name: `${nameOf(list)} sorted by ${key}` })),
);

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/** Plan nodes of the page-id query as the engine runs it (sorting is forbidden by the caller). */
function planNodes(tx: Database, list: List, where: SQL, orderBy: SQL): Promise<string[]> {
  return planOf(
    tx,
    sql`select ${list.id} as id from ${list.from} where ${where} order by ${orderBy} limit 20`,
  );
}

/**
 * The keys of usable btree indexes on a table (no predicate, valid), each as
 * `<key as PostgreSQL writes it> collate <collation> <operator class> <options>`.
 */
async function indexKeys(tx: Database, table: string): Promise<{ name: string; keys: string[] }[]> {
  const result = (await tx.execute(sql`
    select c.relname as name,
           array(select pg_get_indexdef(i.indexrelid, k, true)
                        || ' collate ' || coalesce((select l.collname from pg_collation l where l.oid = i.indcollation[k - 1]), '-')
                        || ' ' || (select o.opcname from pg_opclass o where o.oid = i.indclass[k - 1])
                        || ' ' || i.indoption[k - 1]
                 from generate_series(1, i.indnkeyatts) as k order by k) as keys
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_am a on a.oid = c.relam
     where i.indrelid = ${table}::regclass and a.amname = 'btree' and i.indpred is null and i.indisvalid
     order by c.relname`)) as unknown as Rows<{ name: string; keys: string[] }>;
  return result.rows;
}

const PROBE = 'sort_indexes_probe';

/**
 * Why the list cannot sort by `key` on an index, in either direction (empty: it can). The ORDER BY
 * the engine writes is `<expression> <direction>, <id> <direction>`; an index with that expression
 * and the id (a probe, in the rolled-back transaction) shows the keys PostgreSQL would have to find.
 * A btree index serves both directions, read forwards or backwards.
 */
async function sortProblems(tx: Database, list: List, key: string): Promise<string[]> {
  const problems: string[] = [];
  const table = getTableName(list.id.table);
  const id = render(sql`${list.id}`);
  const expressions = new Set<string>();
  // A plan that has to sort is still found, but only when no index gives the order.
  await tx.execute(sql`set local enable_sort = off`);
  await tx.execute(sql`set local enable_incremental_sort = off`);
  for (const isDescending of [false, true]) {
    const request = listRequestSchema.parse({ options: { sortBy: [key], sortDesc: [isDescending] } });
    const orderBy = buildOrderBy(list, request);
    const direction = isDescending ? 'desc' : 'asc';
    const label = `${nameOf(list)} sorted by ${key} ${direction}`;

    const plan = await planNodes(tx, list, buildWhere(list, request, routeOf(list), VIEWER), orderBy);
    if (plan.some((node) => node === 'Sort' || node === 'Incremental Sort')) {
      problems.push(`${label}: the page query sorts (${plan.join(' → ')})`);
    }
    const text = render(orderBy);
    const tail = `, ${id} ${direction}`;
    if (!text.endsWith(tail) || !text.slice(0, -tail.length).endsWith(` ${direction}`)) {
      problems.push(`${label}: the ORDER BY is not '<expression> ${direction}${tail}': ${text}`);
    } else {
      expressions.add(text.slice(0, -tail.length - direction.length - 1));
    }
  }
  // Back to the planner's usual means: the catalog query below needs them to be quick.
  await tx.execute(sql`reset enable_sort`);
  await tx.execute(sql`reset enable_incremental_sort`);
  if (expressions.size !== 1) return problems;

  const label = `${nameOf(list)} sorted by ${key}`;
  const [expression] = expressions;
  try {
    await tx.execute(sql.raw(`create index ${PROBE} on "${table}" ((${expression}), (${id}))`));
  } catch (error) {
    const reason = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
    problems.push(`${label}: ${expression} cannot be an index key of ${table} (${reason})`);
    return problems;
  }
  const indexes = await indexKeys(tx, table);
  const probe = indexes.find((index) => index.name === PROBE)?.keys ?? [];
  const others = indexes.filter((index) => index.name !== PROBE);
  // Sorting by the id itself: the primary key is the whole index needed.
  const needed = probe[0] === probe[1] ? probe.slice(0, 1) : probe;
  if (!others.some((index) => needed.every((neededKey, k) => index.keys[k] === neededKey))) {
    problems.push(
      `${label}: no index on ${table} starts with (${needed.join(', ')}); there are ${others
        .map((index) => `${index.name} (${index.keys.join(', ')})`)
        .join('; ')}`,
    );
  }
  return problems;
}

describe('every sortable list column is sorted on an index', () => {
  it.each(SORTABLE)('$name', async ({ list, key }) => {
    expect(await rolledBack(handle.db, (tx) => sortProblems(tx, list, key))).toEqual([]);
  });

  it('fails for a column whose index is gone', async () => {
    const users = LISTS.find((list) => nameOf(list) === 'users/index');
    if (!users) throw new Error('no users list');
    const problems = await rolledBack(handle.db, async (tx) => {
      await tx.execute(sql`drop index users_full_name_icu_idx`);
      return sortProblems(tx, users, 'full_name');
    });
    expect(problems).toEqual([
      expect.stringMatching(/^users\/index sorted by full_name asc: the page query sorts/),
      expect.stringMatching(/^users\/index sorted by full_name desc: the page query sorts/),
      expect.stringMatching(/^users\/index sorted by full_name: no index on users starts with/),
    ]);
  });
});

/** Lists that screens read through a parent: a price's or service's history, a user's credits … */
const THROUGH_A_PARENT = [
  { resource: 'credit_price_history', filter: 'credit_price_id' },
  { resource: 'service_credit_history', filter: 'service_id' },
  { resource: 'lead_transactions', filter: 'credit_for_user_id' },
  { resource: 'transactions', filter: 'user_id' },
  { resource: 'jobs', filter: 'posted_by_user_id' },
  { resource: 'leads', filter: 'ad_id' },
].map(({ resource, filter }) => {
  const list = LISTS.find((candidate) => candidate.resource === resource);
  if (!list) throw new Error(`no list ${resource}`);
  return { list, filter, name: `${nameOf(list)} of one ${filter}, newest first` };
});

describe('lists read through a parent are paged on an index in their default order', () => {
  it.each(THROUGH_A_PARENT)('$name', async ({ list, filter }) => {
    const { plan, parentIndexes } = await rolledBack(handle.db, async (tx) => {
      const table = getTableName(list.id.table);
      const column =
        render(sql`${list.columns[filter]?.expression}`).split('.').pop()?.replaceAll('"', '') ?? '';
      const parentIndexes = (await indexKeys(tx, table))
        .filter((index) => index.keys[0]?.startsWith(`${column} `))
        .map((index) => index.name);
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_incremental_sort = off`);
      const request = listRequestSchema.parse({ filters: { [filter]: 7 } });
      const plan = await planNodes(
        tx,
        list,
        buildWhere(list, request, routeOf(list), VIEWER),
        buildOrderBy(list, request),
      );
      return { plan, parentIndexes };
    });
    // Found by the parent on an index that also gives the order: no sort, no walk over every row.
    expect(
      plan.filter((node) => node === 'Sort' || node === 'Incremental Sort'),
      plan.join(' → '),
    ).toEqual([]);
    expect(
      plan.some((node) => parentIndexes.some((name) => node.endsWith(` using ${name}`))),
      `${plan.join(' → ')} uses none of ${parentIndexes.join(', ')}`,
    ).toBe(true);
  });
});
