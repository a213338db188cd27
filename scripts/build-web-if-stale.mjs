// `npm start` runs this before the server: it builds the web app only when the build is missing or
// was made from other sources. The build's inputs are hashed (paths and contents) and the hash is
// kept beside the build, so a checkout that changes a file rebuilds and one that changes nothing
// starts at once. File times are not used: a fresh clone gives every file a new one.
// `npm run build` runs it with --always: it builds whatever the stamp says, and records what it
// built, so that the next `npm start` does not build again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'apps/web/dist');
const stampFile = path.join(distDir, '.source-hash');
const inputs = ['apps/web', 'packages/contract', 'package-lock.json'];
const skipped = new Set(['node_modules', 'dist']);

function* filesUnder(relative) {
  const absolute = path.join(root, relative);
  if (!fs.statSync(absolute).isDirectory()) {
    yield relative;
    return;
  }
  const entries = fs
    .readdirSync(absolute, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (skipped.has(entry.name)) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) yield* filesUnder(child);
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) yield child;
  }
}

function sourceHash() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(input)) {
      hash.update(`${file}\0`);
      hash.update(fs.readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

const wanted = sourceHash();
const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
const isForced = process.argv.includes('--always');
if (!isForced && built === wanted && fs.existsSync(path.join(distDir, 'index.html'))) {
  process.stdout.write('Web app: the build is up to date.\n');
} else {
  if (!isForced) {
    process.stdout.write(
      built ? 'Web app: sources changed, building…\n' : 'Web app: no build yet, building…\n',
    );
  }
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  fs.writeFileSync(stampFile, `${wanted}\n`);
}
