import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SAVED_VIEW_SORT_KEYS_MAX, type SavedViewList, type SavedViewState } from '@usluge/contract';
import { useCallback } from 'react';
import {
  fetchPreferences,
  fetchSavedViews,
  PREFERENCES_QUERY_KEY,
  savedViewsQueryKey,
} from '../../api/preferences-api.ts';
import { type ListState, readListState, writeListState } from './list-state.ts';
import type { ColumnConfig, ResourceConfig, RowBase } from './resource-types.ts';

/** URL parameters that carry a list's state: a list opened without any shows the default view. */
const STATE_PARAMS = new Set(['page', 'size', 'sort', 'desc', 'active']);

/**
 * Whether the address carries a list state of the member's own. A filter the screen always has
 * (`fixedFilters`: the review queue's status, which its loader puts in the address) is none.
 */
export function hasListState(
  params: URLSearchParams,
  fixedFilters: Readonly<Record<string, string>> = {},
): boolean {
  return [...params.entries()].some(([key, value]) => {
    if (STATE_PARAMS.has(key)) return true;
    if (!key.startsWith('f.')) return false;
    return fixedFilters[key.slice('f.'.length)] !== value;
  });
}

/** The keys of the columns a list shows when its member chose none. */
export function defaultColumnKeys<Row extends RowBase>(resource: ResourceConfig<Row>): string[] {
  return resource.columns.filter((column) => !column.isHiddenByDefault).map((column) => column.key);
}

/**
 * The columns to show, in the chosen order: the chosen keys that are still columns of the resource
 * (a renamed or dropped one is skipped); the defaults when nothing usable was chosen.
 */
export function visibleColumns<Row extends RowBase>(
  resource: ResourceConfig<Row>,
  chosen: readonly string[] | undefined,
): ColumnConfig<Row>[] {
  const byKey = new Map(resource.columns.map((column) => [column.key, column]));
  const shown = (chosen ?? []).flatMap((key) => byKey.get(key) ?? []);
  return shown.length > 0 ? shown : resource.columns.filter((column) => !column.isHiddenByDefault);
}

/** The list's state as a view keeps it. */
export function viewStateOf(state: ListState, columns: readonly string[] | undefined): SavedViewState {
  return {
    filters: state.filters,
    sortBy: [state.sort.key].slice(0, SAVED_VIEW_SORT_KEYS_MAX),
    sortDesc: [state.sort.isDescending],
    itemsPerPage: state.pageSize,
    show_only_active: state.activity === 'all' ? null : state.activity === 'active',
    ...(columns ? { columns: [...columns] } : {}),
  };
}

/**
 * The list state a view stands for, on page 1; whatever the screen no longer knows (a filter or
 * sort key gone since, a page size not offered) falls back to the default, as in a link.
 */
export function listStateOfView<Row extends RowBase>(
  resource: ResourceConfig<Row>,
  view: SavedViewState,
): ListState {
  const [sortKey] = view.sortBy;
  const raw: ListState = {
    page: 1,
    pageSize: view.itemsPerPage as ListState['pageSize'],
    sort: sortKey ? { key: sortKey, isDescending: view.sortDesc[0] === true } : resource.defaultSort,
    activity: view.show_only_active === null ? 'all' : view.show_only_active ? 'active' : 'inactive',
    filters: view.filters,
  };
  return readListState(resource, writeListState(resource, raw));
}

/** The member's chosen columns of one list (read once for all lists), and the way to keep new ones. */
export function useListColumns(list: SavedViewList | null) {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: PREFERENCES_QUERY_KEY,
    queryFn: ({ signal }) => fetchPreferences(signal),
    enabled: list !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const chosen = list ? preferences.data?.lists[list]?.columns : undefined;
  const remember = useCallback(
    (answer: { lists: Record<string, { columns: string[] }> }) =>
      queryClient.setQueryData(PREFERENCES_QUERY_KEY, answer),
    [queryClient],
  );
  return { chosen, isLoaded: !preferences.isPending, remember };
}

/** The list's saved views: the member's own and the shared ones. */
export function useSavedViews(list: SavedViewList | null) {
  return useQuery({
    queryKey: savedViewsQueryKey(list ?? 'users'),
    queryFn: ({ signal }) => (list ? fetchSavedViews(list, signal) : Promise.resolve([])),
    enabled: list !== null,
  });
}
