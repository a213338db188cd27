import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * The rows of a statement written in SQL (`db.execute`). Both drivers answer `{ rows }`, which
 * Drizzle's type for either driver does not say; the caller names the rows' shape.
 */
export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
