import {
  idNameSchema,
  type ServiceNode,
  serviceCreditHistoryRowSchema,
  serviceNodeSchema,
} from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { qualified } from '../../db/qualified-column.ts';
import { serviceCreditHistory, services, users } from '../../db/schema/index.ts';
import { defineList, type RowScope } from '../../list-engine/list-definition.ts';
import { personName } from '../users/user-list.ts';

/** A node's own columns, as every services answer gives them. */
export const serviceNodeColumns = {
  id: services.id,
  name: services.name,
  description: services.description,
  is_service: services.is_service,
  credit: services.credit,
  icon_url: services.icon_url,
  service_id: services.service_id,
  is_active: services.is_active,
  is_favorite: services.is_favorite,
  updated_at: services.updated_at,
  deactivated_items: sql<number>`case when ${qualified(services.is_active)} then 0 else (
    select count(*)::int from ${services} d where d.deactivated_with_id = ${qualified(services.id)}) end`,
};

export type ServiceNodeRow = Omit<ServiceNode, 'services'>;

export const loadServiceNodes = async (db: Database, scope: RowScope): Promise<ServiceNode[]> => {
  const rows = await db.select(serviceNodeColumns).from(services).where(scope.where).orderBy(scope.orderBy);
  return rows.map((row) => ({ ...row, services: [] }));
};

/**
 * One node, as the writes answer it (no children). The catalogue is read as a tree through
 * `index_active` (service-tree.ts), not as a list, so this declaration serves no list route.
 */
export const serviceList = defineList({
  resource: 'services',
  routes: [],
  from: sql`${services}`,
  id: services.id,
  isActiveColumn: services.is_active,
  defaultSort: { key: 'name', isDescending: false },
  columns: {
    name: { expression: services.name, type: 'text', operators: ['contains'], isSortable: true },
    updated_at: { expression: services.updated_at, type: 'date', isSortable: true },
  },
  rowSchema: serviceNodeSchema,
  access: { index: 'staff' },
  loadRows: loadServiceNodes,
});

/**
 * `/api/service_choices/index_active`: the services (not folders) as a flat picker, for filters such
 * as the ads list's 'services'; the catalogue's own `services/index_active` answers a tree.
 */
export const serviceChoiceList = defineList({
  resource: 'service_choices',
  routes: ['index_active'],
  from: sql`${services}`,
  condition: sql`${services.is_service}`,
  id: services.id,
  isActiveColumn: services.is_active,
  defaultSort: { key: 'name', isDescending: false },
  columns: {
    name: { expression: services.name, type: 'text', operators: ['contains'], isSortable: true },
    // The web's pickers ask for the oldest first, as every other picker does.
    updated_at: { expression: services.updated_at, type: 'date', isSortable: true },
  },
  rowSchema: idNameSchema,
  access: { index: 'staff' },
  loadRows: (db, scope) =>
    db
      .select({ id: services.id, name: services.name })
      .from(services)
      .where(scope.where)
      .orderBy(scope.orderBy),
});

/** Every credit cost a service has had (`services/service-credits-history`). */
export const serviceCreditHistoryList = defineList({
  resource: 'service_credit_history',
  indexPath: 'services/service-credits-history',
  routes: ['index'],
  from: sql`${serviceCreditHistory}`,
  id: serviceCreditHistory.id,
  defaultSort: { key: 'updated_at', isDescending: true },
  columns: {
    updated_at: {
      expression: serviceCreditHistory.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    credit: {
      expression: serviceCreditHistory.credit,
      type: 'number',
      operators: ['equals', 'gte', 'lte', 'between'],
      isSortable: true,
      format: 'credits',
    },
    service_id: { expression: serviceCreditHistory.service_id, type: 'id', operators: ['equals'] },
  },
  rowSchema: serviceCreditHistoryRowSchema,
  access: { index: 'staff' },
  loadRows: (db, scope) =>
    db
      .select({
        id: serviceCreditHistory.id,
        service_id: serviceCreditHistory.service_id,
        credit: serviceCreditHistory.credit,
        changed_by: personName(users),
        updated_at: serviceCreditHistory.updated_at,
      })
      .from(serviceCreditHistory)
      .leftJoin(users, eq(users.id, serviceCreditHistory.changed_by_user_id))
      .where(scope.where)
      .orderBy(scope.orderBy),
});
