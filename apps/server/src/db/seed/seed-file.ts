import fs from 'node:fs';
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { SEED_FILE_FORMAT, seedTableNamed } from './seed-tables.ts';

const BATCH = 500;
/** Exported users carry no password: loaded ones cannot sign in until they set one (reset link). */
const NO_PASSWORD = '!no-password';

type Header = { format: string; table: string; columns: string[] };

/**
 * Loads a seed file made by the seeder generator: rows that are already there (same key) are left
 * alone, and the table's id sequence moves past the loaded ids. Answers how many rows were new.
 */
export async function loadSeedFile(db: Database, file: string): Promise<{ table: string; inserted: number }> {
  const lines = readline.createInterface({
    input: fs.createReadStream(file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let header: Header | undefined;
  let batch: unknown[][] = [];
  let inserted = 0;

  const flush = async () => {
    if (!header || batch.length === 0) return;
    const isUsers = header.table === 'users';
    const columns = isUsers ? [...header.columns, 'password_hash'] : header.columns;
    const rows = batch.map(
      (values) =>
        sql`(${sql.join(
          (isUsers ? [...values, NO_PASSWORD] : values).map((value) => sql`${value}`),
          sql`, `,
        )})`,
    );
    const result = (await db.execute(sql`
      insert into ${sql.identifier(header.table)} (${sql.join(
        columns.map((column) => sql.identifier(column)),
        sql`, `,
      )})
      values ${sql.join(rows, sql`, `)}
      on conflict do nothing`)) as unknown as { rowCount?: number; affectedRows?: number };
    inserted += result.rowCount ?? result.affectedRows ?? 0;
    batch = [];
  };

  for await (const line of lines) {
    if (line.trim() === '') continue;
    const parsed: unknown = JSON.parse(line);
    if (!header) {
      const candidate = parsed as Header;
      const known = seedTableNamed(candidate.table);
      if (candidate.format !== SEED_FILE_FORMAT || !known)
        throw new Error(`${file} is not a seed file of this product`);
      const unknownColumn = candidate.columns.find((column) => !known.columns.includes(column));
      if (unknownColumn)
        throw new Error(`${file}: ${candidate.table} has no column ${unknownColumn} to load`);
      header = candidate;
      continue;
    }
    if (!Array.isArray(parsed) || parsed.length !== header.columns.length)
      throw new Error(`${file}: a row does not match the header`);
    batch.push(parsed);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  if (!header) throw new Error(`${file} is empty`);
  if (header.columns.includes('id')) {
    const table = sql.identifier(header.table);
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${header.table}, 'id'), coalesce((select max(id) from ${table}), 1)) where pg_get_serial_sequence(${header.table}, 'id') is not null`,
    );
  }
  return { table: header.table, inserted };
}
