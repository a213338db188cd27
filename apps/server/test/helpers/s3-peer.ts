import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config.ts';

/** The keys s3rver accepts (its one built-in account). */
const ACCESS_KEY = 'S3RVER';

export type S3Peer = {
  endpoint: string;
  /** The environment that puts a server's uploads into this bucket. */
  envFor: (bucket: string) => Record<string, string>;
  configFor: (bucket: string) => S3Config;
  close: () => Promise<void>;
};

/** A real S3-compatible server (s3rver) on a free port, its data in a directory of its own. */
export async function startS3Peer(): Promise<S3Peer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    envFor: (bucket) => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    }),
    configFor: (bucket) => ({
      endpoint,
      bucket,
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY,
      secretAccessKey: ACCESS_KEY,
    }),
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
