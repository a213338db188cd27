/**
 * The lists bench's fair limit (issue 22 item 1): a bare Fastify route on the same machine, in the
 * bench's process like the server, that runs the very statements one list request sent (recorded
 * by statement-recorder.ts) as named prepared statements on a pg.Pool of as many connections as
 * the load has (those the server plans for their values each time, unnamed, as the server does),
 * and answers the rows as JSON, uncompressed. No session, validation, Drizzle,
 * schema or compression: what any Node HTTP server over PostgreSQL pays at the least.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { isNameable } from '../apps/server/src/db/prepared-statements.ts';
import type { Statement } from './list-load.ts';

export type Baseline = {
  /** Where to POST: any body, the answer is `{ result: rows }`. */
  url: string;
  /** The statements each request runs from now on (one query of the bench at a time). */
  serve: (statements: Statement[]) => void;
  close: () => Promise<void>;
};

export async function startBaseline(connectionString: string, connections: number): Promise<Baseline> {
  const pool = new pg.Pool({ connectionString, max: connections });
  // One name per statement text: prepared once on each connection, then only bound and run.
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `baseline_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  let statements: Statement[] = [];
  const app = Fastify({ logger: false });
  app.post('/baseline', async () => {
    // In the order recorded: a steady-state list request sends one statement.
    let rows: unknown[] = [];
    for (const statement of statements) {
      const result = await pool.query({
        ...(isNameable(statement.sql) ? { name: nameOf(statement.sql) } : {}),
        text: statement.sql,
        values: statement.params,
      });
      rows = result.rows;
    }
    return { result: rows };
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: `${base}/baseline`,
    serve: (next) => {
      statements = next;
    },
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}
