import { z } from 'zod';
import { msgWith } from './validation.ts';

/** Comparison a list filter applies; each resource allows a subset per column. */
export const FILTER_OPERATORS = ['contains', 'equals', 'gte', 'lte', 'between', 'in'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type FilterScalar = z.infer<typeof scalar>;

/**
 * A filter value: a bare value uses the column's default operator; the explicit form names one.
 * `between` takes `[from, to]` (either may be null), `in` a list of values.
 */
export const filterValueSchema = z.union([
  scalar,
  z.array(scalar),
  z.object({
    operator: z.enum(FILTER_OPERATORS),
    value: z.union([scalar, z.array(scalar)]),
  }),
]);
export type FilterValue = z.infer<typeof filterValueSchema>;

export const REPORT_TYPES = ['pdf', 'xlsx', 'docx'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const PAGE_SIZES = [10, 20, 30, 50, 100] as const;
/** Pickers load one big page (SPEC.md section 9). */
export const PICKER_PAGE_SIZE = 1000;
export const MAX_PAGE_SIZE = 1000;

/** Columns of one report at most (a list has a few dozen; Excel's limit is 16 384). */
export const MAX_REPORT_COLUMNS = 100;

/** Sort keys of one request at most: a screen sorts by one, and each key costs the database. */
export const MAX_SORT_KEYS = 10;
const hasSortKeysWithin = (keys: readonly unknown[]) => keys.length <= MAX_SORT_KEYS;
const sortKeysMessage = msgWith('max_sort_keys', { n: MAX_SORT_KEYS });

type SortOptions = { sortBy: string[]; sortDesc: boolean[] };

/** Each sort key once, with the direction of its first occurrence: a repeat cannot change the order. */
function withUniqueSortKeys<T extends SortOptions>(options: T): T {
  const sortBy: string[] = [];
  const sortDesc: boolean[] = [];
  options.sortBy.forEach((key, index) => {
    if (sortBy.includes(key)) return;
    sortBy.push(key);
    sortDesc.push(options.sortDesc[index] === true);
  });
  return { ...options, sortBy, sortDesc };
}

export const reportColumnSchema = z.union([
  z.string(),
  z.object({ key: z.string(), title: z.string().max(200).optional() }),
]);
export type ReportColumn = z.infer<typeof reportColumnSchema>;

/** A list's filters by column key; each key, operator and value is checked by the list's declaration. */
export const listFiltersSchema = z.record(z.string(), filterValueSchema);

/** Body of every `POST /api/<entity>/index` and `index_active` (DESIGN.md section 4). */
export const listRequestSchema = z.object({
  filters: listFiltersSchema.optional().default({}),
  options: z
    .object({
      page: z.coerce.number().int().min(1).optional().default(1),
      itemsPerPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().default(10),
      sortBy: z.array(z.string()).refine(hasSortKeysWithin, sortKeysMessage).optional().default([]),
      sortDesc: z.array(z.boolean()).refine(hasSortKeysWithin, sortKeysMessage).optional().default([]),
    })
    .transform(withUniqueSortKeys)
    .optional()
    .default({ page: 1, itemsPerPage: 10, sortBy: [], sortDesc: [] }),
  /** true: active only; false: inactive only; absent or null: all. */
  show_only_active: z.boolean().nullable().optional(),
  show_columns: z.array(reportColumnSchema).max(MAX_REPORT_COLUMNS).optional(),
  is_report: z.boolean().optional().default(false),
  report_name: z.string().max(120).optional(),
  report_type: z.enum(REPORT_TYPES).optional(),
  report_ignore_pagination: z.boolean().optional(),
});
export type ListRequest = z.input<typeof listRequestSchema>;
export type ParsedListRequest = z.output<typeof listRequestSchema>;

/**
 * Answer of a list read. `total_rows_exact` is false when the total is an estimate (a sample of
 * the table's pages, or the planner's figure).
 */
export type ListResponse<Row> = {
  result: Row[];
  total_rows: number;
  total_rows_exact: boolean;
};

/** Totals are counted exactly up to this many rows; above it they are estimated. */
export const EXACT_COUNT_CAP = 10_000;

export function listResponseSchema<T extends z.ZodType>(row: T) {
  return z.object({
    result: z.array(row),
    total_rows: z.number().int(),
    total_rows_exact: z.boolean(),
  });
}
