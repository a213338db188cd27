/** The steps that fill a bench database: each runs once, and is skipped when its rows are there. */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';

export type DataStep = {
  label: string;
  /** A `select count(*)::int as n …` of the rows the step writes. */
  count: SQL;
  /** The step is done when `count` reaches this. */
  expected: number;
  /** One statement: it writes all its rows or none, so a step interrupted part-way runs again whole. */
  fill: SQL;
};

/** Runs the steps not done yet, in order; true when any ran (the data changed). */
export async function runDataSteps(
  db: Database,
  steps: DataStep[],
  log: (line: string) => void,
): Promise<boolean> {
  let hasChanged = false;
  for (const step of steps) {
    const result = (await db.execute(step.count)) as unknown as { rows: { n: number }[] };
    const n = result.rows[0]?.n ?? 0;
    if (n >= step.expected) continue;
    const started = performance.now();
    await db.execute(step.fill);
    hasChanged = true;
    log(`${step.label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return hasChanged;
}

/** A step's count: `select count(*)::int as n from …`. */
export const countOf = (from: SQL): SQL => sql`select count(*)::int as n from ${from}`;
