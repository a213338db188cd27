/**
 * Records the statements one request sends through the app's database handle: their SQL and
 * parameters from a Drizzle logger, and when each ended from the driver client's `query`
 * (watched), so that a replay can keep the order the server ran them in (list-load.ts).
 */
import type { Logger } from 'drizzle-orm';
import type { Statement } from './list-load.ts';

type Entry = { sql: string; params: unknown[]; issuedAt: number; endedAt: number; isWatched: boolean };

/** What one request sent. */
export type RecordedRequest = {
  statements: Statement[];
  /** The most statements the request had in flight at once. */
  mostAtOnce: number;
};

/** A parameter as JSON carries it to the replay: a date as its ISO text (the same instant to PostgreSQL). */
const jsonSafe = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

export type StatementRecorder = {
  /** The logger to give the Drizzle handle the app uses. */
  logger: Logger;
  /** Watches a driver client (pg.Pool, PGlite) whose `query` that handle calls. */
  watch: (client: object) => void;
  /** The statements `call` sent. */
  record: (call: () => Promise<unknown>) => Promise<RecordedRequest>;
};

export function createStatementRecorder(): StatementRecorder {
  let entries: Entry[] | null = null;
  // Orders the starts and ends of statements (a counter: times could tie).
  let clock = 0;
  return {
    logger: {
      logQuery: (sql, params) => {
        entries?.push({
          sql,
          params: params.map(jsonSafe),
          issuedAt: clock++,
          endedAt: Number.POSITIVE_INFINITY,
          isWatched: false,
        });
      },
    },
    watch: (client) => {
      const target = client as { query: (...args: unknown[]) => unknown };
      const query = target.query.bind(target);
      target.query = (...args: unknown[]) => {
        const result = query(...args);
        const [first] = args;
        const sql = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
        // Drizzle logs a statement, then hands it to the client in the same turn; the end is
        // stamped before Drizzle's own continuation runs, so before anything the request sends next.
        const entry = entries?.find((candidate) => !candidate.isWatched && candidate.sql === sql);
        if (entry && result instanceof Promise) {
          entry.isWatched = true;
          const end = () => {
            entry.endedAt = clock++;
          };
          result.then(end, end);
        }
        return result;
      };
    },
    record: async (call) => {
      const recorded: Entry[] = [];
      entries = recorded;
      try {
        await call();
      } finally {
        entries = null;
      }
      const unwatched = recorded.find((entry) => !entry.isWatched);
      if (unwatched) throw new Error(`not seen by the watched client: ${unwatched.sql}`);
      const statements = recorded.map(({ sql, params, issuedAt }) => ({
        sql,
        params,
        after: recorded.flatMap((other, index) => (other.endedAt < issuedAt ? [index] : [])),
      }));
      const mostAtOnce = Math.max(
        0,
        ...recorded.map(
          (entry) =>
            recorded.filter((other) => other.issuedAt <= entry.issuedAt && other.endedAt > entry.issuedAt)
              .length,
        ),
      );
      return { statements, mostAtOnce };
    },
  };
}
