import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { adPhotos } from '../db/schema/index.ts';
import { type FileStorage, storedFileOf } from './file-storage.ts';
import { perceptualHash } from './perceptual-hash.ts';

const DEFAULT_BATCH = 200;

async function bytesOf(storage: FileStorage, url: string): Promise<Buffer | null> {
  const file = storedFileOf(url);
  const stored = file ? await storage.open(file.folder, file.name) : null;
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export type PhotoHashOutcome = { hashed: number; missing: number };

/**
 * Hashes the ad photos stored before hashes were taken at upload (ad_photos.phash null), from
 * their files, in batches by id; run again, it only looks at what is still null, so it can be
 * stopped and resumed. A photo whose file is gone or unreadable, or of one colour (perceptual-hash.ts),
 * stays null and is counted as missing.
 */
export async function hashMissingPhotos(
  db: Database,
  storage: FileStorage,
  {
    batchSize = DEFAULT_BATCH,
    onBatch,
  }: { batchSize?: number; onBatch?: (outcome: PhotoHashOutcome) => void } = {},
): Promise<PhotoHashOutcome> {
  const outcome: PhotoHashOutcome = { hashed: 0, missing: 0 };
  let afterId = 0;
  for (;;) {
    const batch = await db
      .select({ id: adPhotos.id, url: adPhotos.photo_url })
      .from(adPhotos)
      .where(and(isNull(adPhotos.phash), gt(adPhotos.id, afterId)))
      .orderBy(asc(adPhotos.id))
      .limit(batchSize);
    if (batch.length === 0) return outcome;
    for (const photo of batch) {
      afterId = photo.id;
      const bytes = await bytesOf(storage, photo.url);
      const phash = bytes ? await perceptualHash(bytes).catch(() => null) : null;
      if (phash === null) {
        outcome.missing++;
        continue;
      }
      // Only if still null: an upload in between has already written the right one.
      await db
        .update(adPhotos)
        .set({ phash })
        .where(and(eq(adPhotos.id, photo.id), isNull(adPhotos.phash)));
      outcome.hashed++;
    }
    onBatch?.(outcome);
  }
}
