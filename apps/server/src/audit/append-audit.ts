import { AUDIT_SECRET_CHANGED, type AuditAction, type AuditRecordType } from '@usluge/contract';
import { inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { type AuditChange, auditLog, roles, userFullName, users } from '../db/schema/index.ts';
import { type AuditActor, currentAuditActor } from './audit-actor.ts';

export type AuditChanges = Record<string, AuditChange>;

/**
 * A list's record type in the trail (its entries' for an export, a crud's for its writes): the
 * resource's API name, which the trail names (AUDIT_RECORD_TYPES; audit-trail.test.ts checks every
 * list and crud against it, so the cast holds).
 */
export function recordTypeOf(resource: string): AuditRecordType {
  return resource as AuditRecordType;
}

export type AuditEntry = {
  action: AuditAction;
  /** The resource as the API names it (users, jobs, os_countries …). */
  recordType: AuditRecordType;
  recordId: number | null;
  changes?: AuditChanges;
  /** Who did it; default: the actor of the running change (withAuditActor), else nobody. */
  actor?: AuditActor;
};

/**
 * Appends an entry (or several, in one statement) to the audit trail, in `tx`: the change's own
 * transaction, so an entry exists exactly when its change does (a rolled-back write leaves none).
 * The actor's name is copied in as it is now, so the entry stays true when the user is renamed or
 * removed.
 */
export async function appendAudit(tx: Database, entries: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const list: readonly AuditEntry[] = Array.isArray(entries) ? entries : [entries as AuditEntry];
  if (list.length === 0) return;
  await tx.insert(auditLog).values(
    list.map((entry) => {
      const actor = entry.actor ?? currentAuditActor();
      return {
        actor_id: actor.id,
        actor_name:
          actor.id === null
            ? null
            : sql`(select nullif(trim(${userFullName}), '') from ${users} where ${users.id} = ${actor.id})`,
        ip: actor.ip,
        action: entry.action,
        record_type: entry.recordType,
        record_id: entry.recordId,
        changes: entry.changes ?? {},
      };
    }),
  );
}

/** A value as JSON keeps it: dates as ISO text, bigints as text. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value ?? null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/**
 * The fields that differ between a row before and after a change, as `{field: {before, after}}`;
 * a secret field (a password's hash, a token) that changed reads `{before: null, after: 'changed'}`,
 * never its values. `before` null: a new row (every given field, from null).
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  secrets: readonly string[] = [],
): AuditChanges {
  const changes: AuditChanges = {};
  for (const [field, value] of Object.entries(after)) {
    const old = before ? before[field] : null;
    if (before && same(old, value)) continue;
    if (!before && (value === null || value === undefined)) continue;
    changes[field] = secrets.includes(field)
      ? { before: null, after: AUDIT_SECRET_CHANGED }
      : { before: plain(old), after: plain(value) };
  }
  return changes;
}

/** A table of named records (currencies, user types, countries, the services' folders). */
export type NamedTable = PgTable & { id: PgColumn; name: PgColumn };

/** The named records with these ids, by id, in the order of their ids; an id not found is left out. */
export async function namedById(
  tx: Database,
  table: NamedTable,
  ids: readonly number[],
): Promise<Map<number, { id: number; name: string }>> {
  if (ids.length === 0) return new Map();
  const rows = (await tx
    .select({ id: table.id, name: table.name })
    .from(table as PgTable)
    .where(inArray(table.id, [...new Set(ids)]))
    .orderBy(table.id)) as { id: number; name: string }[];
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The changes with each of `references`' fields (a column holding a named record's id) written as
 * `{id, name}`, so that the entry reads 'Euro' rather than 2; the names as they are at the change.
 * An id no longer found stays the id.
 */
export async function withNames(
  tx: Database,
  changes: AuditChanges,
  references: Readonly<Record<string, NamedTable>> = {},
): Promise<AuditChanges> {
  const named: AuditChanges = { ...changes };
  for (const [field, table] of Object.entries(references)) {
    const change = changes[field];
    if (!change) continue;
    const ids = [change.before, change.after].filter((value): value is number => typeof value === 'number');
    if (ids.length === 0) continue;
    const byId = await namedById(tx, table, ids);
    const nameOf = (value: unknown) => (typeof value === 'number' ? byId.get(value) : undefined) ?? value;
    named[field] = { before: nameOf(change.before), after: nameOf(change.after) };
  }
  return named;
}

/** A user's roles set anew: a 'roles' entry with the roles before and after (`{id, name}`, by id), when they differ. */
export async function appendRoleChange(
  tx: Database,
  userId: number,
  before: readonly number[],
  after: readonly number[],
  actor?: AuditActor,
): Promise<void> {
  const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);
  const [was, is] = [sorted(before), sorted(after)];
  if (same(was, is)) return;
  const byId = await namedById(tx, roles, [...was, ...is]);
  const byName = (ids: number[]) => ids.map((id) => byId.get(id) ?? id);
  await appendAudit(tx, {
    action: 'roles',
    recordType: 'users',
    recordId: userId,
    changes: { roles: { before: byName(was), after: byName(is) } },
    ...(actor ? { actor } : {}),
  });
}

/** A secret's change (a password set anew) as the trail records it: changed, never its value. */
export const secretChange = (): AuditChange => ({ before: null, after: AUDIT_SECRET_CHANGED });
