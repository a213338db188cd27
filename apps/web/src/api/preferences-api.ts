import type { SavedViewRow, SavedViewState } from '@usluge/contract';
import { SAVED_VIEW_LISTS, type SavedViewList } from '@usluge/contract';
import { api } from './api-client.ts';
import { rowVersion } from './list-api.ts';

export const PREFERENCES_QUERY_KEY = ['preferences'] as const;
export const savedViewsQueryKey = (list: SavedViewList) => ['saved_views', list] as const;

/** The list a screen's path names (`/users` → users), or null for a path that is no list screen. */
export function savedViewListOf(pathname: string): SavedViewList | null {
  const name = pathname.replace(/^\/+|\/+$/g, '');
  return (SAVED_VIEW_LISTS as readonly string[]).includes(name) ? (name as SavedViewList) : null;
}

/**
 * The member's column choices. A list works without them (its default columns), so a failure to
 * read them opens no error dialog.
 */
export function fetchPreferences(signal?: AbortSignal) {
  return api.get('/api/preferences', { signal, isErrorDialogSuppressed: true });
}

/** Keeps one list's visible columns (the other lists' stay as they are). */
export function saveListColumns(list: SavedViewList, columns: readonly string[], idempotencyKey: string) {
  return api.put('/api/preferences', {
    body: { lists: { [list]: { columns: [...columns] } } },
    idempotencyKey,
  });
}

/** The list's views: the member's own and the shared ones (none offered when they cannot be read). */
export async function fetchSavedViews(list: SavedViewList, signal?: AbortSignal) {
  const answer = await api.post('/api/saved_views/index', {
    body: { filters: { list: { operator: 'equals', value: list } }, options: { page: 1, itemsPerPage: 100 } },
    signal,
    isErrorDialogSuppressed: true,
  });
  return answer.result;
}

export type SavedViewFields = { name: string; is_shared: boolean; is_default: boolean };

export function storeSavedView(
  list: SavedViewList,
  fields: SavedViewFields,
  state: SavedViewState,
  idempotencyKey: string,
) {
  return api.post('/api/saved_views/store', {
    body: { list, state, ...fields },
    idempotencyKey,
    shownFields: ['name'],
  });
}

/** Renames a view or changes its sharing or default; its state stays. */
export function updateSavedView(view: SavedViewRow, fields: SavedViewFields, idempotencyKey: string) {
  return api.put('/api/saved_views/update/{id}', {
    params: { id: view.id },
    body: { state: view.state, ...fields, updated_at: rowVersion(view) },
    idempotencyKey,
    shownFields: ['name'],
  });
}

/** Makes a view (one's own or a shared one) the caller's default of its list, or stops it being so. */
export function setDefaultSavedView(view: SavedViewRow, isDefault: boolean, idempotencyKey: string) {
  return api.put('/api/saved_views/default/{id}', {
    params: { id: view.id },
    body: { is_default: isDefault },
    idempotencyKey,
  });
}

export function destroySavedView(view: SavedViewRow, idempotencyKey: string) {
  return api.delete('/api/saved_views/destroy/{id}', {
    params: { id: view.id },
    query: { updated_at: rowVersion(view) },
    idempotencyKey,
  });
}
