import fs from 'node:fs';
import path from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { contentTypeOf, isStoredName, UPLOAD_FOLDERS, type UploadFolder } from './file-storage.ts';
import { keyOf, sizeOfObject } from './s3-storage.ts';

export type CopyOutcome = { copied: number; skipped: number; failed: number };

type Failure = { key: string; error: unknown };

/** The stored files under `<root>/<folder>/` (a name the server generated; `.part` leftovers are not). */
async function storedFilesUnder(root: string): Promise<{ folder: UploadFolder; name: string }[]> {
  const found: { folder: UploadFolder; name: string }[] = [];
  for (const folder of UPLOAD_FOLDERS) {
    const entries = await fs.promises
      .readdir(path.join(root, folder), { withFileTypes: true })
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
    for (const entry of entries)
      if (entry.isFile() && isStoredName(entry.name)) found.push({ folder, name: entry.name });
  }
  return found;
}

/**
 * Copies the disk's uploads (`<root>/<folder>/<name>`) to the bucket under the same keys the S3
 * store reads (`<folder>/<name>`). A key already there with the same size is skipped (stored
 * files never change), so the copy can run again after a failure or while nodes still write to
 * the disk. The local files stay. At most `concurrency` files are in flight at once.
 */
export async function copyUploadsToS3({
  root,
  client,
  bucket,
  concurrency = 4,
  onFailure,
}: {
  root: string;
  client: S3Client;
  bucket: string;
  concurrency?: number;
  onFailure?: (failure: Failure) => void;
}): Promise<CopyOutcome> {
  const files = await storedFilesUnder(root);
  const outcome: CopyOutcome = { copied: 0, skipped: 0, failed: 0 };
  let next = 0;
  const copyOne = async ({ folder, name }: { folder: UploadFolder; name: string }) => {
    const key = keyOf(folder, name);
    try {
      const bytes = await fs.promises.readFile(path.join(root, folder, name));
      if ((await sizeOfObject(client, bucket, key)) === bytes.length) {
        outcome.skipped++;
        return;
      }
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentTypeOf(name) }),
      );
      outcome.copied++;
    } catch (error) {
      outcome.failed++;
      onFailure?.({ key, error });
    }
  };
  const worker = async () => {
    for (let file = files[next++]; file !== undefined; file = files[next++]) await copyOne(file);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return outcome;
}
