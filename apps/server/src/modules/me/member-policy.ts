import { eq, type SQL } from 'drizzle-orm';
import { notificationRecipients, transactions } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { ListViewer } from '../../list-engine/list-definition.ts';

/**
 * What of their own a member reads and changes through `/api/me/…` (DESIGN.md 11: one policy per
 * resource, called by the routes and lists rather than checks scattered through handlers). These
 * paths carry no ids of other members' records; each function says, in one place, which rows are
 * the caller's. Anything else answers as if it did not exist.
 */

/** The profile: only one's own (the routes write the caller's id; anything else is a 404). */
export function authorizeProfile(actorId: number, profileId: number | undefined): void {
  if (profileId !== actorId) throw notFound();
}

/** The ledger: the entries of one's own balance. */
export const ownLedgerEntries = (viewer: ListViewer): SQL => eq(transactions.user_id, viewer.userId);

/** The inbox: the items addressed to oneself (listed, counted, marked read). */
export const ownInboxItems = (viewer: ListViewer): SQL => eq(notificationRecipients.user_id, viewer.userId);
