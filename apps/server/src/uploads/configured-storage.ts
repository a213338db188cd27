import path from 'node:path';
import type { Config } from '../config.ts';
import { createDiskStorage, type FileStorage } from './file-storage.ts';

/**
 * The S3 store's module, loaded only when S3_BUCKET is set: the AWS SDK it imports is tens of MB
 * of memory that a server storing uploads on disk would hold from its start for nothing.
 */
const loadS3Storage = () => import('./s3-storage.ts');

/** The store the configuration names: its S3 bucket when S3_BUCKET is set, else the disk. */
export async function createConfiguredStorage(config: Config): Promise<FileStorage> {
  if (!config.s3) return createDiskStorage(path.join(config.dataDir, 'uploads'));
  const { createS3Storage } = await loadS3Storage();
  return createS3Storage(config.s3);
}

/**
 * The same, checked before the server starts: the bucket answers with these keys (and is created
 * when it does not exist yet), or a ConfigError says what is wrong.
 */
export async function openConfiguredStorage(
  config: Config,
): Promise<{ storage: FileStorage; isBucketCreated: boolean }> {
  if (!config.s3) return { storage: await createConfiguredStorage(config), isBucketCreated: false };
  const { createS3Client, createS3Storage, ensureBucket } = await loadS3Storage();
  const client = createS3Client(config.s3);
  const isBucketCreated = await ensureBucket(client, config.s3);
  return { storage: createS3Storage(config.s3, client), isBucketCreated };
}
