import { type FilterValue, type ListRequest, PAGE_SIZES, parseAmount } from '@usluge/contract';
import type { ColumnFilter, ListFilter, ResourceConfig, RowBase, SortState } from './resource-types.ts';

export type PageSize = (typeof PAGE_SIZES)[number];
export type Activity = 'active' | 'inactive' | 'all';

/**
 * A filter as the filter row edits it and the URL carries it: always text. Dates are
 * `from~to`, each side a day as typed (dd.mm.yyyy) or empty; numbers and ids their plain decimal
 * form ('1234.5', whatever the language: a link or a shared view reads the same in both), booleans
 * true/false.
 */
export type FilterDraft = Record<string, string>;

export type ListState = {
  page: number;
  pageSize: PageSize;
  sort: SortState;
  activity: Activity;
  filters: FilterDraft;
};

export const DEFAULT_ACTIVITY: Activity = 'all';
export const FIRST_PAGE_SIZE: PageSize = PAGE_SIZES[0];

/** URL parameter names. Filters are `f.<column key>`. */
const PARAM = { page: 'page', size: 'size', sort: 'sort', desc: 'desc', active: 'active' } as const;
const FILTER_PREFIX = 'f.';
// Not '..': a day may end with a dot ('01.05.2024.').
export const DATE_RANGE_SEPARATOR = '~';
const TYPED_DAY = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\.?$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A typed day as 'yyyy-mm-dd': dd.mm.yyyy in both languages (one-digit day or month and a final
 * dot allowed), or yyyy-mm-dd as pasted; null when it is not a real day.
 */
export function parseDay(text: string): string | null {
  const trimmed = text.trim();
  const typed = TYPED_DAY.exec(trimmed);
  const iso = typed ? null : ISO_DAY.exec(trimmed);
  const [year, month, day] = typed
    ? [Number(typed[3]), Number(typed[2]), Number(typed[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (year < 1) return null;
  // A calendar check without zones: 31.02. rolls over into March and is refused.
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

/** Every filter of a resource: its columns' filters, then the filters that are no column. */
export function filtersOf<Row extends RowBase>(resource: ResourceConfig<Row>): readonly ListFilter[] {
  const ofColumns = resource.columns.flatMap((column) =>
    column.filter ? [{ key: column.key, titleKey: column.titleKey, filter: column.filter }] : [],
  );
  return [...ofColumns, ...(resource.extraFilters ?? [])];
}

/** Parses one filter text for its column; null when it is empty or malformed (it is then ignored). */
export function parseFilter(filter: ColumnFilter, raw: string): FilterValue | null {
  const text = raw.trim();
  if (text === '') return null;
  switch (filter.kind) {
    case 'text':
      return { operator: 'contains', value: text };
    case 'number': {
      // The plain form only ('1234.5'): the filter field reads the language's form (filter-field.tsx).
      const n = parseAmount(text, 'request');
      return n === null ? null : { operator: filter.operator ?? 'equals', value: n };
    }
    case 'boolean':
      return text === 'true' || text === 'false' ? { operator: 'equals', value: text === 'true' } : null;
    case 'date': {
      // Whole days as the server reads them: days in Montenegro, whatever the browser's zone.
      const [from = '', to = ''] = text.split(DATE_RANGE_SEPARATOR);
      const fromDay = parseDay(from);
      const toDay = parseDay(to);
      if (fromDay === null && toDay === null) return null;
      return { operator: 'between', value: [fromDay, toDay] };
    }
    case 'select': {
      const n = Number(text);
      return { operator: 'equals', value: Number.isInteger(n) ? n : text };
    }
  }
}

/** Reads the list state from the URL; anything unknown or malformed falls back to the default. */
export function readListState<Row extends RowBase>(
  resource: ResourceConfig<Row>,
  params: URLSearchParams,
): ListState {
  const page = Number(params.get(PARAM.page));
  const size = Number(params.get(PARAM.size));
  const sortKey = params.get(PARAM.sort);
  const isSortable = resource.columns.some((c) => c.key === sortKey && c.isSortable);
  const active = params.get(PARAM.active);
  const filters: FilterDraft = {};
  for (const column of filtersOf(resource)) {
    const raw = params.get(FILTER_PREFIX + column.key);
    if (raw !== null && parseFilter(column.filter, raw) !== null) filters[column.key] = raw;
  }
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: isPageSize(size) ? size : FIRST_PAGE_SIZE,
    sort:
      sortKey !== null && isSortable
        ? { key: sortKey, isDescending: params.get(PARAM.desc) === '1' }
        : resource.defaultSort,
    activity:
      resource.hasActivityFilter !== false && (active === 'active' || active === 'inactive')
        ? active
        : DEFAULT_ACTIVITY,
    filters,
  };
}

/** Writes the list state into URL parameters, leaving defaults out so links stay short. */
export function writeListState<Row extends RowBase>(
  resource: ResourceConfig<Row>,
  state: ListState,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of [...params.keys()]) {
    if (key.startsWith(FILTER_PREFIX) || Object.values<string>(PARAM).includes(key)) params.delete(key);
  }
  if (state.page !== 1) params.set(PARAM.page, String(state.page));
  if (state.pageSize !== FIRST_PAGE_SIZE) params.set(PARAM.size, String(state.pageSize));
  const isDefaultSort =
    state.sort.key === resource.defaultSort.key &&
    state.sort.isDescending === resource.defaultSort.isDescending;
  if (!isDefaultSort) {
    params.set(PARAM.sort, state.sort.key);
    if (state.sort.isDescending) params.set(PARAM.desc, '1');
  }
  if (state.activity !== DEFAULT_ACTIVITY) params.set(PARAM.active, state.activity);
  for (const column of filtersOf(resource)) {
    const raw = state.filters[column.key];
    if (raw !== undefined && parseFilter(column.filter, raw) !== null)
      params.set(FILTER_PREFIX + column.key, raw);
  }
  return params;
}

/** The body of `POST /api/<entity>/index` for a list state. */
export function buildListRequest<Row extends RowBase>(
  resource: ResourceConfig<Row>,
  state: ListState,
): ListRequest {
  const filters: Record<string, FilterValue> = {};
  for (const column of filtersOf(resource)) {
    const raw = state.filters[column.key];
    const value = raw === undefined ? null : parseFilter(column.filter, raw);
    if (value !== null) filters[column.key] = value;
  }
  return {
    filters,
    options: {
      page: state.page,
      itemsPerPage: state.pageSize,
      sortBy: [state.sort.key],
      sortDesc: [state.sort.isDescending],
    },
    show_only_active: state.activity === 'all' ? null : state.activity === 'active',
  };
}

/** Only the filters that mean something (empty and malformed texts dropped). */
export function cleanFilters<Row extends RowBase>(
  resource: ResourceConfig<Row>,
  draft: FilterDraft,
): FilterDraft {
  const clean: FilterDraft = {};
  for (const column of filtersOf(resource)) {
    const raw = draft[column.key];
    if (raw !== undefined && parseFilter(column.filter, raw) !== null) clean[column.key] = raw.trim();
  }
  return clean;
}
