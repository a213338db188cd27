import type { ServiceNode } from '@usluge/contract';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { qualified } from '../../db/qualified-column.ts';
import { sortCollated } from '../../db/schema/columns.ts';
import { services } from '../../db/schema/index.ts';
import { foldedContains } from '../../list-engine/list-query.ts';
import { type ServiceNodeRow, serviceNodeColumns } from './service-list.ts';

/** Favourites first, then by name as the lists sort text (Š beside S), then by id. */
const NODE_ORDER = [desc(services.is_favorite), sortCollated(services.name), asc(services.id)];

const onlyActive = (showInactive: boolean | undefined) =>
  showInactive ? undefined : eq(services.is_active, true);

/** Flat rows (already in order) into a tree; a node whose parent is not among them is a root. */
function assemble(rows: (ServiceNodeRow & Partial<ServiceNode>)[]): ServiceNode[] {
  const nodes = new Map<number, ServiceNode>(rows.map((row) => [row.id, { ...row, services: [] }]));
  const roots: ServiceNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.service_id === null ? undefined : nodes.get(node.service_id);
    (parent ? parent.services : roots).push(node);
  }
  return roots;
}

/** The whole catalogue as a tree. */
export async function readServiceTree(db: Database, showInactive?: boolean): Promise<ServiceNode[]> {
  const rows = await db
    .select(serviceNodeColumns)
    .from(services)
    .where(onlyActive(showInactive))
    .orderBy(...NODE_ORDER);
  return assemble(rows);
}

/** The children of one folder (or the top level), each saying whether it has children of its own. */
export async function readServiceLevel(
  db: Database,
  parentId: number | null,
  showInactive?: boolean,
): Promise<ServiceNode[]> {
  const rows = await db
    .select({
      ...serviceNodeColumns,
      has_children: sql<boolean>`exists (select 1 from ${services} c where c.service_id = ${qualified(services.id)}${
        showInactive ? sql`` : sql` and c.is_active`
      })`,
    })
    .from(services)
    .where(
      and(
        parentId === null ? isNull(services.service_id) : eq(services.service_id, parentId),
        onlyActive(showInactive),
      ),
    )
    .orderBy(...NODE_ORDER);
  return rows.map((row) => ({ ...row, services: [] }));
}

/**
 * The nodes whose name contains the text, with all their ancestors so that the tree still reads
 * (a matched service shows under its folder); `is_match` tells the matches from the context.
 */
export async function searchServiceTree(
  db: Database,
  text: string,
  showInactive?: boolean,
): Promise<ServiceNode[]> {
  const activeOnly: SQL = showInactive ? sql`true` : sql`s.is_active`;
  const lineage = sql`
    with recursive matched as (
      select s.id from ${services} s where ${foldedContains(sql`s.name`, text)} and ${activeOnly}
    ), lineage as (
      select id from matched
      union
      select s.service_id from ${services} s join lineage l on s.id = l.id where s.service_id is not null
    )
    select id from lineage`;
  const matched = sql`select s.id from ${services} s where ${foldedContains(sql`s.name`, text)} and ${activeOnly}`;
  const rows = await db
    .select({ ...serviceNodeColumns, is_match: sql<boolean>`${services.id} in (${matched})` })
    .from(services)
    .where(sql`${services.id} in (${lineage})`)
    .orderBy(...NODE_ORDER);
  return assemble(rows);
}

/** How many nodes a tree holds, at every depth. */
export const countNodes = (nodes: ServiceNode[]): number =>
  nodes.reduce((sum, node) => sum + 1 + countNodes(node.services), 0);
