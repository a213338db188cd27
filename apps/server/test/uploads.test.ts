import type { AddressInfo } from 'node:net';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../src/http/error-handler.ts';
import { AppError } from '../src/http/errors.ts';
import { createDiskStorage } from '../src/uploads/file-storage.ts';
import { processImage, sniffImageFormat } from '../src/uploads/image-upload.ts';
import { readMultipartForm } from '../src/uploads/multipart-form.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import {
  decompressionBombPng,
  GPS_IFD_POINTER,
  jpegWithGps,
  SVG,
  smallPng,
  threeMegabyteJpeg,
} from './helpers/test-images.ts';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('image checks and re-encoding', () => {
  it('strips EXIF, GPS position included, from a jpeg and keeps it a jpeg', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif?.includes(GPS_IFD_POINTER)).toBe(true);
    const image = await processImage(original, 'image_file');
    expect(image.format).toBe('jpeg');
    expect(image.extension).toBe('jpg');
    const after = await sharp(image.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect([after.width, after.height]).toEqual([64, 48]);
  });

  it('takes a png named .jpg for what its bytes are: a png', async () => {
    const image = await processImage(await smallPng(), 'image_file');
    expect(image.format).toBe('png');
    expect(image.extension).toBe('png');
    expect(sniffImageFormat(image.bytes)).toBe('png');
  });

  it('refuses an SVG and a text file named .png, saying which types are accepted', async () => {
    for (const bytes of [SVG, Buffer.from('ovo nije slika, samo tekst u fajlu slika.png')]) {
      const error = await refusal(processImage(bytes, 'image_file'));
      expect(error.statusCode).toBe(422);
      expect(error.key).toBe('image_type');
      expect(error.field).toBe('image_file');
    }
  });

  it('refuses an image over 2 MB with 413', async () => {
    const big = await threeMegabyteJpeg();
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const error = await refusal(processImage(big, 'image_file'));
    expect(error.statusCode).toBe(413);
    expect(error.key).toBe('image_too_large');
  });

  it('refuses a truncated jpeg as unreadable', async () => {
    const whole = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const error = await refusal(processImage(whole.subarray(0, Math.floor(whole.length / 2)), 'photos'));
    expect(error.statusCode).toBe(422);
    expect(error.key).toBe('image_unreadable');
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = await decompressionBombPng();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const error = await refusal(processImage(bomb, 'icon'));
    expect(error.statusCode).toBe(422);
    expect(error.key).toBe('image_too_many_pixels');
  });
});

describe('multipart forms', () => {
  const app = Fastify();
  let base = '';
  beforeAll(async () => {
    registerErrorHandler(app);
    app.decorateRequest('lang', 'me');
    await app.register(fastifyMultipart);
    app.post('/form', async (request) => {
      const form = await readMultipartForm(request, {
        files: { image_file: 1, photos: 3 },
        maxFieldBytes: 100,
      });
      return {
        fields: form.fields,
        files: Object.fromEntries(
          Object.entries(form.files).map(([name, list]) => [name, list.map((b) => b.length)]),
        ),
      };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  const post = (form: FormData) => fetch(`${base}/form`, { method: 'POST', body: form });
  const blob = (bytes: Buffer) => new Blob([new Uint8Array(bytes)]);

  it('reads fields and indexed files, grouping photos[i] under photos', async () => {
    const form = new FormData();
    form.set('name', 'Šćepan');
    form.set('roles', '[2,3]');
    form.set('photos[0]', blob(Buffer.alloc(10, 1)), 'a.jpg');
    form.set('photos[1]', blob(Buffer.alloc(20, 1)), 'b.jpg');
    const answer = await post(form);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      fields: { name: 'Šćepan', roles: '[2,3]' },
      files: { photos: [10, 20] },
    });
  });

  it('refuses a file in a field that takes none, more files than a field holds, a too-long field', async () => {
    const stray = new FormData();
    stray.set('name', blob(Buffer.alloc(5)), 'x.png');
    const strayAnswer = await post(stray);
    expect(strayAnswer.status).toBe(422);
    expect(await strayAnswer.json()).toMatchObject({ errors: { name: ['Ovo polje ne prima fajlove.'] } });

    const many = new FormData();
    for (let i = 0; i < 4; i++) many.set(`photos[${i}]`, blob(Buffer.alloc(5)), `${i}.png`);
    expect((await post(many)).status).toBe(413);

    const long = new FormData();
    long.set('details', 'x'.repeat(101));
    const longAnswer = await post(long);
    expect(longAnswer.status).toBe(413);
    expect(await longAnswer.json()).toMatchObject({ errors: { details: ['Vrijednost polja je preduga.'] } });
  });

  it('stops reading a file at 2 MB and answers 413 on its field', async () => {
    const form = new FormData();
    form.set('image_file', blob(Buffer.alloc(2 * 1024 * 1024 + 10, 7)), 'big.jpg');
    const answer = await post(form);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ errors: { image_file: ['Slika može imati najviše 2 MB.'] } });
  });
});

describe('GET /api/image/<folder>/<name>', () => {
  let t: TestApp;
  let base = '';
  let stored = '';
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const image = await processImage(await jpegWithGps(), 'image_file');
    stored = await t.app.storage.save('user_images', image.extension, image.bytes);
  });
  afterAll(() => t.close());

  it('serves a stored image with its type, nosniff and a year of caching, to anyone', async () => {
    const answer = await fetch(`${base}/api/image/user_images/${stored}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(sniffImageFormat(bytes)).toBe('jpeg');
    expect(Number(answer.headers.get('content-length'))).toBe(bytes.length);
  });

  it('answers 404 for unknown folders, names that are not generated ones, and path tricks', async () => {
    for (const url of [
      `/api/image/secrets/${stored}`,
      `/api/image/service_icons/${stored}`,
      '/api/image/user_images/..%2F..%2Fpgdata%2FPG_VERSION',
      '/api/image/user_images/00000000-0000-0000-0000-000000000000.png',
      '/api/image/user_images/server.lock',
    ]) {
      const answer = await fetch(`${base}${url}`);
      expect(answer.status, url).toBe(404);
    }
  });

  it('stores files under DATA_DIR/uploads/<folder>/ with generated names, and removes them', async () => {
    const storage = createDiskStorage(`${t.dataDir}/uploads`);
    const name = await storage.save('jobs_images', 'png', await smallPng());
    expect(name).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(await storage.open('jobs_images', name)).not.toBeNull();
    await storage.remove('jobs_images', name);
    expect(await storage.open('jobs_images', name)).toBeNull();
    await storage.remove('jobs_images', name);
  });
});
