import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { ConfigError, type S3Config } from '../config.ts';
import { contentTypeOf, type FileStorage, isStoredName, type UploadFolder } from './file-storage.ts';

/** An object's key in the bucket: the folder and name of its `/api/image/<folder>/<name>` URL. */
export const keyOf = (folder: UploadFolder, name: string) => {
  if (!isStoredName(name)) throw new Error(`not a stored file name: ${name}`);
  return `${folder}/${name}`;
};

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // MinIO and s3rver answer on one host with the bucket in the path, not as a subdomain.
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    // Checksums only where S3 requires them: S3-compatible servers do not all know the SDK's
    // newer default (a CRC32 on every request and answer).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Nothing under that name: S3 says NoSuchKey, or NotFound to a HEAD (no body to name it), or some
 * other 404. A bucket that has gone is not that but a fault of the store, answered as one.
 */
export const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  error.name !== 'NoSuchBucket' &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

const isMissingBucket = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchBucket' || error.$metadata.httpStatusCode === 404);

/** The size of an object, or null when there is none under that key. */
export async function sizeOfObject(client: S3Client, bucket: string, key: string): Promise<number | null> {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * The bucket, created when it does not exist yet (a fresh MinIO in compose has none). Anything
 * else (wrong keys, no server at the endpoint) stops the start with a message saying so; the
 * keys themselves are never in it. Returns whether it was created.
 */
export async function ensureBucket(client: S3Client, config: S3Config): Promise<boolean> {
  const where = `S3 bucket "${config.bucket}"${config.endpoint ? ` at ${config.endpoint}` : ''}`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
    return false;
  } catch (error) {
    if (!isMissingBucket(error)) throw new ConfigError(`${where} cannot be used: ${describeS3Error(error)}`);
  }
  try {
    await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
    return true;
  } catch (error) {
    // Another node created it meanwhile.
    if (error instanceof S3ServiceException && error.name === 'BucketAlreadyOwnedByYou') return false;
    throw new ConfigError(`${where} does not exist and cannot be created: ${describeS3Error(error)}`);
  }
}

/** What went wrong, for a person: the S3 error's name and status, never the request's keys. */
export function describeS3Error(error: unknown): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    const hint = status === 403 ? ' (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)' : '';
    return `${error.name}${status ? ` (HTTP ${status})` : ''}${hint}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Uploads as objects `<folder>/<name>` in one bucket, shared by every node. They are still served
 * by `GET /api/image/...` (streamed from the bucket): same URLs and headers as from the disk, no
 * public bucket, no signed URL that expires in a cached page.
 */
export function createS3Storage(config: S3Config, client = createS3Client(config)): FileStorage {
  const bucket = config.bucket;
  return {
    async save(folder, extension, bytes) {
      const name = `${randomUUID()}.${extension}`;
      // One PUT: the object appears whole or not at all.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(folder, name),
          Body: bytes,
          ContentType: contentTypeOf(name),
        }),
      );
      return name;
    },
    async remove(folder, name) {
      // Deleting a key that is not there succeeds.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(folder, name) }));
    },
    async open(folder, name) {
      if (!isStoredName(name)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(folder, name) }));
        const body = object.Body;
        if (!(body instanceof Readable) || object.ContentLength === undefined) {
          if (body instanceof Readable) body.destroy();
          throw new Error(`S3 answered ${folder}/${name} without a readable body and its length`);
        }
        return { stream: body, size: object.ContentLength, contentType: contentTypeOf(name) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  };
}
