/**
 * Node 24 resolves an import by reading and parsing the package.json of the package it names (or is
 * in) again each time: drizzle-orm's (180 KB of `exports`) made importing it and its PostgreSQL
 * dialect cost about 1.7 s and 220 MB of memory at every start, and the server's few hundred
 * imports of packages by name about 0.5 s more. This hook, imported first by main.ts before the
 * server's module graph is resolved, answers two kinds of import without Node's resolution:
 * - a relative specifier with its file extension, imported by a package's ES module, names a file
 *   by URL alone;
 * - a package imported by name resolves once per package that imports it (per folder of our own
 *   sources) and per set of conditions: the answer depends on which node_modules folders lie
 *   above the importer and on the named package's package.json, the same for every file of one
 *   package (no package keeps node_modules folders of its own below its root).
 * Everything else (`#` imports, `node:`, absolute paths, our own relative imports) is left to Node.
 */
import { registerHooks } from 'node:module';

const RELATIVE_FILE = /^\.\.?\/.*\.m?js$/;
/** `name`, `name/sub/path`, `@scope/name…`: not relative, absolute, `#…` nor a URL (`node:`, `file:`). */
const PACKAGE_NAME = /^(?:@[\w.-]+\/)?[\w][\w.-]*(?:\/|$)/;
const NODE_MODULES = '/node_modules/';

/** The root of the package a module is in (`…/node_modules/name` or `…/node_modules/@scope/name`), else its folder. */
function importerScope(parentUrl: string): string {
  const at = parentUrl.lastIndexOf(NODE_MODULES);
  if (at === -1) return parentUrl.slice(0, parentUrl.lastIndexOf('/'));
  const start = at + NODE_MODULES.length;
  const [first = '', second = ''] = parentUrl.slice(start).split('/', 2);
  return `${parentUrl.slice(0, start)}${first.startsWith('@') ? `${first}/${second}` : first}`;
}

const resolved = new Map<string, { url: string; format?: string | null | undefined }>();

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (!parent?.startsWith('file:')) return nextResolve(specifier, context);
    if (
      parent.includes(NODE_MODULES) &&
      RELATIVE_FILE.test(specifier) &&
      context.conditions?.includes('import')
    )
      return { url: new URL(specifier, parent).href, shortCircuit: true };
    if (!PACKAGE_NAME.test(specifier)) return nextResolve(specifier, context);
    const key = `${importerScope(parent)}\n${specifier}\n${context.conditions?.join() ?? ''}`;
    const known = resolved.get(key);
    if (known) return { ...known, shortCircuit: true };
    const answer = nextResolve(specifier, context);
    resolved.set(key, { url: answer.url, format: answer.format });
    return answer;
  },
});
