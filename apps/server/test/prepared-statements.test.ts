import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PREPARED_PER_CONNECTION,
  prepareRepeatedSelects,
  statementName,
} from '../src/db/prepared-statements.ts';
import { isOnPostgres } from './helpers/test-database.ts';

// Prepared statements are a PostgreSQL server's; the embedded database has no protocol to name them.
describe.skipIf(!isOnPostgres)('named prepared statements on PostgreSQL connections', () => {
  let pool: pg.Pool;
  beforeEach(() => {
    pool = new pg.Pool({
      connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      max: 1,
    });
    pool.on('connect', prepareRepeatedSelects);
  });
  afterEach(() => pool.end());

  // Starts with a comment, so this inspection is not named itself.
  const preparedNames = async () =>
    (
      await pool.query<{ name: string }>(
        "/* inspect */ select name from pg_prepared_statements where name like 's\\_%' order by name",
      )
    ).rows.map((row) => row.name);

  it('prepares a repeated select once, under a name taken from its text, and answers each call', async () => {
    const text = 'select $1::int * 2 as doubled';
    const first = await pool.query({ text, values: [4] });
    const second = await pool.query({ text, values: [21] });
    expect([first.rows[0].doubled, second.rows[0].doubled]).toEqual([8, 42]);
    expect(await preparedNames()).toEqual([statementName(text)]);
  });

  it('names the selects Drizzle sends, as the list engine runs them', async () => {
    const db = drizzle(pool);
    const page = (limit: number) =>
      db.execute(sql`select g from generate_series(1, 9) as g order by g desc limit ${limit}`);
    expect((await page(2)).rows).toEqual([{ g: 9 }, { g: 8 }]);
    expect((await page(1)).rows).toEqual([{ g: 9 }]);
    expect(await preparedNames()).toHaveLength(1);
  });

  it('does not name writes, DDL or scripts', async () => {
    await pool.query('create temporary table kept (value int)');
    await pool.query({ text: 'insert into kept (value) values ($1)', values: [7] });
    await pool.query('select 1; select 2');
    expect(await preparedNames()).toEqual([]);
    expect((await pool.query('/* inspect */ select value from kept')).rows).toEqual([{ value: 7 }]);
  });

  it('leaves a select with a LIKE on a parameter unnamed: planned for each pattern, never one generic plan', async () => {
    const text = 'select count(*)::int as n from generate_series(1, 20) as g where g::text like $1';
    for (let run = 0; run < 7; run++) await pool.query({ text, values: ['%1%'] });
    expect((await pool.query({ text, values: ['2_'] })).rows[0].n).toBe(1);
    // Folded as 'contains' filters fold the pattern (columns.ts foldedText).
    const folded =
      "select count(*)::int as n from generate_series(1, 20) as g where g::text like lower(translate($1, 'Č', 'C'))";
    for (let run = 0; run < 7; run++) await pool.query({ text: folded, values: ['%1%'] });
    expect(await preparedNames()).toEqual([]);
  });

  it(`holds at most ${PREPARED_PER_CONNECTION} named statements per connection; further shapes still run`, async () => {
    for (let shape = 0; shape < PREPARED_PER_CONNECTION + 5; shape++) {
      const answer = await pool.query({ text: `select $1::int + ${shape} as n`, values: [1] });
      expect(answer.rows[0].n).toBe(shape + 1);
    }
    expect(await preparedNames()).toHaveLength(PREPARED_PER_CONNECTION);
  });
});
