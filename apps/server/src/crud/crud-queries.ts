import { eq, getTableColumns, not } from 'drizzle-orm';
import { appendAudit, changedFields, recordTypeOf, withNames } from '../audit/append-audit.ts';
import type { Database } from '../db/client.ts';
import { AppError, notFound } from '../http/errors.ts';
import { pgErrorOf } from '../http/pg-error.ts';
import { loadInOrder } from '../list-engine/list-query.ts';
import type { AnswerExtras, CrudDefinition, CrudTable, PendingWrite, WrittenRow } from './crud-definition.ts';
import { lockVersion, nextVersion } from './row-version.ts';

export type GenericCrud = CrudDefinition<{ id: number }, Record<string, unknown>>;
type Returned = { id: number }[];

/** Turns a constraint violation into the user's message on the field it concerns. */
async function withConstraintMessages<T>(definition: GenericCrud, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    const constraint = pgErrorOf(error)?.constraint;
    const meaning = constraint ? definition.constraints[constraint] : undefined;
    if (meaning) throw new AppError(meaning.status, meaning.message, {}, meaning.field);
    throw error;
  }
}

const AUDIT_ACTION_OF = { store: 'create', update: 'update', destroy: 'toggle' } as const;

/** Of the given keys, the table's columns (a form may carry fields its afterWrite keeps elsewhere). */
function auditedColumns(definition: GenericCrud, keys: readonly string[]): string[] {
  const columns = getTableColumns(definition.table);
  return keys.filter((key) => Object.hasOwn(columns, key) && key !== 'updated_at');
}

/**
 * One write in one transaction: whether the actor may write the row (authorize), the row locked
 * and its version checked (update, destroy), the resource's checks, the row and its child rows,
 * its audit entry (the columns' changes and the child rows'), its consequences (afterWrite).
 * `extraValues` are values the mechanism adds itself (stored images' URLs). Answers the row's id
 * and what afterWrite adds to the answer.
 */
export async function writeRow(
  tx: Database,
  definition: GenericCrud,
  write: PendingWrite<Record<string, unknown>>,
  files: Pick<WrittenRow, 'uploads' | 'imageHashes' | 'discardFiles'> = {
    uploads: {},
    discardFiles: () => {},
  },
  extraValues: Record<string, unknown> = {},
): Promise<{ id: number; extras: AnswerExtras; deletedRow?: { id: number } }> {
  const table: CrudTable = definition.table;
  const isDelete = write.kind === 'destroy' && definition.isDestroyDelete === true;
  await definition.authorize?.(tx, write);
  if (write.kind !== 'store') {
    if (write.id === undefined) throw notFound();
    await lockVersion(tx, table, definition.list, write.id, write.version);
  }
  const before = await definition.beforeWrite?.(tx, write);
  let id = write.id;
  const form = write.form ?? {};
  const values =
    write.kind === 'destroy'
      ? {}
      : { ...(definition.toValues ? await definition.toValues(form, write) : form), ...extraValues };
  // What the audit entry compares: the written columns (is_active for a toggle), as they were.
  const audited = auditedColumns(definition, write.kind === 'destroy' ? ['is_active'] : Object.keys(values));
  const old = write.id === undefined ? null : await lockRowColumns(tx, definition, write.id, audited);
  let deletedRow: { id: number } | undefined;
  if (isDelete) {
    if (id === undefined) throw notFound();
    // The answer is the row as it was: read while it still exists.
    [deletedRow] = await loadInOrder(tx, definition.list, [id]);
    const rows = (await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id })) as Returned;
    if (rows.length === 0 || !deletedRow) throw notFound();
  } else if (write.kind === 'destroy') {
    if (id === undefined || !table.is_active) throw notFound();
    const rows = (await tx
      .update(table)
      .set({ is_active: not(table.is_active), updated_at: nextVersion(table.updated_at) } as never)
      .where(eq(table.id, id))
      .returning({ id: table.id })) as Returned;
    if (rows.length === 0) throw notFound();
  } else {
    // Generic over the resource's table: the values come from the resource's own form schema.
    const rows = (await withConstraintMessages(definition, () =>
      write.kind === 'store'
        ? tx
            .insert(table)
            .values(values as never)
            .returning({ id: table.id })
        : tx
            .update(table)
            .set({ ...values, updated_at: nextVersion(table.updated_at) } as never)
            .where(eq(table.id, id ?? 0))
            .returning({ id: table.id }),
    )) as Returned;
    id = rows[0]?.id;
    if (id === undefined) throw notFound();
  }
  const rowId = id;
  const written: WrittenRow = {
    id: rowId,
    actorId: write.actorId,
    kind: write.kind,
    form: write.form,
    ...(write.options ? { options: write.options } : {}),
    ...(before === undefined ? {} : { before }),
    ...files,
  };
  const childChanges = await withConstraintMessages(definition, async () =>
    definition.writeChildRows?.(tx, written),
  );
  const now = isDelete ? {} : ((await lockRowColumns(tx, definition, rowId, audited)) ?? {});
  await appendAudit(tx, {
    action: isDelete ? 'delete' : AUDIT_ACTION_OF[write.kind],
    recordType: definition.auditRecordType ?? recordTypeOf(definition.list.resource),
    recordId: rowId,
    changes: {
      ...(await withNames(
        tx,
        changedFields(write.kind === 'store' ? null : old, now, definition.secretFields),
        definition.namedReferences,
      )),
      ...childChanges,
    },
  });
  const extras = await withConstraintMessages(definition, async () => definition.afterWrite?.(tx, written));
  return { id: rowId, extras: extras ?? {}, ...(deletedRow ? { deletedRow } : {}) };
}

/** The current values of some columns of a row, locked for the rest of the transaction. */
export async function lockRowColumns(
  tx: Database,
  definition: GenericCrud,
  id: number,
  columns: readonly string[],
): Promise<Record<string, unknown> | null> {
  if (columns.length === 0) return {};
  const table = definition.table as CrudTable & Record<string, unknown>;
  const selection = Object.fromEntries(columns.map((column) => [column, table[column]]));
  const [row] = await tx
    .select(selection as never)
    .from(table)
    .where(eq(definition.table.id, id))
    .for('update');
  return (row as Record<string, unknown> | undefined) ?? null;
}
