/**
 * Node 24 resolves each relative import inside a package by reading and parsing the package's
 * package.json again: drizzle-orm's (180 KB of `exports`) made importing it and its PostgreSQL
 * dialect cost about 1.7 s and 220 MB of memory at every start. A relative specifier with its file
 * extension, imported by a package's ES module, names a file by URL alone; this hook resolves it so
 * and leaves every other specifier (bare names, require, our own files) to Node. Imported first by
 * main.ts, before the server's module graph is resolved.
 */
import { registerHooks } from 'node:module';

const RELATIVE_FILE = /^\.\.?\/.*\.m?js$/;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (
      parent?.startsWith('file:') &&
      parent.includes('/node_modules/') &&
      RELATIVE_FILE.test(specifier) &&
      context.conditions?.includes('import')
    ) {
      return { url: new URL(specifier, parent).href, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
