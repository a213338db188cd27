import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves less than its headers and the server's extra look-up cost. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Precompressed = { file: string; bytes: number; br?: number; gz?: number };

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip level 9) beside every compressible
 * file of at least 1 KB in `dir`, each only when it is smaller than the file. The server sends them
 * as they are (@fastify/static preCompressed), so no answer is compressed while a visitor waits.
 */
export async function precompressDirectory(dir: string): Promise<Precompressed[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  const results = await Promise.all(
    files.map(async (file): Promise<Precompressed | undefined> => {
      const content = await fs.readFile(file);
      if (content.length < MIN_BYTES) return undefined;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      const result: Precompressed = { file: path.relative(dir, file), bytes: content.length };
      if (br.length < content.length) {
        await fs.writeFile(`${file}.br`, br);
        result.br = br.length;
      }
      if (gz.length < content.length) {
        await fs.writeFile(`${file}.gz`, gz);
        result.gz = gz.length;
      }
      return result;
    }),
  );
  return results.filter((result) => result !== undefined);
}

/** The build's last step: compressed copies of everything the other steps wrote. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'usluge:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const written = await precompressDirectory(path.resolve(config.root, config.build.outDir));
        config.logger.info(`precompressed ${written.length} files (.br and .gz)`);
      },
    },
  };
}
