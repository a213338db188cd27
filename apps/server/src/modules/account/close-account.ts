import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeUserSessions } from '../../auth/session-repository.ts';
import { newToken } from '../../auth/tokens.ts';
import { nextVersion } from '../../crud/row-version.ts';
import type { Database } from '../../db/client.ts';
import { ads, users } from '../../db/schema/index.ts';
import { type FileStorage, storedFileOf } from '../../uploads/file-storage.ts';
import { refundOpenLeadsOfAd } from '../leads/lead-refund.ts';

/**
 * Closes an account in the caller's transaction, however the member asked (the mailed link, or the
 * app with the password): the personal data goes, the row stays, so the ledger, leads and ads still
 * add up; the account can no longer sign in and every session ends; its ads are taken down and
 * their unanswered paid contacts refunded. Answers the profile image's
 * URL, to remove (removeAccountImage) once the transaction has committed.
 */
export async function closeAccount(tx: Database, userId: number): Promise<string | null> {
  const [before] = await tx
    .select({ imageUrl: users.image_url })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  await tx
    .update(users)
    .set({
      name: 'Obrisan korisnik',
      last_name: null,
      email: `obrisan-${userId}@obrisan.invalid`,
      username: `obrisan-${userId}`,
      phone: null,
      details: null,
      address: null,
      pib: null,
      image_url: null,
      email_verified_at: null,
      password_hash: await hashPassword(newToken()),
      is_active: false,
      updated_at: nextVersion(users.updated_at),
    })
    .where(eq(users.id, userId));
  await revokeUserSessions(tx, userId);
  // The ads go down with the account: nobody can pay to contact someone who is gone, and who
  // already did and waits for an answer gets the credits back.
  const taken = await tx
    .update(ads)
    .set({ is_active: false, updated_at: nextVersion(ads.updated_at) })
    .where(and(eq(ads.posted_by_user_id, userId), eq(ads.is_active, true)))
    .returning({ id: ads.id });
  for (const ad of taken) await refundOpenLeadsOfAd(tx, { adId: ad.id, actorId: userId });
  return before?.imageUrl ?? null;
}

/** The closed account's profile image, removed from the store after the closing committed. */
export async function removeAccountImage(storage: FileStorage, imageUrl: string | null): Promise<void> {
  const image = storedFileOf(imageUrl);
  if (image) await storage.remove(image.folder, image.name);
}
