import type { Database } from '../../db/client.ts';
import { notificationRecipients, notifications, notificationTargetUsers } from '../../db/schema/index.ts';

export type Notice = { subject: string; text: string };

/**
 * A notification to one user (a status decision, a contact and its answer, a refund), in the
 * caller's transaction: it reaches the user's inbox exactly when the change that causes it
 * commits. `actorId` is who caused it; null for the product itself (the refund worker).
 */
export async function notifyUser(
  tx: Database,
  { userId, notice, actorId }: { userId: number; notice: Notice; actorId: number | null },
): Promise<number> {
  const [notification] = await tx
    .insert(notifications)
    .values({ subject: notice.subject, notification_text: notice.text, created_by_user_id: actorId })
    .returning({ id: notifications.id });
  if (!notification) throw new Error('notification insert returned nothing');
  await tx.insert(notificationTargetUsers).values({ notification_id: notification.id, user_id: userId });
  await tx.insert(notificationRecipients).values({ notification_id: notification.id, user_id: userId });
  return notification.id;
}
