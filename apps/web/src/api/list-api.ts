import { type ListRequest, type ListResponse, PICKER_PAGE_SIZE } from '@usluge/contract';
import { type HttpRequestOptions, http } from './http-client.ts';

/** Endpoint names as the API spells them: `users`, `os_countries`, `user_types` … */
export type EntityName = string;

export type EntityId = number | string;

export function fetchList<Row>(entity: EntityName, body: ListRequest, signal?: AbortSignal) {
  return fetchListAt<Row>(`/api/${entity}/index`, body, signal);
}

/** A list read at a path of its own (`/api/credit_prices/credit-price-history`). */
export function fetchListAt<Row>(path: string, body: ListRequest, signal?: AbortSignal) {
  return http.post<ListResponse<Row>>(path, body, { signal });
}

/** SPEC.md section 9: pickers load page 1 of 1000 items, oldest first. */
export const PICKER_REQUEST = {
  filters: {},
  options: { page: 1, itemsPerPage: PICKER_PAGE_SIZE, sortBy: ['updated_at'], sortDesc: [false] },
  show_only_active: true,
} as const satisfies ListRequest;

export function fetchPicker<Row>(entity: EntityName, signal?: AbortSignal) {
  return http.post<ListResponse<Row>>(`/api/${entity}/index_active`, PICKER_REQUEST, { signal });
}

/** What a write may tell the HTTP client: the form fields that show their own errors. */
type WriteOptions = Pick<HttpRequestOptions, 'shownFields'>;

export function storeEntity<Row>(entity: EntityName, body: unknown, options?: WriteOptions) {
  return http.post<Row>(`/api/${entity}/store`, body, options);
}

export function updateEntity<Row>(
  entity: EntityName,
  id: EntityId,
  body: unknown,
  method: 'PUT' | 'POST' = 'PUT',
  options?: WriteOptions,
) {
  const path = `/api/${entity}/update/${encodeURIComponent(String(id))}`;
  return method === 'PUT' ? http.put<Row>(path, body, options) : http.post<Row>(path, body, options);
}

/** Toggles `is_active`: deletes an active row, restores an inactive one (DESIGN.md section 3). */
export function destroyEntity(entity: EntityName, id: EntityId) {
  return http.delete<unknown>(`/api/${entity}/destroy/${encodeURIComponent(String(id))}`);
}
