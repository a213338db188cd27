import path from 'node:path';
import type { Config } from '../config.ts';
import { createDiskStorage, type FileStorage } from './file-storage.ts';
import { createS3Client, createS3Storage, ensureBucket } from './s3-storage.ts';

/** The store the configuration names: its S3 bucket when S3_BUCKET is set, else the disk. */
export function createConfiguredStorage(config: Config): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(path.join(config.dataDir, 'uploads'));
}

/**
 * The same, checked before the server starts: the bucket answers with these keys (and is created
 * when it does not exist yet), or a ConfigError says what is wrong.
 */
export async function openConfiguredStorage(
  config: Config,
): Promise<{ storage: FileStorage; isBucketCreated: boolean }> {
  if (!config.s3) return { storage: createConfiguredStorage(config), isBucketCreated: false };
  const client = createS3Client(config.s3);
  const isBucketCreated = await ensureBucket(client, config.s3);
  return { storage: createS3Storage(config.s3, client), isBucketCreated };
}
