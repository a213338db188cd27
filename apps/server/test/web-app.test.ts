import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from '../src/http/web-app.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** A build as `npm run build` leaves it: pages and a hashed asset with compressed copies. */
const ASSET = '/assets/index-Dq3xK9aZ.js';
const FILES: Record<string, string> = {
  '/index.html': `<!doctype html><html><body><div id="root"><h1>Pre-rendered landing</h1>${'<p>Usluge</p>'.repeat(200)}</div></body></html>`,
  '/app.html': `<!doctype html><html><body><div id="root"></div><!-- app shell ${'x'.repeat(1200)} --></body></html>`,
  [ASSET]: `export const texts = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `text ${i}`))};`,
  '/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
};
const PRECOMPRESSED = ['/index.html', '/app.html', ASSET];

function writeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-web-dist-'));
  for (const [file, text] of Object.entries(FILES)) {
    const target = path.join(dir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
    if (PRECOMPRESSED.includes(file)) {
      fs.writeFileSync(`${target}.br`, brotliCompressSync(text));
      fs.writeFileSync(`${target}.gz`, gzipSync(text));
    }
  }
  return dir;
}

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET over a real connection, with exactly the given headers and the bytes as sent. */
function get(baseUrl: string, pathname: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

let distDir: string;
beforeAll(() => {
  distDir = writeBuild();
});
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

describe('the web app, served by the server', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
    baseUrl = await listen(t.app);
  });
  afterAll(() => t.close());

  it('sends a hashed asset brotli-compressed from its precompressed copy, cached for good', async () => {
    const answer = await get(baseUrl, ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(answer.body).toString()).toBe(FILES[ASSET]);
  });

  it('sends gzip to a client that takes only gzip', async () => {
    const answer = await get(baseUrl, ASSET, { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toBe(FILES[ASSET]);
  });

  it('sends the file itself to a client that takes no encoding', async () => {
    const answer = await get(baseUrl, ASSET);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(FILES[ASSET]);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends the pre-rendered landing page for /, compressed and revalidated on every visit', async () => {
    const answer = await get(baseUrl, '/', { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(answer.body).toString()).toBe(FILES['/index.html']);
  });

  it('sends the app for the pages of the router, parameters included', async () => {
    for (const pathname of ['/users', '/reset-password/abc', '/login?next=1', '/users/']) {
      const answer = await get(baseUrl, pathname);
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers['cache-control'], pathname).toBe('no-cache');
      expect(answer.body.toString(), pathname).toBe(FILES['/app.html']);
    }
  });

  it('answers 404 with the app, which shows its not-found page, for any other path', async () => {
    for (const pathname of ['/nope', '/users/12/extra', '/index.html', '/app.html', '/assets/missing.js']) {
      const answer = await get(baseUrl, pathname, { 'accept-encoding': 'gzip' });
      expect(answer.status, pathname).toBe(404);
      expect(answer.headers['content-type'], pathname).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], pathname).toBe('no-cache');
      expect(gunzipSync(answer.body).toString(), pathname).toBe(FILES['/app.html']);
    }
  });

  it('keeps unknown API paths a 404 in JSON', async () => {
    const answer = await get(baseUrl, '/api/nope');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body.toString())).toEqual({ message: expect.stringContaining('/api/nope') });
  });

  it('does not serve the compressed copies as files of their own', async () => {
    const answer = await get(baseUrl, `${ASSET}.br`);
    expect(answer.status).toBe(404);
  });
});

describe('the web app beside compression of API answers', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  beforeAll(async () => {
    // As app.ts compresses JSON: globally, from 1 KB.
    app = Fastify({ logger: false });
    await app.register(fastifyCompress, { global: true, threshold: 1024 });
    await registerWebApp(app, distDir);
    baseUrl = await listen(app);
  });
  afterAll(() => app.close());

  it('compresses a precompressed answer only once', async () => {
    for (const pathname of [ASSET, '/', '/nope']) {
      const answer = await get(baseUrl, pathname, { 'accept-encoding': 'br' });
      expect(answer.headers['content-encoding'], pathname).toBe('br');
      expect(brotliDecompressSync(answer.body).toString(), pathname).toMatch(/^(export|<!doctype)/);
    }
  });

  it('sends a file too small to compress as it is', async () => {
    const answer = await get(baseUrl, '/favicon.svg', { 'accept-encoding': 'gzip, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(FILES['/favicon.svg']);
  });
});
