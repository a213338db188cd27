import { notificationFormSchema, notificationRowSchema, ROLE } from '@usluge/contract';
import { asc, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { appendAudit, changedFields, namedById } from '../../audit/append-audit.ts';
import { requireUser } from '../../auth/authenticate.ts';
import type { Database } from '../../db/client.ts';
import {
  notificationRecipients,
  notifications,
  notificationTargetUsers,
  notificationTargetUserTypes,
  userFullName,
  userRoles,
  users,
  userTypes,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorOf } from '../../http/pg-error.ts';
import { loadInOrder } from '../../list-engine/list-query.ts';
import { notificationList } from './notification-list.ts';

/**
 * `POST /api/notifications/store` (store only: a sent notification is not edited). The targets are
 * resolved when it is sent: every active member of the chosen user types and every chosen active
 * user, each once.
 */
export function notificationRoutes(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/notifications/store',
    {
      config: { access: 'staff', isIdempotent: true },
      schema: {
        tags: ['notifications'],
        summary: 'Send a notification to user types and/or chosen users',
        body: notificationFormSchema,
        response: { 201: notificationRowSchema },
      },
    },
    async (request, reply) => {
      const form = request.body;
      const actorId = requireUser(request).id;
      const answer = await runIdempotent(db, request, notificationRowSchema, async (tx) => {
        const id = await sendNotification(tx, form, actorId);
        const [row] = await loadInOrder(tx, notificationList, [id]);
        if (!row) throw notFound();
        return { status: 201, body: row };
      }).catch((error: unknown) => {
        // A chosen user or user type that does not exist.
        const pg = pgErrorOf(error);
        if (pg?.code === PG_FOREIGN_KEY_VIOLATION) {
          const field = pg.constraint?.includes('user_type')
            ? 'notification_user_types'
            : 'notification_for_users';
          throw new AppError(422, 'invalid_reference', {}, field);
        }
        throw error;
      });
      // A replay answers as the first request did: 201 with the notification it sent.
      return reply.status(201).send(answer.body);
    },
  );
}

/**
 * The notification, its targets and its recipients (every active member of the chosen user types
 * and every chosen active user, each once), and its audit entry; answers its id.
 */
async function sendNotification(
  tx: Database,
  form: z.output<typeof notificationFormSchema>,
  actorId: number,
) {
  const [created] = await tx
    .insert(notifications)
    .values({
      subject: form.subject,
      notification_text: form.notification_text,
      created_by_user_id: actorId,
    })
    .returning({ id: notifications.id });
  if (!created) throw new Error('notification insert returned nothing');
  const notificationId = created.id;
  if (form.notification_user_types.length > 0) {
    await tx.insert(notificationTargetUserTypes).values(
      form.notification_user_types.map((user_type_id) => ({
        notification_id: notificationId,
        user_type_id,
      })),
    );
  }
  if (form.notification_for_users.length > 0) {
    await tx
      .insert(notificationTargetUsers)
      .values(form.notification_for_users.map((user_id) => ({ notification_id: notificationId, user_id })));
  }
  const typeIds = form.notification_user_types.length > 0 ? form.notification_user_types : [0];
  const userIds = form.notification_for_users.length > 0 ? form.notification_for_users : [0];
  const list = (ids: number[]) =>
    sql.join(
      ids.map((value) => sql`${value}`),
      sql`, `,
    );
  await tx.execute(sql`
    insert into ${notificationRecipients} (notification_id, user_id)
    select ${notificationId}, u.id from ${users} u
    where u.is_active and (
      u.id in (${list(userIds)})
      or (u.user_type_id in (${list(typeIds)})
          and exists (select 1 from ${userRoles} r where r.user_id = u.id and r.role_id = ${ROLE.member})))`);
  await appendAudit(tx, {
    action: 'create',
    recordType: 'notifications',
    recordId: notificationId,
    changes: changedFields(null, {
      subject: form.subject,
      notification_text: form.notification_text,
      ...(await targetsByName(tx, form)),
    }),
  });
  return notificationId;
}

/** The chosen user types and users by id and name, as the trail shows them (not their ids alone). */
async function targetsByName(tx: Database, form: z.output<typeof notificationFormSchema>) {
  const notification_user_types = [
    ...(await namedById(tx, userTypes, form.notification_user_types)).values(),
  ];
  const userIds = form.notification_for_users;
  // A user's name is the full name, not the `name` column alone.
  const notification_for_users =
    userIds.length === 0
      ? []
      : await tx
          .select({ id: users.id, name: sql<string>`trim(${userFullName})` })
          .from(users)
          .where(inArray(users.id, userIds))
          .orderBy(asc(users.id));
  return { notification_user_types, notification_for_users };
}
