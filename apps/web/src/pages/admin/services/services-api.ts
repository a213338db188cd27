import type { ServiceNode, ServiceTreeRequest } from '@usluge/contract';
import { http } from '../../../api/http-client.ts';
import { destroyEntity, rowVersion } from '../../../api/list-api.ts';

export const SERVICES_ENTITY = 'services';
export const SERVICE_CREDIT_HISTORY_PATH = '/api/services/service-credits-history';

/** Every read of the tree shares this prefix: a change invalidates them all. */
export const SERVICE_TREE_KEY = ['services', 'tree'] as const;

export type ServiceTreeQuery = { isInactiveShown: boolean; search: string };

export function serviceTreeQueryKey(query: ServiceTreeQuery) {
  return [...SERVICE_TREE_KEY, query] as const;
}

/**
 * The whole tree, or (with a search) the matching nodes with their ancestors. The whole catalogue
 * comes in one answer; the tree view mounts only what is expanded, so a few thousand nodes stay light.
 */
export function fetchServiceTree({ isInactiveShown, search }: ServiceTreeQuery, signal?: AbortSignal) {
  const name = search.trim();
  const body: ServiceTreeRequest = {
    is_single_level: false,
    show_inactive_items: isInactiveShown,
    ...(name === '' ? {} : { filters: { name } }),
  };
  return http.post<{ result: ServiceNode[]; total_rows: number }>('/api/services/index_active', body, {
    signal,
  });
}

/** Marks a node as a favourite (listed first), or unmarks it; answers the node as it is now. */
export function toggleFavourite(node: ServiceNode, idempotencyKey: string) {
  const version = rowVersion(node);
  const query = version === undefined ? '' : `?${new URLSearchParams({ updated_at: version })}`;
  return http.get<ServiceNode>(`/api/services/set-unset-favorite-service/${node.id}${query}`, {
    idempotencyKey,
  });
}

/**
 * Deactivates a node (a folder with its whole subtree: `changed_nodes` says how many), or restores
 * it; a restore under an inactive parent is refused with a message naming the parent. `isWithItems`
 * restores a folder together with the nodes its deactivation turned off (`deactivated_items`).
 */
export function toggleServiceActive(node: ServiceNode, idempotencyKey: string, isWithItems = false) {
  return destroyEntity<ServiceNode>(SERVICES_ENTITY, node.id, {
    version: rowVersion(node),
    idempotencyKey,
    params: isWithItems ? { with_items: 'true' } : {},
  });
}
