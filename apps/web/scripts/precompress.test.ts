import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string | Buffer>): void {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-precompress-'));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
}

describe('precompressing the build', () => {
  it('writes brotli and gzip copies beside each text file that decompress to it', async () => {
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i })))};`;
    const css = `.landing { color: red; }\n`.repeat(60);
    write({
      'assets/app-x1.js': script,
      'assets/app-x1.css': css,
      'index.html': `<p>${'Usluge '.repeat(300)}</p>`,
    });
    const written = await precompressDirectory(dir);
    expect(written.map((entry) => entry.file).sort()).toEqual([
      'assets/app-x1.css',
      'assets/app-x1.js',
      'index.html',
    ]);
    const file = path.join(dir, 'assets/app-x1.js');
    expect(brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(fs.statSync(`${file}.gz`).size);
  });

  it('leaves files under 1 KB, files that do not shrink, and other types alone', async () => {
    write({
      // Compressible, but under 1 KB.
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(240)}</svg>`,
      // Random bytes: no compressor shrinks them.
      'assets/random-r2.js': randomBytes(4096),
      'assets/photo-p3.png': Buffer.alloc(4096),
      'assets/app-a4.js': `// ${'a'.repeat(2000)}`,
    });
    const written = await precompressDirectory(dir);
    expect(written).toEqual([
      { file: 'assets/app-a4.js', bytes: 2003, br: expect.any(Number), gz: expect.any(Number) },
      { file: 'assets/random-r2.js', bytes: 4096 },
    ]);
    expect(fs.existsSync(path.join(dir, 'favicon.svg.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'assets/photo-p3.png.gz'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'assets/random-r2.js.gz'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'assets/app-a4.js.gz'))).toBe(true);
  });
});
