import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { START_FLAGS } from '../../../scripts/server-launch.ts';
import { CONFIG_VARIABLES } from '../src/config.ts';

/**
 * The Dockerfile and compose.yaml cannot be built on a machine without an image registry; what
 * can be checked is checked: every variable they give the server is one it reads (a misspelt one
 * would be silently ignored), every one of those is documented in README and .env.example, and the
 * image runs what `npm start` runs, as a non-root user, with a health check on readiness.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
/** Read by Node and libraries, not by the server's configuration. */
const RUNTIME_VARIABLES = new Set(['NODE_ENV']);

describe('the deployment files', () => {
  it('set only variables the server reads', () => {
    const compose = read('compose.yaml');
    const appBlock = compose.slice(compose.indexOf('x-app:'), compose.indexOf('services:'));
    const fromCompose = [...appBlock.matchAll(/^\s+- ([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    const dockerfile = read('Dockerfile');
    const envBlock = /^ENV ((?:.*\\\n)*.*)$/m.exec(dockerfile)?.[1] ?? '';
    const fromDockerfile = [...envBlock.matchAll(/([A-Z][A-Z0-9_]*)=/g)].map((match) => match[1]);
    expect(fromCompose.length).toBeGreaterThan(5);
    expect(fromDockerfile).toContain('DATA_DIR');
    const unknown = [...fromCompose, ...fromDockerfile].filter(
      (name) => name !== undefined && !CONFIG_VARIABLES.includes(name) && !RUNTIME_VARIABLES.has(name),
    );
    expect(unknown).toEqual([]);
  });

  it('document every variable the server reads', () => {
    const readme = read('README.md');
    const example = read('.env.example');
    expect(CONFIG_VARIABLES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
    expect(CONFIG_VARIABLES.filter((name) => !example.includes(name))).toEqual([]);
  });

  it('run the server as npm start does, as a non-root user, checked on readiness', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^FROM node:24-slim$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    // The same Node flags as npm start, the young generation's cap among them (bench/README.md).
    expect(START_FLAGS).toContain('--max-semi-space-size=16');
    expect(dockerfile).toContain(
      `CMD ["${['node', ...START_FLAGS, 'apps/server/src/main.ts'].join('", "')}"]`,
    );
    expect(dockerfile).toContain('/api/ready');
    expect(dockerfile).toContain('--omit=dev');
  });
});
