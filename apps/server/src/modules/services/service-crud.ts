import { type ServiceForm, serviceDestroyQuerySchema, serviceFormSchema } from '@usluge/contract';
import { and, eq, sql } from 'drizzle-orm';
import { appendAudit, changedFields } from '../../audit/append-audit.ts';
import { defineCrud } from '../../crud/crud-definition.ts';
import { nextVersion } from '../../crud/row-version.ts';
import type { Database } from '../../db/client.ts';
import { serviceCreditHistory, services } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { serviceList } from './service-list.ts';

type ParsedServiceForm = ServiceForm & {
  is_service: boolean;
  service_id: number | null;
  credit: number | null;
};

async function nodeOf(tx: Database, id: number) {
  const [node] = await tx
    .select({
      id: services.id,
      name: services.name,
      isService: services.is_service,
      isActive: services.is_active,
      parentId: services.service_id,
    })
    .from(services)
    .where(eq(services.id, id));
  return node ?? null;
}

/** The node and all its descendants' ids (a recursive walk down the tree). */
const subtreeOf = (id: number) => sql`
  with recursive subtree as (
    select s.id from ${services} s where s.id = ${id}
    union
    select s.id from ${services} s join subtree t on s.service_id = t.id
  )
  select id from subtree`;

async function assertParentAllowed(tx: Database, id: number | undefined, parentId: number | null) {
  if (parentId === null) return;
  const parent = await nodeOf(tx, parentId);
  if (!parent) throw new AppError(422, 'invalid_reference', {}, 'service_id');
  if (parent.isService)
    throw new AppError(422, 'service_parent_not_folder', { name: parent.name }, 'service_id');
  if (id === undefined) return;
  // The new parent inside the node's own subtree would make a cycle.
  const [cycle] = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.id, parentId), sql`${services.id} in (${subtreeOf(id)})`))
    .limit(1);
  if (cycle) throw new AppError(422, 'service_cycle', {}, 'service_id');
}

/**
 * A node just restored: with `with_items`, the nodes its deactivation turned off come back with it
 * (those deactivated before, on their own, stay off); without, they stay off and count as
 * deactivated on their own from now on. Answers how many came back.
 */
async function restoreDeactivatedWith(
  tx: Database,
  id: number,
  options: Record<string, unknown> | undefined,
): Promise<number> {
  const restored = await tx
    .update(services)
    .set(
      options?.with_items === true
        ? { is_active: true, deactivated_with_id: null, updated_at: nextVersion(services.updated_at) }
        : { deactivated_with_id: null },
    )
    .where(and(eq(services.deactivated_with_id, id), eq(services.is_active, false)))
    .returning({ id: services.id });
  if (options?.with_items !== true) return 0;
  await appendTogglesWith(tx, restored, id, true);
  return restored.length;
}

/** A toggle entry for each node that went off, or came back, with folder `folderId` (beside its own). */
function appendTogglesWith(
  tx: Database,
  nodes: readonly { id: number }[],
  folderId: number,
  isActive: boolean,
) {
  const changes = changedFields(
    { is_active: !isActive, deactivated_with_id: isActive ? folderId : null },
    { is_active: isActive, deactivated_with_id: isActive ? null : folderId },
  );
  return appendAudit(
    tx,
    nodes.map((node) => ({ action: 'toggle' as const, recordType: 'services', recordId: node.id, changes })),
  );
}

/**
 * The catalogue's nodes: folders and services. A child only under a folder; no node under itself
 * or its own descendants; a folder with children stays a folder. Deactivating a folder deactivates
 * its whole subtree; a node is restored only under an active parent, a folder with the items its
 * deactivation turned off when asked (`?with_items=true`). Every change of a service's
 * credit cost is kept in its history (leads already taken keep what they cost then).
 */
export const serviceCrud = defineCrud({
  list: serviceList,
  table: services,
  formSchema: serviceFormSchema,
  uploads: [{ field: 'icon', folder: 'service_icons', column: 'icon_url', removeField: 'remove_icon' }],
  constraints: {
    services_service_id_services_id_fk: { status: 422, field: 'service_id', message: 'invalid_reference' },
  },
  access: 'administrator',
  destroyQuerySchema: serviceDestroyQuerySchema,
  // The folder a node is under.
  namedReferences: { service_id: services },
  async beforeWrite(tx, { kind, id, form }) {
    if (kind === 'destroy') {
      const node = id === undefined ? null : await nodeOf(tx, id);
      if (!node) throw notFound();
      const parent = node.parentId === null ? null : await nodeOf(tx, node.parentId);
      if (!node.isActive && parent && !parent.isActive) {
        throw new AppError(409, 'service_parent_inactive', { name: parent.name });
      }
      return;
    }
    const { service_id: parentId, is_service: isService } = form as ParsedServiceForm;
    await assertParentAllowed(tx, id, parentId);
    if (kind === 'update' && id !== undefined && isService) {
      const [child] = await tx
        .select({ id: services.id })
        .from(services)
        .where(eq(services.service_id, id))
        .limit(1);
      if (child) throw new AppError(422, 'service_folder_has_children', {}, 'is_service');
    }
  },
  async afterWrite(tx, { id, kind, actorId, options }) {
    if (kind === 'destroy') {
      const node = await nodeOf(tx, id);
      if (node?.isActive) return { changed_nodes: 1 + (await restoreDeactivatedWith(tx, id, options)) };
      const changed = await tx
        .update(services)
        .set({ is_active: false, deactivated_with_id: id, updated_at: nextVersion(services.updated_at) })
        .where(sql`${services.id} in (${subtreeOf(id)}) and ${services.is_active}`)
        .returning({ id: services.id });
      await appendTogglesWith(tx, changed, id, false);
      return { changed_nodes: changed.length + 1 };
    }
    await tx.execute(sql`
      insert into ${serviceCreditHistory} (service_id, credit, changed_by_user_id)
      select s.id, s.credit, ${actorId}
      from ${services} s
      where s.id = ${id} and s.is_service and s.credit is not null
        and s.credit is distinct from (
          select h.credit from ${serviceCreditHistory} h
          where h.service_id = s.id
          order by h.id desc
          limit 1)`);
  },
});
