import { destroyQuerySchema, memberAdFormSchema } from '@usluge/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { defineCrud } from '../../crud/crud-definition.ts';
import { ads } from '../../db/schema/index.ts';
import { refundOpenLeadsOfAd } from '../leads/lead-refund.ts';
import { adCrud } from './ad-crud.ts';
import { authorizeAd } from './ad-policy.ts';
import { type AdReviewState, reviewPosterEdit, reviewPosterRestore } from './ad-review.ts';
import { memberAdList } from './member-ad-list.ts';

type MemberAdForm = z.output<typeof memberAdFormSchema>;

/** The member's form as the staff ad write takes it: the ad is always posted by the member. */
function asPoster<W extends { actorId: number; form?: MemberAdForm }>(write: W) {
  return { ...write, form: write.form && { ...write.form, posted_by_user_id: write.actorId } };
}

/**
 * A member's own ads (`/api/me/ads/store`, `update/{id}`, `destroy/{id}`): the staff ad write
 * (ad-crud.ts: its checks, children, photos and the new ad's history) run through the one write
 * path, with the poster forced to the caller, only on the caller's own ads (ad-policy: `manage`;
 * another's answers 404), answered as the member's list shows the ad. An edit of a reviewed ad's
 * content sends it back to awaiting approval (ad-review.ts), and so does restoring it; taking it
 * down refunds the contacts still waiting for an answer.
 */
export const memberAdCrud = defineCrud({
  ...adCrud,
  list: memberAdList,
  // Audited as the ad it is, whoever writes it.
  auditRecordType: 'jobs',
  formSchema: memberAdFormSchema,
  // The version alone: the staff toggle's options (refunding the ad's contacts) are staff's to use.
  destroyQuerySchema,
  access: 'member',
  async authorize(tx, { kind, id, actorId }) {
    if (kind !== 'store') await authorizeAd(tx, actorId, 'manage', id ?? 0);
  },
  async beforeWrite(tx, write): Promise<AdReviewState | undefined> {
    // The staff write's checks, and the content as it was (for the revision and the review).
    return (await adCrud.beforeWrite?.(tx, asPoster(write))) as AdReviewState | undefined;
  },
  toValues(form, write) {
    const staffWrite = asPoster({ ...write, form });
    return adCrud.toValues?.(staffWrite.form, staffWrite) ?? Promise.resolve(staffWrite.form);
  },
  writeChildRows(tx, written) {
    return adCrud.writeChildRows?.(tx, asPoster(written)) ?? Promise.resolve();
  },
  async afterWrite(tx, written) {
    const extras = await adCrud.afterWrite?.(tx, asPoster(written));
    if (written.kind === 'update' && written.before) {
      await reviewPosterEdit(tx, written.id, written.actorId, written.before as AdReviewState);
    }
    if (written.kind === 'destroy') {
      // Taken down by its poster: who paid to contact it and got no answer gets the credits back;
      // put back on show: it waits for a moderator again.
      const [ad] = await tx.select({ isActive: ads.is_active }).from(ads).where(eq(ads.id, written.id));
      if (ad?.isActive) await reviewPosterRestore(tx, written.id, written.actorId);
      else await refundOpenLeadsOfAd(tx, { adId: written.id, actorId: written.actorId });
    }
    return extras;
  },
});
