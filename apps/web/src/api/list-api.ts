import { type ListRequest, type ListResponse, PICKER_PAGE_SIZE } from '@usluge/contract';
import { http } from './http-client.ts';

/** Endpoint names as the API spells them: `users`, `os_countries`, `user_types` … */
export type EntityName = string;

export type EntityId = number | string;

export function fetchList<Row>(entity: EntityName, body: ListRequest, signal?: AbortSignal) {
  return http.post<ListResponse<Row>>(`/api/${entity}/index`, body, { signal });
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

export function storeEntity<Row>(entity: EntityName, body: unknown) {
  return http.post<Row>(`/api/${entity}/store`, body);
}

export function updateEntity<Row>(
  entity: EntityName,
  id: EntityId,
  body: unknown,
  method: 'PUT' | 'POST' = 'PUT',
) {
  const path = `/api/${entity}/update/${encodeURIComponent(String(id))}`;
  return method === 'PUT' ? http.put<Row>(path, body) : http.post<Row>(path, body);
}

/** Toggles `is_active`: deletes an active row, restores an inactive one (DESIGN.md section 3). */
export function destroyEntity(entity: EntityName, id: EntityId) {
  return http.delete<unknown>(`/api/${entity}/destroy/${encodeURIComponent(String(id))}`);
}
