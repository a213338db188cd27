import { AUDIT_TEXTS, type AuditAction, auditRowSchema, auditTexts, type Language } from '@usluge/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { defineList, pickFields, type RowScope } from '../../list-engine/list-definition.ts';

/** An entry as the server reads it (its time a Date). */
export type AuditEntryRow = z.output<typeof auditRowSchema>;

/**
 * An entry's change as one report cell, as the trail's screen writes it (auditTexts, in the
 * report's language): `Status: Čeka odobrenje → Odobren`, one field a line; a secret only as
 * changed ('Lozinka: izmijenjeno').
 */
function changesText(changes: unknown, lang: Language): string {
  if (!changes || typeof changes !== 'object') return '';
  const lines = auditTexts(lang).changeLines(
    changes as Record<string, { before?: unknown; after?: unknown }>,
  );
  if (lines.length === 0) return AUDIT_TEXTS[lang].noChanges;
  return lines
    .map((line) =>
      line.isSecret
        ? `${line.label}: ${AUDIT_TEXTS[lang].secretChanged}`
        : `${line.label}: ${line.before} → ${line.after}`,
    )
    .join('\n');
}

/** The screen's actor column as one report cell: 'Ana Marković (#14)', 'Sistem' for the system's own jobs. */
function actorText(row: Record<string, unknown>, lang: Language): string {
  const { actor_id: id, actor_name: name } = row;
  return auditTexts(lang).actor(typeof id === 'number' ? id : null, typeof name === 'string' ? name : null);
}

/** The entries the scope selects, as the list and the timeline answer them; at most `limit` (the timeline's page). */
export async function readAuditRows(db: Database, scope: RowScope, limit?: number): Promise<AuditEntryRow[]> {
  const query = db
    .select(
      pickFields(
        {
          id: auditLog.id,
          created_at: auditLog.created_at,
          actor_id: auditLog.actor_id,
          actor_name: auditLog.actor_name,
          // inet as text without the /32 a host address would not need.
          ip: sql<string | null>`host(${auditLog.ip})`,
          action: sql<AuditAction>`${auditLog.action}`,
          record_type: auditLog.record_type,
          record_id: auditLog.record_id,
          changes: auditLog.changes,
        },
        scope,
      ),
    )
    .from(auditLog)
    .where(scope.where)
    .orderBy(scope.orderBy)
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows;
}

const oneOf = ['equals', 'in'] as const;

/**
 * `POST /api/audit/index` (administrators): the audit trail, newest first. Each filter has an index
 * with the time after it (actor, action, record), so a filtered first page is a range scan; only
 * the time sorts. The total of a large trail is an estimate (list-totals.ts: a sample of its pages).
 */
export const auditList = defineList({
  resource: 'audit',
  routes: ['index'],
  from: sql`${auditLog}`,
  id: auditLog.id,
  defaultSort: { key: 'created_at', isDescending: true },
  columns: {
    created_at: {
      expression: auditLog.created_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    // An entry is never changed: its time is created_at (audit_log_created_idx).
    updated_at: {
      expression: auditLog.created_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    actor_id: {
      expression: auditLog.actor_id,
      type: 'id',
      operators: oneOf,
      reportCell: actorText,
      reportFields: ['actor_id', 'actor_name'],
    },
    actor_name: { expression: auditLog.actor_name, type: 'text' },
    ip: { expression: sql`host(${auditLog.ip})`, type: 'text' },
    action: {
      expression: auditLog.action,
      type: 'text',
      operators: oneOf,
      reportCell: (row, lang) => auditTexts(lang).action(String(row.action)),
      reportFields: ['action'],
    },
    record_type: {
      expression: auditLog.record_type,
      type: 'text',
      operators: oneOf,
      reportCell: (row, lang) => auditTexts(lang).recordType(String(row.record_type)),
      reportFields: ['record_type'],
    },
    record_id: { expression: auditLog.record_id, type: 'id', operators: oneOf },
    changes: {
      expression: auditLog.changes,
      type: 'text',
      reportCell: (row, lang) => changesText(row.changes, lang),
      reportFields: ['changes'],
    },
  },
  rowSchema: auditRowSchema,
  // The screen's columns: its actor column is actor_id (name and id), actor_name is not another one.
  reportColumns: ['created_at', 'actor_id', 'ip', 'action', 'record_type', 'record_id', 'changes'],
  access: { index: 'administrator' },
  docs: {
    summary: 'The audit trail: who changed what, when, from where',
    description:
      "Administrators. The list body of every list. Rows `{id, created_at, actor_id, actor_name, ip, action, record_type, record_id, changes}`, `changes` being `{field: {before, after}}` (a secret reads `after: 'changed'`; an export's `filters` holds the list request). Filters: `actor_id`, `action`, `record_type`, `record_id` (equals or in), `created_at` (between, gte, lte). Sorted by created_at (newest first by default, the id breaking ties). Above 10 000 the total of a large trail is an estimate (`total_rows_exact` false): from a sample of the trail's pages. `is_report` makes a file as for every list. Entries cannot be changed or removed through the product.",
  },
  loadRows: (db, scope) => readAuditRows(db, scope),
});

/** The keyset condition of a timeline page: entries older than the entry `beforeId`. */
export const olderThan = (beforeId: number): SQL =>
  sql`(${auditLog.created_at}, ${auditLog.id}) < (select a.created_at, a.id from ${auditLog} a where a.id = ${beforeId})`;
