import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgliteThread, startPgliteThread } from '../src/db/pglite-thread.ts';
import { isOnPostgres } from './helpers/test-database.ts';

/**
 * The embedded database's thread (db/pglite-thread.ts) answers as PGlite in the server's own thread
 * would: the same values for every type the app reads, the same error fields, transactions that
 * hold the one connection, and the event loop free while a statement runs.
 */
const SETUP = `
  create type mood as enum ('glad', 'sad');
  create table things (id int primary key, name text unique, mood mood, moods mood[], data jsonb,
    at timestamptz, day date, price numeric(12, 2), big bigint, flag boolean, tags text[], ids int[],
    raw bytea, span interval, ratio double precision, uid uuid)`;
const ROW = `insert into things values ($1, $2, 'glad', '{glad,sad}', $3, $4, '2026-11-26', 12.5, $5, true,
  '{a,"b c",NULL}', '{1,2}', '\\x0102', '1 day 2 hours', 0.25, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11')`;
const SELECT = 'select *, null::text as nothing, 7::int2 as small from things order by id';
const ID = 40_000 + Math.floor(Math.random() * 10_000);

describe.skipIf(isOnPostgres)('embedded database thread', () => {
  let thread: PgliteThread;
  let direct: PGlite;

  beforeAll(async () => {
    thread = await startPgliteThread({ settings: ['work_mem=2MB'] });
    direct = await PGlite.create({ extensions: { pg_trgm } });
    for (const client of [thread, direct]) {
      for (const statement of SETUP.split(';')) await client.query(statement);
      await client.query(ROW, [
        ID,
        `thing ${ID}`,
        { n: ID, list: [1, 'x'] },
        new Date('2026-11-26T12:00:00Z'),
        9_007_199_254_740_993n,
      ]);
    }
  });
  afterAll(async () => {
    await thread?.close();
    await direct?.close();
  });

  it('answers the same values as PGlite in this thread, in both row modes and with caller parsers', async () => {
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      {
        rowMode: 'array' as const,
        parsers: { 1184: (value: string) => `at ${value}`, 1082: (value: string) => value },
      },
    ]) {
      const [ours, theirs] = await Promise.all([
        thread.query(SELECT, [], options),
        direct.query(SELECT, [], options),
      ]);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    const written = await thread.query('update things set flag = $1 where id = $2', [false, ID]);
    expect(written.affectedRows).toBe(1);
  });

  it('rejects with the fields of PostgreSQL error the app reads', async () => {
    const attempts = [thread, direct].map((client) =>
      client
        .query('insert into things (id, name) values ($1, $2)', [ID + 1, `thing ${ID}`])
        .catch((error) => error),
    );
    const [ours, theirs] = await Promise.all(attempts);
    expect(ours).toBeInstanceOf(Error);
    expect(ours.code).toBe('23505');
    expect(ours.constraint).toBe('things_name_key');
    for (const field of ['message', 'code', 'constraint', 'detail', 'table', 'severity', 'schema']) {
      expect(ours[field], field).toEqual(theirs[field]);
    }
  });

  it('commits a transaction, rolls back one that throws, and makes other callers wait for it', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await thread.transaction(async (tx) => {
      await tx.query('insert into things (id, name) values ($1, $2)', [ID + 2, `second ${ID}`]);
      outside = thread.query('select count(*)::int as n from things').then((result) => {
        order.push(`outside saw ${(result.rows[0] as { n: number }).n}`);
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('committing');
    });
    await outside;
    expect(order).toEqual(['committing', 'outside saw 2']);

    const failure = await thread
      .transaction(async (tx) => {
        await tx.query('insert into things (id, name) values ($1, $2)', [ID + 3, `third ${ID}`]);
        throw new Error('changed my mind');
      })
      .catch((error: Error) => error.message);
    expect(failure).toBe('changed my mind');
    const aborted = await thread
      .transaction(async (tx) => {
        await tx.query('insert into things (id, name) values ($1, $1)', [ID + 4]).catch(() => {});
        return 'swallowed';
      })
      .catch((error: { code?: string }) => error.code);
    expect(aborted).toBe('25P02');
    const ids = await thread.query<{ id: number }>('select id from things order by id');
    expect(ids.rows.map((row) => row.id)).toEqual([ID, ID + 2]);
  });

  it('keeps the event loop free while a statement runs', async () => {
    const sleeping = thread.query('select pg_sleep(0.4)');
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(performance.now() - started).toBeLessThan(200);
    await sleeping;
  });

  it('dumps its data directory, which a new thread loads', async () => {
    const dump = await thread.dumpDataDir();
    const copy = await startPgliteThread({
      loadDataDir: await dump.arrayBuffer(),
      settings: [],
    });
    try {
      const names = await copy.query<{ name: string }>('select name from things order by id');
      expect(names.rows.map((row) => row.name)).toEqual([`thing ${ID}`, `second ${ID}`]);
    } finally {
      await copy.close();
    }
  });
});
