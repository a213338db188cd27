import { z } from 'zod';
import { timestampSchema } from './entities.ts';

/**
 * What an audit entry records (issue 19): a row written (create, update, toggle), an ad's status,
 * a credit movement, a user's roles, a sign-in and a failed one, a lifted sign-in lock, a report
 * exported from a list, a seed file downloaded.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'toggle',
  'delete',
  'status',
  'credits',
  'roles',
  'sign_in',
  'sign_in_failed',
  'unlock',
  'export',
  'seed_download',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One field of an entry's change; a secret (a password) reads `{before: null, after: 'changed'}`. */
export const auditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

/** What a secret field's change records instead of its values. */
export const AUDIT_SECRET_CHANGED = 'changed';

/** A row of `POST /api/audit/index` (administrators), and of a record's timeline. */
export const auditRowSchema = z.object({
  id: z.number().int(),
  created_at: timestampSchema,
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** The resource as the API names it: users, jobs, os_countries, services … */
  record_type: z.string(),
  record_id: z.number().int().nullable(),
  /** `{field: {before, after}}`; an export's filters are `{filters: {before: null, after: {...}}}`. */
  changes: z.record(z.string(), auditChangeSchema),
});
export type AuditRow = z.input<typeof auditRowSchema>;
