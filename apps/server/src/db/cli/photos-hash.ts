import { createConfiguredStorage } from '../../uploads/configured-storage.ts';
import { hashMissingPhotos } from '../../uploads/photo-hashes.ts';
import { openConfiguredDatabase, runCli } from './open-configured-database.ts';

/**
 * `npm run photos:hash`: the perceptual hash of every ad photo that has none yet (stored before
 * hashes were taken at upload), read from the configured store (S3_BUCKET, else DATA_DIR/uploads).
 * Safe to run again.
 */
runCli(async () => {
  const { handle, config } = await openConfiguredDatabase();
  try {
    const storage = await createConfiguredStorage(config);
    const outcome = await hashMissingPhotos(handle.db, storage, {
      onBatch: ({ hashed, missing }) =>
        process.stdout.write(`… ${hashed} hashed, ${missing} without a file\n`),
    });
    process.stdout.write(
      `Hashed ${outcome.hashed} photos; ${outcome.missing} have no readable file and stay without a hash.\n`,
    );
  } finally {
    await handle.close();
  }
});
