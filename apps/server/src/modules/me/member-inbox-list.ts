import { inboxExtrasSchema, inboxItemRowSchema } from '@usluge/contract';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notificationRecipients, notifications } from '../../db/schema/index.ts';
import { defineList, type ListViewer } from '../../list-engine/list-definition.ts';
import { ownInboxItems } from './member-policy.ts';

/** How many of the viewer's inbox items are unread: counted on notification_recipients_unread_idx. */
export async function unreadCount(db: Database, viewer: ListViewer): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notificationRecipients)
    .where(and(ownInboxItems(viewer), isNull(notificationRecipients.read_at)));
  return row?.n ?? 0;
}

/**
 * `POST /api/me/notifications/index`: the caller's inbox, newest first (by the item's id, on
 * (user_id, id)), with the unread count beside the page. Every notification that reaches a member
 * is an item here: staff's (resolved to recipients when sent), status decisions on their ads,
 * contacts and their answers, refunds.
 */
export const memberInboxList = defineList({
  resource: 'me_notifications',
  indexPath: 'me/notifications/index',
  routes: ['index'],
  from: sql`${notificationRecipients}`,
  id: notificationRecipients.id,
  scopeOf: ownInboxItems,
  defaultSort: { key: 'id', isDescending: true },
  columns: {
    id: { expression: notificationRecipients.id, type: 'id', isSortable: true },
    // An inbox item is never changed but for read_at: its time is created_at, which follows the
    // id (a serial set at insert), so it sorts on the id (notification_recipients_user_idx).
    updated_at: {
      expression: notificationRecipients.created_at,
      sortExpression: notificationRecipients.id,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    is_read: {
      expression: sql`(${notificationRecipients.read_at} is not null)`,
      type: 'boolean',
      operators: ['equals'],
      // Said as the partial index's predicate, so that the unread items are read from it.
      condition: (_operator, [isRead]) =>
        isRead ? isNotNull(notificationRecipients.read_at) : isNull(notificationRecipients.read_at),
    },
  },
  rowSchema: inboxItemRowSchema,
  access: { index: 'member' },
  extras: {
    schema: inboxExtrasSchema,
    load: async (db, viewer) => ({ unread_count: viewer ? await unreadCount(db, viewer) : 0 }),
  },
  docs: {
    summary: "The member's inbox: notifications, newest first, and the unread count",
    description:
      "The list body of every list (`filters`: `is_read` true or false; `options`: page, itemsPerPage). Each row is one item of the caller's inbox: a notification from staff, a decision on one of their ads, a contact and its answer, a refund. `unread_count` counts every unread item, not only this page's. Mark items read with `PUT /api/me/notifications/read`.",
  },
  loadRows: (db, scope) =>
    db
      .select({
        id: notificationRecipients.id,
        notification_id: notificationRecipients.notification_id,
        subject: notifications.subject,
        notification_text: notifications.notification_text,
        created_at: notificationRecipients.created_at,
        is_read: sql<boolean>`(${notificationRecipients.read_at} is not null)`,
      })
      .from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notification_id))
      .where(scope.where)
      .orderBy(scope.orderBy),
});
