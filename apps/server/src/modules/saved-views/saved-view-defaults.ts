import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { savedViewDefaults } from '../../db/schema/index.ts';

/** The view becomes the member's default of its list, in place of the one before. */
export async function setDefaultView(
  tx: Database,
  userId: number,
  list: string,
  viewId: number,
): Promise<void> {
  await tx
    .insert(savedViewDefaults)
    .values({ user_id: userId, list, saved_view_id: viewId })
    .onConflictDoUpdate({
      target: [savedViewDefaults.user_id, savedViewDefaults.list],
      set: { saved_view_id: viewId },
    });
}

/** The view stops being the member's default (their list opens as it is again). */
export async function clearDefaultView(tx: Database, userId: number, viewId: number): Promise<void> {
  await tx
    .delete(savedViewDefaults)
    .where(and(eq(savedViewDefaults.user_id, userId), eq(savedViewDefaults.saved_view_id, viewId)));
}

/** A view no longer shared is no one's default but its owner's. */
export async function clearOthersDefaults(tx: Database, ownerId: number, viewId: number): Promise<void> {
  await tx
    .delete(savedViewDefaults)
    .where(and(eq(savedViewDefaults.saved_view_id, viewId), ne(savedViewDefaults.user_id, ownerId)));
}
