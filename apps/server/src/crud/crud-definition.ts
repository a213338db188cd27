import type { Access } from '@usluge/contract';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { MessageKey } from '../http/messages.ts';
import type { ListDefinition } from '../list-engine/list-definition.ts';

/** A table the generic create/update/toggle routes can write: an id and an is_active flag. */
export type CrudTable = PgTable & { id: PgColumn; is_active: PgColumn; updated_at: PgColumn };

/** What a database constraint means to the user: the field it concerns and the message. */
export type ConstraintMeaning = { status: 409 | 422; field: string; message: MessageKey };

/**
 * A reference resource's store, update and destroy (toggle). The answer of each is the row as the
 * resource's list returns it.
 */
export type CrudDefinition<Row extends { id: number }, Form extends Record<string, unknown>> = {
  list: ListDefinition<Row>;
  table: CrudTable;
  /** Body of store and update (one schema per operation: the same form for both here). */
  formSchema: z.ZodType<Form>;
  /** Unique and foreign-key constraints by name. */
  constraints: Record<string, ConstraintMeaning>;
  access: Access;
};

export function defineCrud<Row extends { id: number }, Form extends Record<string, unknown>>(
  definition: CrudDefinition<Row, Form>,
): CrudDefinition<Row, Form> {
  return definition;
}
