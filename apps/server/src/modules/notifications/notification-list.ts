import { notificationRowSchema } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import { qualified } from '../../db/qualified-column.ts';
import {
  notificationRecipients,
  notifications,
  notificationTargetUsers,
  notificationTargetUserTypes,
  users,
  userTypes,
} from '../../db/schema/index.ts';
import { defineList, pickFields } from '../../list-engine/list-definition.ts';
import { personName } from '../users/user-list.ts';

/** The notification's own id, for the subqueries below. */
const notificationId = qualified(notifications.id);

/** Notifications sent (`/notifications`), newest first: what, by whom, to whom, how many got it. */
export const notificationList = defineList({
  resource: 'notifications',
  routes: ['index'],
  from: sql`${notifications}`,
  id: notifications.id,
  defaultSort: { key: 'updated_at', isDescending: true },
  // What its list screen shows.
  reportColumns: [
    'updated_at',
    'subject',
    'notification_text',
    'sender',
    'user_types',
    'users',
    'recipients_count',
  ],
  reportObjectText: { users: 'full_name' },
  columns: {
    updated_at: {
      expression: notifications.updated_at,
      type: 'date',
      operators: ['between', 'gte', 'lte'],
      isSortable: true,
    },
    subject: {
      expression: notifications.subject,
      type: 'text',
      operators: ['contains', 'equals'],
      isSortable: true,
    },
    notification_text: { expression: notifications.notification_text, type: 'text', operators: ['contains'] },
    // Received by this user (a user's page): their inbox rows, on notification_recipients_user_idx.
    recipient_user_id: {
      expression: notifications.id,
      type: 'id',
      operators: ['equals'],
      condition: (_operator, [userId]) =>
        sql`${notificationId} in (select r.notification_id from ${notificationRecipients} r where r.user_id = ${userId})`,
    },
  },
  rowSchema: notificationRowSchema,
  access: { index: 'staff' },
  loadRows: (db, scope) =>
    db
      .select(
        pickFields(
          {
            id: notifications.id,
            subject: notifications.subject,
            notification_text: notifications.notification_text,
            sender: personName(users),
            user_types: sql<{ id: number; name: string }[]>`coalesce((
          select json_agg(json_build_object('id', ut.id, 'name', ut.name) order by ut.name)
          from ${notificationTargetUserTypes} t join ${userTypes} ut on ut.id = t.user_type_id
          where t.notification_id = ${notificationId}), '[]'::json)`,
            users: sql<{ id: number; full_name: string }[]>`coalesce((
          select json_agg(json_build_object('id', u.id, 'full_name', trim(u.name || ' ' || coalesce(u.last_name, ''))) order by u.name)
          from ${notificationTargetUsers} t join ${users} u on u.id = t.user_id
          where t.notification_id = ${notificationId}), '[]'::json)`,
            recipients_count: sql<number>`(select count(*)::int from ${notificationRecipients} r where r.notification_id = ${notificationId})`,
            updated_at: notifications.updated_at,
          },
          scope,
        ),
      )
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.created_by_user_id))
      .where(scope.where)
      .orderBy(scope.orderBy),
});
