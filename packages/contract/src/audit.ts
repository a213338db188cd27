import { z } from 'zod';
import { timestampSchema } from './entities.ts';
import type { Language } from './validation.ts';

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

/** The words an audit value is written with, in the reader's language (screens and reports). */
export type AuditValueWords = {
  empty: string;
  yes: string;
  no: string;
  /** Said of a named item switched off (a working day not worked). */
  inactive: string;
  number: (n: number) => string;
};

export const AUDIT_VALUE_WORDS = {
  me: { empty: '—', yes: 'Da', no: 'Ne', inactive: 'neaktivan' },
  en: { empty: '—', yes: 'Yes', no: 'No', inactive: 'inactive' },
} as const satisfies Record<Language, Omit<AuditValueWords, 'number'>>;

/** A record named in a change: an ad's currency, service, place (its cities), working day (its hours). */
type NamedValue = { name: string; cities?: unknown; times?: unknown; is_active?: unknown };

const isNamed = (value: unknown): value is NamedValue =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as NamedValue).name === 'string';

function namedText(value: NamedValue, words: AuditValueWords): string {
  const details: string[] = [];
  if (Array.isArray(value.cities) && value.cities.length > 0) {
    details.push(value.cities.map((city) => (isNamed(city) ? city.name : String(city))).join(', '));
  }
  if (Array.isArray(value.times) && value.times.length > 0) details.push(value.times.map(String).join(', '));
  if (value.is_active === false) details.push(words.inactive);
  return details.length > 0 ? `${value.name} (${details.join(', ')})` : value.name;
}

/**
 * A value of a change as one line of text: `words.empty` for none, yes/no, numbers by
 * `words.number`, a named record by its name ('Košenje trave'; a place with its cities, a working
 * day with its hours), lists joined (by '; ' where an item has commas of its own), anything else
 * as JSON.
 */
export function formatAuditValue(value: unknown, words: AuditValueWords): string {
  if (value === null || value === undefined || value === '') return words.empty;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return words.number(value);
  if (typeof value === 'bigint') return String(value);
  if (isNamed(value)) return namedText(value, words);
  if (Array.isArray(value)) {
    if (value.length === 0) return words.empty;
    const items = value.map((item) =>
      isNamed(item)
        ? namedText(item, words)
        : typeof item === 'object' && item !== null
          ? JSON.stringify(item)
          : String(item),
    );
    return items.join(items.some((item) => item.includes(',')) ? '; ' : ', ');
  }
  return JSON.stringify(value);
}
