import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HttpError } from '../../api/http-error.ts';
import { destroyEntity, fetchList, rowVersion } from '../../api/list-api.ts';
import { feedback } from '../feedback/feedback-store.ts';
import {
  type Activity,
  buildListRequest,
  cleanFilters,
  DEFAULT_ACTIVITY,
  FIRST_PAGE_SIZE,
  type FilterDraft,
  type ListState,
  type PageSize,
  readListState,
  writeListState,
} from './list-state.ts';
import { type ResourceConfig, type RowBase, resourceMessages, type SortState } from './resource-types.ts';

/**
 * The list engine: the list state lives in the URL (filters, sort, page, page size, activity), so a
 * reload or a shared link shows the same list; the rows come from `POST /api/<entity>/index`.
 */
export function useListEngine<Row extends RowBase>(resource: ResourceConfig<Row>) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(resource, params), [resource, params]);
  const request = useMemo(() => buildListRequest(resource, state), [resource, state]);

  const query = useQuery({
    // The entity first, so invalidating ['list', entity] after a write reloads its every list.
    queryKey: ['list', resource.entity, request, resource.listEntity ?? resource.entity],
    queryFn: ({ signal }) => fetchList<Row>(resource.listEntity ?? resource.entity, request, signal),
    // While the next page loads the previous one stays, but never another resource's rows: its
    // columns would render them.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === resource.entity ? keepPreviousData(previous) : undefined,
  });

  const go = useCallback(
    (next: ListState) => setParams(writeListState(resource, next, params)),
    [resource, params, setParams],
  );

  /** Applying filters goes back to page 1 with the first page size (SPEC.md section 9). */
  const applyFilters = useCallback(
    (draft: FilterDraft) =>
      go({ ...state, filters: cleanFilters(resource, draft), page: 1, pageSize: FIRST_PAGE_SIZE }),
    [go, resource, state],
  );

  const clearFilters = useCallback(
    () => go({ ...state, filters: {}, activity: DEFAULT_ACTIVITY, page: 1, pageSize: FIRST_PAGE_SIZE }),
    [go, state],
  );

  const setActivity = useCallback(
    (activity: Activity) => go({ ...state, activity, page: 1, pageSize: FIRST_PAGE_SIZE }),
    [go, state],
  );

  const setPage = useCallback((page: number) => go({ ...state, page }), [go, state]);

  /** A whole state at once (a saved view's). */
  const applyState = useCallback((next: ListState) => go(next), [go]);

  const setPageSize = useCallback((pageSize: PageSize) => go({ ...state, pageSize, page: 1 }), [go, state]);

  const setSort = useCallback((sort: SortState) => go({ ...state, page: 1, sort }), [go, state]);

  /** The same column again flips the direction; another column starts ascending. */
  const toggleSort = useCallback(
    (key: string) =>
      go({
        ...state,
        page: 1,
        sort: { key, isDescending: state.sort.key === key ? !state.sort.isDescending : false },
      }),
    [go, state],
  );

  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);

  /** Deactivates or restores the row as it was read: a stale toggle is refused (409). */
  const toggleActive = useMutation({
    mutationFn: ({
      row,
      idempotencyKey,
      params,
    }: {
      row: Row;
      idempotencyKey: string;
      /** The resource's own destroy options (its deactivateAlternative's). */
      params?: Readonly<Record<string, string>>;
    }) =>
      destroyEntity(resource.entity, row.id, {
        version: rowVersion(row),
        idempotencyKey,
        ...(params ? { params } : {}),
      }),
    onSuccess: (_, { row }) => {
      const messages = resourceMessages(resource.messagesKey);
      feedback.showSuccess(row.is_active === false ? t(messages.restored) : t(messages.deactivated));
      refresh();
    },
    // Someone changed the row meanwhile: the error dialog says so, the list shows it as it is now.
    onError: (error) => {
      if (error instanceof HttpError && error.isStaleWrite) refresh();
    },
  });

  return {
    state,
    request,
    rows: query.data?.result ?? [],
    totalRows: query.data?.total_rows ?? 0,
    isTotalExact: query.data?.total_rows_exact ?? true,
    isLoading: query.isPending,
    isFetching: query.isFetching,
    isError: query.isError,
    applyFilters,
    clearFilters,
    setActivity,
    setPage,
    applyState,
    setPageSize,
    toggleSort,
    setSort,
    refresh,
    toggleActive,
  };
}

export type ListEngine<Row extends RowBase> = ReturnType<typeof useListEngine<Row>>;
