import { type ListRequest, type ListResponse, PICKER_PAGE_SIZE } from '@usluge/contract';
import type { ApiPath } from './api-client.ts';
import { type HttpRequestOptions, http } from './http-client.ts';

/** The resources the API document has `POST /api/<entity>/<action>` for (one path segment). */
type EntitiesWith<Action extends string> =
  ApiPath<'post'> extends infer P
    ? P extends `/api/${infer E}/${Action}`
      ? E extends `${string}/${string}`
        ? never
        : E
      : never
    : never;

/**
 * The generic screens' resources as the API spells them (`users`, `os_countries`, `user_types` …):
 * the ones whose list, `POST /api/<entity>/index`, the API document has, so a name the server does
 * not answer does not compile. The generic engine reads and writes them all through one path
 * template, so its rows are the contract's row types the caller names (packages/contract
 * entities.ts: the schemas the server answers with, from which the document itself is written).
 */
export type EntityName = EntitiesWith<'index'>;
/** Lists with the active choices of a picker: `POST /api/<entity>/index_active`. */
export type PickerEntity = EntitiesWith<'index_active'>;
/** Resources with a form: `POST /api/<entity>/store` (the services tree has no `/index`). */
export type StoreEntity = EntitiesWith<'store'>;
/** What the generic screens read or write: a list or a resource with a form. */
export type ResourceEntity = EntityName | StoreEntity;
/** Paths that answer a list page: `/index`, `/index_active` and the histories (`…-history`). */
export type ListPath = Extract<
  ApiPath<'post'>,
  `${string}/index` | `${string}/index_active` | `${string}-history`
>;

export type EntityId = number | string;

export function fetchList<Row>(entity: EntityName, body: ListRequest, signal?: AbortSignal) {
  return fetchListAt<Row>(`/api/${entity}/index`, body, signal);
}

/** A list read at a path of its own (`/api/credit_prices/credit-price-history`). */
export function fetchListAt<Row>(path: ListPath, body: ListRequest, signal?: AbortSignal) {
  return http.post<ListResponse<Row>>(path, body, { signal });
}

/** SPEC.md section 9: pickers load page 1 of 1000 items, oldest first. */
export const PICKER_REQUEST = {
  filters: {},
  options: { page: 1, itemsPerPage: PICKER_PAGE_SIZE, sortBy: ['updated_at'], sortDesc: [false] },
  show_only_active: true,
} as const satisfies ListRequest;

/** Pickers sorted otherwise than by updated_at: the ad statuses in their workflow order (ids). */
const PICKER_SORT_KEYS: Readonly<Partial<Record<PickerEntity, string>>> = { ad_statuses: 'id' };

export function fetchPicker<Row>(entity: PickerEntity, signal?: AbortSignal) {
  const sortKey = PICKER_SORT_KEYS[entity];
  const body = sortKey
    ? { ...PICKER_REQUEST, options: { ...PICKER_REQUEST.options, sortBy: [sortKey] } }
    : PICKER_REQUEST;
  return http.post<ListResponse<Row>>(`/api/${entity}/index_active`, body, { signal });
}

/**
 * What a write may tell the HTTP client: the form fields that show their own errors, whether the
 * caller shows a stale write's conflict itself, and the submit's `Idempotency-Key`.
 */
type WriteOptions = Pick<HttpRequestOptions, 'shownFields' | 'isStaleWriteShown' | 'idempotencyKey'>;

/**
 * The version of a row as the API answered it (its `updated_at`, sent back exactly so): a write
 * carrying it is refused with 409 when someone changed the row since. Undefined for a row without one.
 */
export function rowVersion(row: unknown): string | undefined {
  if (typeof row !== 'object' || row === null) return undefined;
  const { updated_at: version } = row as { updated_at?: unknown };
  // Typed as a Date where the contract decodes it; on the wire (and so here) it is the ISO text.
  if (version instanceof Date) return version.toISOString();
  return typeof version === 'string' && version !== '' ? version : undefined;
}

/** The body with the version it edits: a field of the JSON object or of the multipart form. */
function withVersion(body: unknown, version: string | undefined): unknown {
  if (version === undefined) return body;
  if (body instanceof FormData) {
    body.set('updated_at', version);
    return body;
  }
  return { ...(body as Record<string, unknown>), updated_at: version };
}

export function storeEntity<Row>(entity: ResourceEntity, body: unknown, options?: WriteOptions) {
  return http.post<Row>(`/api/${entity}/store`, body, options);
}

/** `version`: the `updated_at` of the row as it was read (rowVersion); a stale one is a 409. */
export function updateEntity<Row>(
  entity: ResourceEntity,
  id: EntityId,
  body: unknown,
  method: 'PUT' | 'POST' = 'PUT',
  { version, ...options }: WriteOptions & { version?: string } = {},
) {
  const path = `/api/${entity}/update/${encodeURIComponent(String(id))}`;
  const sent = withVersion(body, version);
  return method === 'PUT' ? http.put<Row>(path, sent, options) : http.post<Row>(path, sent, options);
}

/**
 * Toggles `is_active`: deletes an active row, restores an inactive one (DESIGN.md section 3).
 * `version` as in updateEntity; `params`: the entity's own query parameters (a folder's `with_items`).
 */
export function destroyEntity<Row = unknown>(
  entity: ResourceEntity,
  id: EntityId,
  {
    version,
    params = {},
    ...options
  }: WriteOptions & { version?: string; params?: Readonly<Record<string, string>> } = {},
) {
  const query = new URLSearchParams({
    ...params,
    ...(version === undefined ? {} : { updated_at: version }),
  }).toString();
  const search = query === '' ? '' : `?${query}`;
  return http.delete<Row>(`/api/${entity}/destroy/${encodeURIComponent(String(id))}${search}`, options);
}
