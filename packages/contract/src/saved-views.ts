import { z } from 'zod';
import { timestampSchema } from './entities.ts';
import { requiredText } from './fields.ts';
import { msg } from './validation.ts';
import type { AREA_PATHS } from './web-routes.ts';

type WithoutSlash<Path> = Path extends `/${infer Name}` ? Name : never;

/**
 * The back office's list screens, by path without its slash: what a saved view or a column choice
 * belongs to. Every other area (dashboard, tree, seeders, test) has no list.
 */
export const SAVED_VIEW_LISTS = [
  'ads-on-approval',
  'ads',
  'ad-reports',
  'notifications',
  'user-types',
  'users',
  'countries',
  'cities',
  'currencies',
  'rejection-reasons',
  'credits',
  'reports',
  'refunds',
  'audit',
] as const satisfies readonly WithoutSlash<(typeof AREA_PATHS)[keyof typeof AREA_PATHS]>[];
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

export const SAVED_VIEW_NAME_MAX = 80;
export const LIST_COLUMNS_MAX = 50;
export const COLUMN_KEY_MAX = 60;
export const SAVED_VIEW_FILTERS_MAX = 40;
export const SAVED_VIEW_FILTER_VALUE_MAX = 500;
export const SAVED_VIEW_SORT_KEYS_MAX = 3;
/** How many lists one PUT /api/preferences may name. */
export const PREFERENCE_LISTS_MAX = 40;

const listSchema = z.enum(SAVED_VIEW_LISTS, { error: () => msg('invalid') });
/** A column's key as the list engine names it: `name`, `countries.name`, `credit_balance` … */
const columnKeySchema = z
  .string()
  .max(COLUMN_KEY_MAX)
  .regex(/^[A-Za-z0-9_.]+$/, msg('invalid'));
/** The visible columns of a list, in their order; each at most once. */
export const listColumnsSchema = z
  .array(columnKeySchema)
  .max(LIST_COLUMNS_MAX)
  .refine((keys) => new Set(keys).size === keys.length, msg('invalid'));

/** A list's state as a view keeps it: the filters as the URL carries them, sort, page size, columns. */
export const savedViewStateSchema = z.strictObject({
  filters: z
    .record(columnKeySchema, z.string().max(SAVED_VIEW_FILTER_VALUE_MAX))
    .refine((filters) => Object.keys(filters).length <= SAVED_VIEW_FILTERS_MAX, msg('invalid')),
  sortBy: z.array(columnKeySchema).max(SAVED_VIEW_SORT_KEYS_MAX),
  sortDesc: z.array(z.boolean()).max(SAVED_VIEW_SORT_KEYS_MAX),
  itemsPerPage: z.number().int().min(1).max(100),
  show_only_active: z.boolean().nullable(),
  /** Absent: the view leaves the columns as the member chose them. */
  columns: listColumnsSchema.optional(),
});
export type SavedViewState = z.infer<typeof savedViewStateSchema>;

/** Body of `POST /api/saved_views/store`. */
export const savedViewFormSchema = z.strictObject({
  list: listSchema,
  name: requiredText(SAVED_VIEW_NAME_MAX),
  state: savedViewStateSchema,
  is_shared: z.boolean().default(false),
  /** The owner's default view of the list (PUT /api/saved_views/default/{id} sets anyone's). */
  is_default: z.boolean().default(false),
});
export type SavedViewForm = z.input<typeof savedViewFormSchema>;

/** Body of `PUT /api/saved_views/update/{id}` (besides `updated_at`): a view stays on its list. */
export const savedViewUpdateSchema = savedViewFormSchema.omit({ list: true });
export type SavedViewUpdate = z.input<typeof savedViewUpdateSchema>;

/**
 * Body of `PUT /api/saved_views/default/{id}`: the view (the caller's own or a shared one) becomes
 * the caller's default of its list, replacing the one before, or stops being it.
 */
export const savedViewDefaultSchema = z.strictObject({ is_default: z.boolean() });
export type SavedViewDefault = z.infer<typeof savedViewDefaultSchema>;

/** A row of `POST /api/saved_views/index`: the caller's own views and those shared by others. */
export const savedViewRowSchema = z.object({
  id: z.number().int(),
  list: z.string(),
  name: z.string(),
  state: savedViewStateSchema,
  is_shared: z.boolean(),
  /** The caller's default view of the list (their own, or another's shared view). */
  is_default: z.boolean(),
  /** The owner: only they may rename, change or delete it (the web compares it with the caller). */
  user_id: z.number().int(),
  owner_name: z.string(),
  updated_at: timestampSchema,
});
export type SavedViewRow = z.input<typeof savedViewRowSchema>;

/** `GET /api/preferences` answers the stored lists. */
export const preferencesAnswerSchema = z.object({
  lists: z.record(z.string(), z.object({ columns: z.array(z.string()) })),
});
export type PreferencesAnswer = z.infer<typeof preferencesAnswerSchema>;

/** `PUT /api/preferences`: per list, the visible columns in order; other lists are kept as they are. */
export const preferencesSchema = z.strictObject({
  lists: z
    .partialRecord(listSchema, z.strictObject({ columns: listColumnsSchema }))
    .refine((lists) => Object.keys(lists).length <= PREFERENCE_LISTS_MAX, msg('invalid')),
});
export type Preferences = z.input<typeof preferencesSchema>;
