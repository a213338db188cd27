import { sql } from 'drizzle-orm';
import { bigserial, index, inet, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One changed field of an audit entry; a secret (a password) is recorded as changed, never its value. */
export type AuditChange = { before: unknown; after: unknown };

/**
 * The audit trail: every write by staff or members (creates, updates, toggles, status changes,
 * credit movements, roles, sign-ins and failed ones, lock lifts, exports, seed downloads), appended
 * in the transaction of the change. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE
 * (migration 0017; docs/OPERATIONS.md says how an operator archives old entries). The actor's name
 * and address are copied in: the entry stays true when the user is renamed or removed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Null: nobody signed in (a failed sign-in of an unknown name, the system's own jobs). */
    actor_id: integer('actor_id'),
    actor_name: text('actor_name'),
    ip: inet('ip'),
    /** create, update, toggle, status, credits, roles, sign_in, sign_in_failed, unlock, export … */
    action: text('action').notNull(),
    /** The resource as the API names it (users, jobs, os_countries …). */
    record_type: text('record_type').notNull(),
    record_id: integer('record_id'),
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    // The list, newest first; each filter with the time after it, so a filtered page is a range scan.
    index('audit_log_created_idx').on(t.created_at, t.id),
    // A record's timeline (its page or dialog).
    index('audit_log_record_idx').on(t.record_type, t.record_id, t.created_at, t.id),
    index('audit_log_actor_idx').on(t.actor_id, t.created_at, t.id),
    index('audit_log_action_idx').on(t.action, t.created_at, t.id),
  ],
);
