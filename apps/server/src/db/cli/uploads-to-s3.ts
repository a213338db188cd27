import path from 'node:path';
import { loadConfig, readEnvFile } from '../../config.ts';
import { copyUploadsToS3 } from '../../uploads/copy-to-s3.ts';
import { createS3Client, describeS3Error, ensureBucket } from '../../uploads/s3-storage.ts';
import { runCli } from './open-configured-database.ts';

/**
 * `npm run uploads:to-s3`: copies the uploads under DATA_DIR/uploads to the configured S3 bucket,
 * before (or while) the nodes switch to it. Skips what is already there, so it can run again;
 * leaves the local files; exits 1 when a file could not be copied.
 */
runCli(async () => {
  readEnvFile();
  const config = loadConfig();
  if (!config.s3) {
    throw new Error(
      'uploads:to-s3 copies to the S3 bucket the configuration names: set S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a server other than AWS).',
    );
  }
  const client = createS3Client(config.s3);
  try {
    await ensureBucket(client, config.s3);
    const root = path.join(config.dataDir, 'uploads');
    process.stdout.write(`Copying the uploads under ${root} to the S3 bucket ${config.s3.bucket}.\n`);
    const outcome = await copyUploadsToS3({
      root,
      client,
      bucket: config.s3.bucket,
      onFailure: ({ key, error }) => process.stderr.write(`Not copied: ${key}: ${describeS3Error(error)}\n`),
    });
    process.stdout.write(
      `Copied ${outcome.copied}, skipped ${outcome.skipped} (already in the bucket), failed ${outcome.failed}.\n`,
    );
    if (outcome.failed > 0) process.exitCode = 1;
  } finally {
    client.destroy();
  }
});
