import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-reset-'));

/** Runs `npm run db:reset`'s script as a newcomer would, with only the given settings. */
function reset(env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return spawnSync(process.execPath, ['src/db/cli/reset.ts'], {
    cwd: SERVER_ROOT,
    env: { ...inherited, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

const passwordOf = (output: string) => /with password: (\S+)/.exec(output)?.[1];

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// The reset is about the embedded database; the PostgreSQL run of the suite has nothing to add.
describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('db:reset', () => {
  // Two resets, each a new embedded database and a seed: slow on a loaded machine.
  it('creates a fresh embedded database with a new admin password, each time it runs', () => {
    fs.mkdirSync(path.join(dataDir, 'uploads', 'user_images'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'user_images', 'old.png'), 'x');
    const first = reset({ DATA_DIR: dataDir });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Seeded (pglite)');
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
    const second = reset({ DATA_DIR: dataDir });
    expect(second.status, second.stderr).toBe(0);
    expect(passwordOf(first.stdout)).toBeDefined();
    expect(passwordOf(second.stdout)).toBeDefined();
    expect(passwordOf(second.stdout)).not.toBe(passwordOf(first.stdout));
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 120_000);

  it('is refused while a server holds the data directory, and removes nothing', () => {
    // A live process other than the reset holds it: this test's own.
    fs.writeFileSync(path.join(dataDir, 'server.lock'), String(process.pid));
    try {
      const attempt = reset({ DATA_DIR: dataDir });
      expect(attempt.status).toBe(1);
      expect(attempt.stderr).toContain('in use by another server process');
      expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(true);
    } finally {
      fs.rmSync(path.join(dataDir, 'server.lock'), { force: true });
    }
  });

  it('is refused on a PostgreSQL server, whose data it would destroy', () => {
    const attempt = reset({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(attempt.status).toBe(1);
    expect(attempt.stderr).toContain('db:reset resets only the embedded database');
  });
});
