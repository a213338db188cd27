import type { ServiceTreeRequest } from '@usluge/contract';
import { api } from '../../../api/api-client.ts';
import type { components } from '../../../api/generated/api-paths.ts';
import { destroyEntity, rowVersion } from '../../../api/list-api.ts';

/**
 * A node of the services tree as the API answers it (the document's `ServiceNode`: its
 * `updated_at` is the version's text, sent back as it came).
 */
export type ServiceNode = components['schemas']['ServiceNode'];

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
  return api.post('/api/services/index_active', { body, signal });
}

/** Marks a node as a favourite (listed first), or unmarks it; answers the node as it is now. */
export function toggleFavourite(node: ServiceNode, idempotencyKey: string) {
  const version = rowVersion(node);
  return api.get('/api/services/set-unset-favorite-service/{id}', {
    params: { id: node.id },
    query: version === undefined ? {} : { updated_at: version },
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
