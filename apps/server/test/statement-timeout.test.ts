import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { selectRows } from '../src/db/select-rows.ts';
import { withinStatementTimeout } from '../src/db/statement-timeout.ts';
import { pgErrorOf } from '../src/http/pg-error.ts';
import { createTestDatabase, isOnPostgres } from './helpers/test-database.ts';

/**
 * Work that may be given up (a sampled total, the hints' nearest-titles walk) runs with a
 * statement timeout of its own: null when PostgreSQL cancelled it, its answer otherwise.
 */
describe('withinStatementTimeout', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('answers what the work answers when it finishes in time', async () => {
    const answer = await withinStatementTimeout(handle.db, 1000, (tx) =>
      selectRows<{ doubled: number }>(tx, sql`select 21 * 2 as doubled`),
    );
    expect(answer).toEqual([{ doubled: 42 }]);
  });

  it.runIf(isOnPostgres)(
    'answers null when a statement outlives the timeout, and the setting ends with it',
    async () => {
      const started = performance.now();
      const answer = await withinStatementTimeout(handle.db, 50, (tx) =>
        selectRows(tx, sql`select pg_sleep(2)`),
      );
      expect(answer).toBeNull();
      expect(performance.now() - started).toBeLessThan(1500);
      // Every connection of the pool is back to no timeout: `set local` lasted the transaction only.
      const settings = await Promise.all(
        Array.from({ length: 10 }, () =>
          selectRows<{ timeout: string }>(
            handle.db,
            sql`select current_setting('statement_timeout') as timeout`,
          ),
        ),
      );
      expect(new Set(settings.map(([row]) => row?.timeout))).toEqual(new Set(['0']));
    },
  );

  it('sets the further settings the work asks for, for its transaction only', async () => {
    const setting = sql`select current_setting('work_mem') as value`;
    const [before] = await selectRows<{ value: string }>(handle.db, setting);
    const changed = before?.value === '7MB' ? '9MB' : '7MB';
    const inside = await withinStatementTimeout(
      handle.db,
      1000,
      (tx) => selectRows<{ value: string }>(tx, setting),
      { work_mem: changed },
    );
    expect(inside).toEqual([{ value: changed }]);
    const [after] = await selectRows<{ value: string }>(handle.db, setting);
    expect(after?.value).toBe(before?.value);
  });

  it('passes on any other error', async () => {
    const failure = await withinStatementTimeout(handle.db, 1000, (tx) =>
      selectRows(tx, sql`select 1 / 0`),
    ).catch((error: unknown) => error);
    expect(pgErrorOf(failure)?.code).toBe('22012'); // division_by_zero
  });
});
