import type { ServiceNode } from './services-api.ts';

/** The tree view's item id of a node (the tree library wants strings). */
export function itemIdOf(node: Pick<ServiceNode, 'id'>): string {
  return String(node.id);
}

/** Every node of the answer, depth first, in the order the server gave. */
export function* walkNodes(nodes: readonly ServiceNode[]): Generator<ServiceNode> {
  for (const node of nodes) {
    yield node;
    yield* walkNodes(node.services);
  }
}

/** Every node's depth: 0 at the top, 1 inside a top folder, … */
export function depthsOf(nodes: readonly ServiceNode[]): Map<number, number> {
  const depths = new Map<number, number>();
  const visit = (level: readonly ServiceNode[], depth: number) => {
    for (const node of level) {
      depths.set(node.id, depth);
      visit(node.services, depth + 1);
    }
  };
  visit(nodes, 0);
  return depths;
}

/**
 * The folders a node may be moved into, each named by its path ('Bašta / Orezivanje'), in tree
 * order: every folder but the node itself and those inside it (the server refuses those too).
 */
export function folderChoicesFor(
  nodes: readonly ServiceNode[],
  movedId: number | null,
): { value: number; label: string }[] {
  const choices: { value: number; label: string }[] = [];
  const visit = (level: readonly ServiceNode[], path: string) => {
    for (const node of level) {
      if (node.is_service || node.id === movedId) continue;
      const label = path === '' ? node.name : `${path} / ${node.name}`;
      choices.push({ value: node.id, label });
      visit(node.services, label);
    }
  };
  visit(nodes, '');
  return choices;
}

/** The node with this id anywhere in the tree, or undefined. */
export function findNode(nodes: readonly ServiceNode[], id: number): ServiceNode | undefined {
  for (const node of walkNodes(nodes)) if (node.id === id) return node;
  return undefined;
}

/**
 * The items to expand so that every match of a search answer shows: the folders holding matches.
 * The server answers only the matches and their ancestors, so every node with children qualifies.
 */
export function expandedForSearch(nodes: readonly ServiceNode[]): string[] {
  const ids: string[] = [];
  for (const node of walkNodes(nodes)) if (node.services.length > 0) ids.push(itemIdOf(node));
  return ids;
}

/** A name cut around the searched text: the parts before, the match itself, and after. */
export type HighlightParts = { before: string; match: string; after: string };

/**
 * Where the search text sits in a name, compared without case as the server's `ilike` does;
 * null when it is not there (no search, or a node shown only as an ancestor of a match).
 */
export function highlightParts(name: string, search: string): HighlightParts | null {
  const needle = search.trim().toLocaleLowerCase('sr-Latn');
  if (needle === '') return null;
  const at = name.toLocaleLowerCase('sr-Latn').indexOf(needle);
  if (at < 0) return null;
  return {
    before: name.slice(0, at),
    match: name.slice(at, at + needle.length),
    after: name.slice(at + needle.length),
  };
}
