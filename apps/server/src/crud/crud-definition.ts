import type { Access, AuditRecordType } from '@usluge/contract';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AuditChanges, NamedTable } from '../audit/append-audit.ts';
import type { Database } from '../db/client.ts';
import type { MessageKey } from '../http/messages.ts';
import type { ListDefinition } from '../list-engine/list-definition.ts';
import type { UploadFolder } from '../uploads/file-storage.ts';

/**
 * A table the generic create/update/toggle routes can write: an id, its version and an is_active
 * flag, which a table whose destroy deletes (`isDestroyDelete`) does without.
 */
export type CrudTable = PgTable & { id: PgColumn; is_active?: PgColumn; updated_at: PgColumn };

/** What a database constraint means to the user: the field it concerns and the message. */
export type ConstraintMeaning = { status: 409 | 422; field: string; message: MessageKey };

/**
 * Images a form may carry: the form field and where its files are stored. With `column`, one image
 * whose URL the row keeps; without, up to `max` images (`photos[0]`, `photos[1]` …) whose URLs
 * afterWrite receives and keeps in rows of its own. A column's `removeField` is the form's boolean
 * that removes the stored image: the column set to null, its file removed once the write commits.
 */
export type UploadField = { field: string; folder: UploadFolder } & (
  | { column: string; max?: never; removeField?: string }
  | { column?: never; max: number; removeField?: never }
);

export type WriteKind = 'store' | 'update' | 'destroy';

/** Fields a write adds to its answer beside the row; the resource's row schema names them. */
export type AnswerExtras = Record<string, unknown>;

/** A write about to happen: what checks and value builders learn of it. */
export type PendingWrite<Form> = {
  kind: WriteKind;
  /** Images the form carries, by field (how many; their checks are done). */
  imageCounts?: Record<string, number>;
  /** The row's id; absent for store. */
  id?: number;
  actorId: number;
  /** The parsed form (store, update). */
  form?: Form;
  /** The row's version the client read (update, destroy); absent: not checked. */
  version?: Date;
  /** A destroy's query options beyond the version (the resource's destroyQuerySchema). */
  options?: Record<string, unknown>;
};

/** What afterWrite learns of a write: the row, who made the change, and the form. */
export type WrittenRow<Form = Record<string, unknown>> = {
  id: number;
  actorId: number;
  kind: WriteKind;
  form?: Form;
  /** A destroy's query options (the resource's destroyQuerySchema). */
  options?: Record<string, unknown>;
  /** What the resource's beforeWrite answered for this write (e.g. the row as it was). */
  before?: unknown;
  /** URLs of the images stored for this write, by field, in the order they were sent. */
  uploads: Record<string, string[]>;
  /** The perceptual hash of each image stored for this write, by URL (uploads/perceptual-hash.ts). */
  imageHashes?: Record<string, bigint>;
  /** Stored files the write no longer uses (by URL): removed once the transaction has committed. */
  discardFiles: (urls: readonly string[]) => void;
};

/**
 * A resource's store, update and destroy (toggle). The answer of each is the row as the
 * resource's list returns it. Every write, its checks and its consequences run in one transaction.
 * (The hooks are methods so that a resource's definition fits the list of all of them.)
 */
export type CrudDefinition<Row extends { id: number }, Form extends Record<string, unknown>> = {
  list: ListDefinition<Row>;
  table: CrudTable;
  /** Body of store, and of update unless updateSchema is given (one schema per operation). */
  formSchema: z.ZodType<Form>;
  updateSchema?: z.ZodType<Form>;
  /** Query of destroy/{id}: the version, and options of the resource's own (default: the version). */
  destroyQuerySchema?: z.ZodObject;
  /**
   * Forms with images: store and update/{id} are POST multipart/form-data (SPEC.md 7), the images
   * checked and stored through the one upload mechanism.
   */
  uploads?: readonly UploadField[];
  /** Unique and foreign-key constraints by name. */
  constraints: Record<string, ConstraintMeaning>;
  /**
   * Columns whose values the audit trail never records (a password's hash, a token): a change of
   * one reads `{before: null, after: 'changed'}`.
   */
  secretFields?: readonly string[];
  /**
   * Columns holding a named record's id (an ad's currency, a user's type): the audit trail records
   * them as `{id, name}`, so that an entry reads the record's name.
   */
  namedReferences?: Readonly<Record<string, NamedTable>>;
  /** The record type of this resource's audit entries when it is not the list's (a member's ads are `jobs`). */
  auditRecordType?: AuditRecordType;
  access: Access;
  /**
   * destroy/{id} deletes the row (audited as `delete`, answered with the row as it was) instead of
   * toggling is_active: a member's own settings (saved views), which nothing else refers to.
   */
  isDestroyDelete?: boolean;
  /**
   * Whether the acting user may write this row (a member only their own): runs first, before the
   * row is locked or its version compared, so a row the caller may not touch answers 404 as if it
   * did not exist and nothing of it (not its current version) is revealed.
   */
  authorize?(tx: Database, write: PendingWrite<Form>): Promise<void>;
  /**
   * Rules that need the database or the acting user; throws an AppError to refuse the write. What
   * it answers, afterWrite receives as `before` (what the row was, to compare with what it became).
   */
  beforeWrite?(tx: Database, write: PendingWrite<Form>): Promise<unknown>;
  /** The table's values from the parsed form (e.g. a password becomes its hash); default: the form. */
  toValues?(form: Form, write: PendingWrite<Form>): Promise<Record<string, unknown>>;
  /**
   * The row's parts kept in rows of their own (an ad's services, places, working days, photos),
   * written right after the row, in its transaction. What it answers joins the row's audit entry:
   * the parts that changed, before → after, which the row's columns do not show.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a write whose parts did not change simply returns.
  writeChildRows?(tx: Database, write: WrittenRow<Form>): Promise<AuditChanges | void>;
  /**
   * Runs in the same transaction, after the row (and its child rows) was stored, updated or
   * toggled, and its audit entry appended: history rows,
   * related rows and other consequences of the write, which then happen exactly when it does.
   * What it returns is added to the answer (e.g. how many nodes a deactivation reached).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a hook that adds nothing to the answer simply returns.
  afterWrite?(tx: Database, write: WrittenRow<Form>): Promise<AnswerExtras | void>;
};

export function defineCrud<Row extends { id: number }, Form extends Record<string, unknown>>(
  definition: CrudDefinition<Row, Form>,
): CrudDefinition<Row, Form> {
  return definition;
}
