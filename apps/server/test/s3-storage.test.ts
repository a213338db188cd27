import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { copyUploadsToS3 } from '../src/uploads/copy-to-s3.ts';
import { createS3Client, createS3Storage, ensureBucket } from '../src/uploads/s3-storage.ts';
import { type S3Peer, startS3Peer } from './helpers/s3-peer.ts';
import { createTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';
import { jpegWithGps, smallPng } from './helpers/test-images.ts';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

let peer: S3Peer;
let client: S3Client;
beforeAll(async () => {
  peer = await startS3Peer();
  client = createS3Client(peer.configFor('unused'));
});
afterAll(async () => {
  client.destroy();
  await peer.close();
});

const bucketName = (purpose: string) => `${purpose}-${randomUUID().slice(0, 8)}`;

async function objectBytes(bucket: string, key: string): Promise<Buffer> {
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
}

/** A listening app on the given database with the given settings (its own storage instance). */
async function listeningApp(t: TestApp, env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', DATA_DIR: t.dataDir, ...env }),
    db: t.db,
    driver: t.handle.driver,
    areJobsStarted: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}
const baseOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

describe('the S3 store', () => {
  it('stores under <folder>/<name>, opens with size and type, removes; a missing key is null', async () => {
    const bucket = bucketName('round-trip');
    const config = peer.configFor(bucket);
    expect(await ensureBucket(client, config)).toBe(true);
    expect(await ensureBucket(client, config)).toBe(false);
    const storage = createS3Storage(config);
    const png = await smallPng();
    const name = await storage.save('jobs_images', 'png', png);
    expect(name).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(await objectBytes(bucket, `jobs_images/${name}`)).toEqual(png);

    const file = await storage.open('jobs_images', name);
    expect(file?.size).toBe(png.length);
    expect(file?.contentType).toBe('image/png');
    const chunks: Buffer[] = [];
    for await (const chunk of file?.stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(png);

    expect(await storage.open('user_images', name)).toBeNull();
    expect(await storage.open('jobs_images', 'server.lock')).toBeNull();
    // A bucket that is not there is a fault of the store (a 500), not a missing image.
    await expect(
      createS3Storage(peer.configFor(bucketName('gone'))).open('jobs_images', name),
    ).rejects.toThrow(/bucket/i);
    await storage.remove('jobs_images', name);
    expect(await storage.open('jobs_images', name)).toBeNull();
    await storage.remove('jobs_images', name);
  });

  it('stops the start with a message naming the bucket, never the keys, when the keys are wrong', async () => {
    // s3rver knows one access key (it checks no v4 signature): another one is refused with a 403.
    const config = {
      ...peer.configFor(bucketName('wrong-keys')),
      accessKeyId: 'NEPOZNAT',
      secretAccessKey: 'not-the-secret-4711',
    };
    const wrongClient = createS3Client(config);
    try {
      const error = await ensureBucket(wrongClient, config).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain(`S3 bucket "${config.bucket}" at ${peer.endpoint}`);
      expect(message).toContain('HTTP 403');
      expect(message).toContain('check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
      expect(message).not.toContain('not-the-secret-4711');
    } finally {
      wrongClient.destroy();
    }
  });
});

describe('two nodes on one database and one bucket', () => {
  let t: TestApp;
  let nodeB: FastifyInstance;
  let diskNode: FastifyInstance;
  let baseA = '';
  let admin = '';
  const bucket = bucketName('two-nodes');

  beforeAll(async () => {
    // Node A makes the bucket at start (it does not exist yet); node B finds it.
    t = await createTestApp({ env: peer.envFor(bucket) });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseA = baseOf(t.app);
    nodeB = await listeningApp(t, peer.envFor(bucket));
    // The disk store, as every node had it: the headers to match.
    diskNode = await listeningApp(t, {});
    const username = `s3-admin-${randomUUID().slice(0, 6)}`;
    await createUser(t.db, { username, roleIds: [ROLE.administrator] });
    admin = await t.signIn(username);
  });
  afterAll(async () => {
    await nodeB.close();
    await diskNode.close();
    await t.close();
  });

  it('serves on node B the icon uploaded through node A, with the headers the disk store gives', async () => {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    const form = new FormData();
    form.set('name', `Ikona ${randomUUID().slice(0, 6)}`);
    form.set('icon', new Blob([new Uint8Array(await jpegWithGps())]), 'ikona.jpg');
    const stored = await fetch(`${baseA}/api/services/store`, {
      method: 'POST',
      body: form,
      headers: { cookie: admin, origin: baseA },
    });
    expect(stored.status).toBe(201);
    const iconUrl = ((await stored.json()) as { icon_url: string }).icon_url;
    const [, , , folder, name] = iconUrl.split('/');
    expect(folder).toBe('service_icons');
    expect(name).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    // Not on any node's disk: in the bucket.
    expect(fs.existsSync(path.join(t.dataDir, 'uploads', 'service_icons', name ?? ''))).toBe(false);
    const inBucket = await objectBytes(bucket, `service_icons/${name}`);

    const fromB = await fetch(`${baseOf(nodeB)}${iconUrl}`);
    expect(fromB.status).toBe(200);
    const served = Buffer.from(await fromB.arrayBuffer());
    expect(served).toEqual(inBucket);

    // The same bytes from the disk store answer with the same headers.
    const diskName = await diskNode.storage.save('service_icons', 'jpg', inBucket);
    const fromDisk = await fetch(`${baseOf(diskNode)}/api/image/service_icons/${diskName}`);
    expect(fromDisk.status).toBe(200);
    for (const header of ['content-type', 'content-length', 'cache-control', 'x-content-type-options'])
      expect(fromB.headers.get(header), header).toBe(fromDisk.headers.get(header));
    expect(fromB.headers.get('content-type')).toBe('image/jpeg');
    expect(fromB.headers.get('content-length')).toBe(String(inBucket.length));
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a name that is not in the bucket, and for what is not a stored name', async () => {
    for (const url of [
      `/api/image/user_images/${randomUUID()}.png`,
      '/api/image/user_images/..%2F..%2Fetc%2Fpasswd',
      `/api/image/secrets/${randomUUID()}.png`,
    ]) {
      const answer = await fetch(`${baseOf(nodeB)}${url}`);
      expect(answer.status, url).toBe(404);
    }
  });

  it('removes the icon from the bucket when the service drops it', async () => {
    const form = new FormData();
    form.set('name', `Prolazna ${randomUUID().slice(0, 6)}`);
    form.set('icon', new Blob([new Uint8Array(await smallPng())]), 'ikona.png');
    const created = (await (
      await fetch(`${baseA}/api/services/store`, {
        method: 'POST',
        body: form,
        headers: { cookie: admin, origin: baseA },
      })
    ).json()) as { id: number; icon_url: string; name: string };
    expect((await fetch(`${baseOf(nodeB)}${created.icon_url}`)).status).toBe(200);
    const removed = await fetch(`${baseOf(nodeB)}/api/services/update/${created.id}`, {
      method: 'POST',
      headers: { cookie: admin, origin: baseOf(nodeB), 'content-type': 'application/json' },
      body: JSON.stringify({ name: created.name, remove_icon: true }),
    });
    expect(removed.status).toBe(200);
    expect((await fetch(`${baseA}${created.icon_url}`)).status).toBe(404);
  });
});

describe('npm run uploads:to-s3', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-to-s3-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /**
   * Runs the command's script as `npm run uploads:to-s3` does, with only the given settings; not
   * synchronously, as the S3 server answering it runs in this process.
   */
  function copy(env: Record<string, string>): Promise<{ status: number; stdout: string; stderr: string }> {
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('S3_')),
    );
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['src/db/cli/uploads-to-s3.ts'],
        { cwd: SERVER_ROOT, env: { ...inherited, DATA_DIR: dataDir, ...env }, timeout: 60_000 },
        (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? -1) : 0, stdout, stderr }),
      );
    });
  }

  async function writeUpload(folder: string, name: string, bytes: Buffer) {
    fs.mkdirSync(path.join(dataDir, 'uploads', folder), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', folder, name), bytes);
  }

  it('copies every stored file to the same key, skips what is there, and a re-run copies nothing', async () => {
    const bucket = bucketName('copy');
    const png = await smallPng();
    const jpeg = await jpegWithGps();
    const files = {
      [`user_images/${randomUUID()}.png`]: png,
      [`service_icons/${randomUUID()}.jpg`]: jpeg,
      [`jobs_images/${randomUUID()}.png`]: png,
      [`jobs_images/${randomUUID()}.jpg`]: jpeg,
    };
    for (const [key, bytes] of Object.entries(files)) {
      const [folder = '', name = ''] = key.split('/');
      await writeUpload(folder, name, bytes);
    }
    // Not uploads: a half-written file, a stray file, a folder the server does not serve.
    await writeUpload('jobs_images', `${randomUUID()}.png.part`, png);
    await writeUpload('user_images', 'notes.txt', Buffer.from('not an upload'));
    await writeUpload('backups', `${randomUUID()}.png`, png);
    // One is already in the bucket with the same size (a run that stopped half way).
    const [alreadyThere] = Object.keys(files);
    await ensureBucket(client, peer.configFor(bucket));
    await client.send(
      new PutObjectCommand({ Bucket: bucket, Key: alreadyThere, Body: files[alreadyThere ?? ''] }),
    );

    const first = await copy(peer.envFor(bucket));
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Copied 3, skipped 1 (already in the bucket), failed 0.');
    for (const [key, bytes] of Object.entries(files))
      expect(await objectBytes(bucket, key), key).toEqual(bytes);
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: Object.keys(files)[1] }));
    expect(head.ContentType).toBe('image/jpeg');
    // The local files stay.
    for (const key of Object.keys(files))
      expect(fs.existsSync(path.join(dataDir, 'uploads', key))).toBe(true);

    const again = await copy(peer.envFor(bucket));
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('Copied 0, skipped 4 (already in the bucket), failed 0.');
  }, 120_000);

  it('exits 1 naming a file it could not copy, after copying the others', async () => {
    const bucket = bucketName('copy-fail');
    const unreadable = `${randomUUID()}.png`;
    const file = path.join(dataDir, 'uploads', 'user_images', unreadable);
    // Over 2 GiB (sparse): more than a file can be read in one piece, so this one fails; the
    // first test's four are copied.
    fs.writeFileSync(file, '');
    fs.truncateSync(file, 2 ** 31 + 1);
    try {
      const run = await copy(peer.envFor(bucket));
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`Not copied: user_images/${unreadable}`);
      expect(run.stdout).toContain('Copied 4, skipped 0 (already in the bucket), failed 1.');
    } finally {
      fs.rmSync(file);
    }
  }, 120_000);

  it('copies at most the given number of files at once, counting what the server refused', async () => {
    // A server that is not there: each of the first test's four files fails, none is lost from the count.
    const gone = createS3Client({ ...peer.configFor('gone'), endpoint: 'http://127.0.0.1:9' });
    try {
      const failures: string[] = [];
      const outcome = await copyUploadsToS3({
        root: path.join(dataDir, 'uploads'),
        client: gone,
        bucket: 'gone',
        concurrency: 2,
        onFailure: ({ key }) => failures.push(key),
      });
      expect(outcome).toEqual({ copied: 0, skipped: 0, failed: 4 });
      expect(failures).toHaveLength(4);
    } finally {
      gone.destroy();
    }
  });

  it('refuses to run without a bucket configured', async () => {
    const run = await copy({});
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('set S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
  }, 120_000);
});

describe('S3 settings', () => {
  const keys = { S3_ACCESS_KEY_ID: 'klijent', S3_SECRET_ACCESS_KEY: 'tajna-vrijednost-99' };

  it('keep the disk without S3_BUCKET, and read the bucket with its keys, region us-east-1 by default', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'usluge-uploads', ...keys }).s3).toEqual({
      endpoint: undefined,
      bucket: 'usluge-uploads',
      region: 'us-east-1',
      accessKeyId: 'klijent',
      secretAccessKey: 'tajna-vrijednost-99',
    });
    expect(
      loadConfig({ S3_BUCKET: 'b12', S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-central-1', ...keys })
        .s3,
    ).toMatchObject({ endpoint: 'http://minio:9000', region: 'eu-central-1' });
  });

  it('are all or nothing, each mistake named, the secret never in the message', () => {
    const messageOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('expected a ConfigError');
    };
    const bucketAlone = messageOf({ S3_BUCKET: 'usluge-uploads' });
    expect(bucketAlone).toContain('S3_ACCESS_KEY_ID: must be set with S3_BUCKET');
    expect(bucketAlone).toContain('S3_SECRET_ACCESS_KEY: must be set with S3_BUCKET');
    expect(messageOf({ S3_BUCKET: 'usluge-uploads', S3_ACCESS_KEY_ID: 'klijent' })).not.toContain(
      'S3_ACCESS_KEY_ID',
    );
    const noBucket = messageOf({ S3_ENDPOINT: 'http://minio:9000', ...keys });
    expect(noBucket).toContain(
      'S3_BUCKET: must be set when S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are',
    );
    expect(noBucket).not.toContain('tajna-vrijednost-99');
    expect(messageOf({ S3_BUCKET: 'Usluge_Uploads', ...keys })).toContain('S3_BUCKET: must be a bucket name');
    expect(messageOf({ S3_BUCKET: 'usluge', S3_ENDPOINT: 'minio:9000', ...keys })).toContain(
      'S3_ENDPOINT: must be a URL such as http://minio:9000',
    );
  });
});
