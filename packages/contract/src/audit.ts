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

/**
 * Record types whose timeline staff (moderators too) may read: ads (`jobs`) and their reports.
 * Every other record type's timeline is for administrators.
 */
export const AUDIT_STAFF_RECORD_TYPES = ['jobs', 'ad_reports'] as const;

/** How many entries a page of a record's timeline holds. */
export const AUDIT_TIMELINE_PAGE_SIZE = 50;

/** `GET /api/audit/timeline/{record_type}/{record_id}`. */
export const auditTimelineParamsSchema = z.object({
  record_type: z.string().min(1).max(64),
  record_id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** `?before_id=`: the `next_before_id` of the previous page; absent: the newest entries. */
export const auditTimelineQuerySchema = z.object({
  before_id: z.coerce.number().int().positive().optional(),
});

/** A page of a record's timeline, newest first; `next_before_id` is null on the last page. */
export const auditTimelineSchema = z.object({
  rows: z.array(auditRowSchema),
  next_before_id: z.number().int().nullable(),
});
export type AuditTimeline = z.input<typeof auditTimelineSchema>;
