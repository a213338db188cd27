import {
  AD_STATUS,
  type AdRevisionContent,
  type AdRevisionDiff,
  diffAdRevisions,
  EMPTY_REVISION_DIFF,
} from '@usluge/contract';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AuditChanges } from '../../audit/append-audit.ts';
import type { Database } from '../../db/client.ts';
import { adRevisions, ads } from '../../db/schema/index.ts';
import { selectRows } from '../../db/select-rows.ts';
import { notFound } from '../../http/errors.ts';
import { type FileStorage, storedFileOf } from '../../uploads/file-storage.ts';

/** An ad's status and content, read before a write changes it (beforeWrite → afterWrite). */
export type AdContentState = { statusId: number; content: AdRevisionContent; text: string };

/**
 * Everything a moderator approves, with names beside ids, in one statement: title, description,
 * offer or demand, currency, prices, services, places and their cities, working days and shifts,
 * the photos in order. Each list is sorted, and jsonb writes keys in one order, so equal content
 * is equal text.
 */
export async function readAdContent(tx: Database, adId: number): Promise<AdContentState> {
  const [row] = await selectRows<{ status_id: number; content: string }>(
    tx,
    sql`select a.ad_status_id as status_id, jsonb_build_object(
          'title', a.title, 'description', a.description, 'is_offer', a.is_offer,
          'currency', (select jsonb_build_object('id', cu.id, 'name', cu.name) from currencies cu where cu.id = a.currency_id),
          'price_from', a.price_from, 'price_to', a.price_to,
          'all_countries', a.all_countries, 'all_working_days', a.all_working_days,
          'services', coalesce((select jsonb_agg(jsonb_build_object('id', sv.id, 'name', sv.name) order by sv.id)
                       from ad_services s join services sv on sv.id = s.service_id where s.ad_id = a.id), '[]'::jsonb),
          'places', coalesce((select jsonb_agg(jsonb_build_object('id', co.id, 'name', co.name,
                       'cities', coalesce((select jsonb_agg(jsonb_build_object('id', ci.id, 'name', ci.name) order by ci.id)
                                  from ad_place_cities pc join os_cities ci on ci.id = pc.os_city_id
                                  where pc.ad_place_id = p.id), '[]'::jsonb))
                       order by co.id)
                     from ad_places p join os_countries co on co.id = p.os_country_id where p.ad_id = a.id), '[]'::jsonb),
          'days', coalesce((select jsonb_agg(jsonb_build_object('id', dy.id, 'name', dy.name, 'is_active', d.is_active,
                     'times', coalesce((select jsonb_agg(to_char(t.start_at, 'HH24:MI') || '–' || to_char(t.stop_at, 'HH24:MI')
                                 order by t.start_at, t.stop_at) from ad_day_times t where t.ad_day_id = d.id), '[]'::jsonb))
                     order by dy.id)
                   from ad_days d join days dy on dy.id = d.day_id where d.ad_id = a.id), '[]'::jsonb),
          'photos', coalesce((select jsonb_agg(f.photo_url order by f.position, f.id) from ad_photos f where f.ad_id = a.id), '[]'::jsonb)
        )::text as content
        from ${ads} a where a.id = ${adId}`,
  );
  if (!row) throw notFound();
  return {
    statusId: row.status_id,
    content: JSON.parse(row.content) as AdRevisionContent,
    text: row.content,
  };
}

async function latestRevision(tx: Database, adId: number) {
  const [revision] = await tx
    .select({ id: adRevisions.id, content: sql<string>`${adRevisions.content}::text` })
    .from(adRevisions)
    .where(eq(adRevisions.ad_id, adId))
    .orderBy(desc(adRevisions.id))
    .limit(1);
  return revision ?? null;
}

function insertRevision(
  tx: Database,
  adId: number,
  text: string,
  actorId: number | null,
  isApproved: boolean,
) {
  return tx
    .insert(adRevisions)
    .values({
      ad_id: adId,
      content: sql`${text}::jsonb`,
      created_by_user_id: actorId,
      ...(isApproved ? { approved_at: sql`now()` } : {}),
    })
    .returning({ id: adRevisions.id });
}

/**
 * After any write of an ad's content (staff or member, store or update, photos included), in its
 * transaction: a revision of the content as it now is, unless it equals the latest one. An ad
 * from before revisions were kept gets its earlier content (`before`, read by the write's
 * beforeWrite) as its first revision, approved when the ad was, so its first edit has a diff.
 */
export async function keepAdRevision(
  tx: Database,
  adId: number,
  actorId: number,
  before?: AdContentState,
): Promise<void> {
  const now = await readAdContent(tx, adId);
  let latest = await latestRevision(tx, adId);
  if (!latest && before && before.text !== now.text) {
    const isApproved = before.statusId === AD_STATUS.approved;
    await insertRevision(tx, adId, before.text, null, isApproved);
    latest = { id: 0, content: before.text };
  }
  if (latest?.content === now.text) return;
  await insertRevision(tx, adId, now.text, actorId, false);
}

/**
 * On approval, in the decision's transaction: the ad's latest revision is the approved content
 * (made first when the ad has none: one from before revisions were kept, or a seeded one).
 * Answers the URLs of photo files nothing needs any more, for the caller to remove after commit.
 */
export async function approveLatestRevision(tx: Database, adId: number, actorId: number): Promise<string[]> {
  const previous = (await lastApprovedPhotos(tx, adId)) ?? [];
  const latest = await latestRevision(tx, adId);
  const now = await readAdContent(tx, adId);
  if (latest && latest.content === now.text) {
    await tx.update(adRevisions).set({ approved_at: sql`now()` }).where(eq(adRevisions.id, latest.id));
  } else {
    // No revision, or content written past the revisions (directly in the database): kept as it is.
    await insertRevision(tx, adId, now.text, actorId, true);
  }
  // Files kept for the last diff only (photos removed since the previous approval): no longer needed.
  return previous.filter((url) => !now.content.photos.includes(url));
}

/**
 * What changed since the ad's last approved revision: its latest revision against that one.
 * Empty when the ad was never approved, or the latest revision is the approved one.
 */
export async function readRevisionDiff(db: Database, adId: number): Promise<AdRevisionDiff> {
  const [ad] = await db.select({ id: ads.id }).from(ads).where(eq(ads.id, adId));
  if (!ad) throw notFound();
  const [approved] = await db
    .select({ id: adRevisions.id, content: adRevisions.content })
    .from(adRevisions)
    .where(and(eq(adRevisions.ad_id, adId), isNotNull(adRevisions.approved_at)))
    .orderBy(desc(adRevisions.id))
    .limit(1);
  if (!approved) return EMPTY_REVISION_DIFF;
  const [latest] = await db
    .select({ id: adRevisions.id, content: adRevisions.content })
    .from(adRevisions)
    .where(eq(adRevisions.ad_id, adId))
    .orderBy(desc(adRevisions.id))
    .limit(1);
  if (!latest || latest.id === approved.id) return EMPTY_REVISION_DIFF;
  return diffAdRevisions(approved.content as AdRevisionContent, latest.content as AdRevisionContent);
}

/** The photos of the ad's last approved revision; null when it was never approved. */
async function lastApprovedPhotos(tx: Database, adId: number): Promise<string[] | null> {
  const [approved] = await tx
    .select({ content: adRevisions.content })
    .from(adRevisions)
    .where(and(eq(adRevisions.ad_id, adId), isNotNull(adRevisions.approved_at)))
    .orderBy(desc(adRevisions.id))
    .limit(1);
  return approved ? (approved.content as AdRevisionContent).photos : null;
}

/**
 * Of the photo files an edit drops, those no longer needed: a photo the ad's last approved
 * revision shows (or, for an ad from before revisions were kept, its approved content before the
 * edit) stays, as the moderator's diff shows it as removed; the next approval lets it go.
 */
export async function unneededPhotoFiles(
  tx: Database,
  adId: number,
  urls: readonly string[],
  before?: AdContentState,
): Promise<string[]> {
  if (urls.length === 0) return [];
  const shown =
    (await lastApprovedPhotos(tx, adId)) ??
    (before?.statusId === AD_STATUS.approved ? before.content.photos : []);
  return urls.filter((url) => !shown.includes(url));
}

/** The parts of an ad's content kept in rows of their own (the photos aside). */
const CHILD_ROW_FIELDS = ['services', 'places', 'days'] as const;

/**
 * What an ad write's audit entry adds to its columns' changes, by the revisions' diff: services,
 * places and working days as readable lists before → after, and the photos removed (before) and
 * added (after). A new ad's (no `before`) are from nothing.
 */
export function contentAuditChanges(
  before: AdRevisionContent | undefined,
  now: AdRevisionContent,
): AuditChanges {
  const diff = diffAdRevisions(before ?? { ...now, services: [], places: [], days: [], photos: [] }, now);
  const changes: AuditChanges = {};
  for (const field of CHILD_ROW_FIELDS) {
    const change = diff.changed[field];
    if (change) changes[field] = { before: before ? change.before : null, after: change.after };
  }
  const { added, removed } = diff.photos;
  if (added.length > 0 || removed.length > 0) {
    changes.photos = { before: before ? removed : null, after: added };
  }
  return changes;
}

/** Removes photo files nothing needs any more (after the decision that let them go has committed). */
export async function removePhotoFiles(storage: FileStorage, urls: readonly string[]): Promise<void> {
  const files = urls.flatMap((url) => storedFileOf(url) ?? []);
  await Promise.all(files.map((file) => storage.remove(file.folder, file.name)));
}
