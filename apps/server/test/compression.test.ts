import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, listenOnFreePort } from './helpers/http-client.ts';
import { readPdf, readXlsx } from './helpers/read-report.ts';
import { createTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';

/** A JSON answer over 16 KB, which is compressed at brotli quality 3 rather than 1. */
const BIG_ANSWER = JSON.stringify({
  result: Array.from({ length: 400 }, (_, i) => ({
    id: i * 37,
    title: `Oglas br. ${i * 37}`,
    price: i % 50,
  })),
});
const brotli = (text: string, quality: number) =>
  brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: quality,
    },
  });

/** A JSON answer that a route compressed itself, as a precompressed file would come. */
const ALREADY_GZIPPED = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => `stavka ${i}`) });

let t: TestApp;
let send: ReturnType<typeof createHttpClient>;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      app.get('/api/test/big', { config: { access: 'public' } }, async (_, reply) =>
        reply.type('application/json; charset=utf-8').send(BIG_ANSWER),
      );
      app.get('/api/test/gzipped', { config: { access: 'public' } }, async (_, reply) =>
        reply
          .type('application/json; charset=utf-8')
          .header('Content-Encoding', 'gzip')
          .send(gzipSync(ALREADY_GZIPPED)),
      );
    },
  });
  await createUser(t.db, { username: 'filler', roleIds: [] });
  await createUser(t.db, { username: 'boss', roleIds: [ROLE.administrator] });
  cookie = await t.signIn('boss');
  send = createHttpClient(await listenOnFreePort(t.app));
});
afterAll(() => t.close());

const citiesList = (acceptEncoding: string | undefined, extra: Record<string, unknown> = {}) =>
  send({
    method: 'POST',
    path: '/api/os_cities/index',
    body: JSON.stringify({ options: { itemsPerPage: 100 }, ...extra }),
    headers: {
      'content-type': 'application/json',
      cookie,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

type CityList = { result: { id: number; name: string }[]; total_rows: number };

describe('compression of JSON answers', () => {
  it('sends a big list as brotli when the client takes it, and it decodes to the list', async () => {
    const plain = await citiesList(undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const list = plain.json() as CityList;
    expect(list.result.length).toBeGreaterThan(50);
    expect(plain.body.length).toBeGreaterThan(5000);

    const br = await citiesList('gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(list);
  });

  it('compresses a list page under 16 KB at brotli quality 1, a larger answer at quality 3', async () => {
    const plain = await citiesList(undefined);
    expect(plain.body.length).toBeLessThan(16 * 1024);
    const br = await citiesList('br');
    expect(br.body).toEqual(brotli(plain.body.toString('utf8'), 1));

    expect(BIG_ANSWER.length).toBeGreaterThan(16 * 1024);
    const big = await send({ path: '/api/test/big', headers: { 'accept-encoding': 'br' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(big.body).toString('utf8')).toBe(BIG_ANSWER);
    expect(big.body.length).toBe(brotli(BIG_ANSWER, 3).length);
    expect(big.body.length).toBeLessThan(brotli(BIG_ANSWER, 1).length);
  });

  it('uses gzip for a client that knows only gzip', async () => {
    const gzip = await citiesList('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(gzip.body).toString('utf8')) as CityList).result.length).toBeGreaterThan(
      50,
    );
  });

  it('leaves small answers as they are', async () => {
    const health = await send({ path: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.body.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it('does not compress an answer that is compressed already', async () => {
    const answer = await send({ path: '/api/test/gzipped', headers: { 'accept-encoding': 'br' } });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString('utf8')).toBe(ALREADY_GZIPPED);
  });
});

describe('report files', () => {
  it('stream xlsx whole and uncompressed, whatever the client accepts', async () => {
    const answer = await citiesList('br, gzip', {
      is_report: true,
      report_type: 'xlsx',
      show_columns: ['name'],
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    expect(answer.headers['content-encoding']).toBeUndefined();
    // Streamed as it is written: no length known up front.
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    const rows = await readXlsx(answer.body, 1);
    const list = (await citiesList(undefined)).json() as CityList;
    expect(rows.slice(1).map(([name]) => name)).toEqual(list.result.map((city) => city.name));
  });

  it('stream pdf whole and uncompressed', async () => {
    const answer = await citiesList('br, gzip', {
      is_report: true,
      report_type: 'pdf',
      show_columns: ['name'],
    });
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect((await readPdf(answer.body)).join(' ')).toContain('Podgorica');
  });
});
