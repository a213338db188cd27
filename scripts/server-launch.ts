import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

function startScriptFlags(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const flags = /\bnode ((?:--\S+ )*)apps\/server\/src\/main\.ts/.exec(scripts.start ?? '');
  if (!flags) throw new Error("package.json's start script no longer runs `node … apps/server/src/main.ts`");
  return (flags[1] ?? '').split(' ').filter(Boolean);
}

/**
 * The Node flags `npm start` runs the server with (package.json's start script: V8's young
 * generation capped, bench/README), for every other process that starts the server: the tests'
 * real-server processes, the browser tests' server and the benches'.
 */
export const START_FLAGS: readonly string[] = startScriptFlags();

/** A TCP port free on 127.0.0.1 when asked. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
