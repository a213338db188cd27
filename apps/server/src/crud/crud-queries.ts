import { eq, not, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { AppError, notFound } from '../http/errors.ts';
import { pgErrorOf } from '../http/pg-error.ts';
import type { CrudDefinition, CrudTable } from './crud-definition.ts';

/** Turns a constraint violation into the user's message on the field it concerns. */
async function withConstraintMessages<T>(
  definition: CrudDefinition<{ id: number }, Record<string, unknown>>,
  action: () => Promise<T>,
): Promise<T> {
  try {
    return await action();
  } catch (error) {
    const constraint = pgErrorOf(error)?.constraint;
    const meaning = constraint ? definition.constraints[constraint] : undefined;
    if (meaning) throw new AppError(meaning.status, meaning.message, {}, meaning.field);
    throw error;
  }
}

type Returned = { id: number }[];

export async function insertRow(
  db: Database,
  definition: CrudDefinition<{ id: number }, Record<string, unknown>>,
  values: Record<string, unknown>,
): Promise<number> {
  const table: CrudTable = definition.table;
  const rows = (await withConstraintMessages(definition, () =>
    // Generic over the resource's table: the values were parsed by the resource's form schema.
    db
      .insert(table)
      .values(values as never)
      .returning({ id: table.id }),
  )) as Returned;
  const [row] = rows;
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateRow(
  db: Database,
  definition: CrudDefinition<{ id: number }, Record<string, unknown>>,
  id: number,
  values: Record<string, unknown>,
): Promise<void> {
  const table: CrudTable = definition.table;
  const rows = (await withConstraintMessages(definition, () =>
    db
      .update(table)
      .set({ ...values, updated_at: sql`now()` } as never)
      .where(eq(table.id, id))
      .returning({ id: table.id }),
  )) as Returned;
  if (rows.length === 0) throw notFound();
}

/** destroy: deactivates an active row, restores an inactive one. Nothing is ever deleted. */
export async function toggleActive(
  db: Database,
  definition: CrudDefinition<{ id: number }, Record<string, unknown>>,
  id: number,
): Promise<void> {
  const table: CrudTable = definition.table;
  const rows = (await db
    .update(table)
    .set({ is_active: not(table.is_active), updated_at: sql`now()` } as never)
    .where(eq(table.id, id))
    .returning({ id: table.id })) as Returned;
  if (rows.length === 0) throw notFound();
}
