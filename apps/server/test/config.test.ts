import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readEnvFile } from '../src/config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.ts';

describe('configuration', () => {
  it('has working defaults: port 3000, ./data, demo data on the embedded database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.isDemoSeeded).toBe(true);
    expect(config.isSecureCookie).toBe(false);
  });

  it('turns demo data off by default on a PostgreSQL server', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/app' }).isDemoSeeded).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/app', SEED_DEMO: 'true' }).isDemoSeeded).toBe(true);
  });

  it('reads REDIS_URL, a redis:// or rediss:// URL, for the limits; unset, they count in the database', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://cache:6380/2' }).redisUrl).toBe('redis://cache:6380/2');
    expect(loadConfig({ REDIS_URL: 'rediss://u:p@cache.example' }).redisUrl).toBe(
      'rediss://u:p@cache.example',
    );
    for (const bad of ['http://cache:6379', 'cache:6379'])
      expect(() => loadConfig({ REDIS_URL: bad })).toThrow('REDIS_URL: must be a redis:// or rediss:// URL');
  });

  it('uses secure cookies behind an https public URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://usluge.me' }).isSecureCookie).toBe(true);
  });

  it('reads the sign-in limits: the old names, the ceiling of all addresses and its first wait', () => {
    expect(loadConfig({}).loginLimits).toEqual({
      perIp: 30,
      perUsername: 5,
      perAccount: undefined,
      firstDelayMs: undefined,
      windowMs: 900_000,
    });
    const config = loadConfig({
      LOGIN_MAX_ATTEMPTS_PER_IP: '40',
      LOGIN_MAX_FAILURES_PER_USERNAME: '3',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '12',
      LOGIN_FIRST_DELAY_SECONDS: '2',
      LOGIN_WINDOW_SECONDS: '600',
    });
    expect(config.loginLimits).toEqual({
      perIp: 40,
      perUsername: 3,
      perAccount: 12,
      firstDelayMs: 2000,
      windowMs: 600_000,
    });
    expect(() => loadConfig({ LOGIN_MAX_FAILURES_PER_ACCOUNT: 'many' })).toThrow(
      /LOGIN_MAX_FAILURES_PER_ACCOUNT/,
    );
    expect(() => loadConfig({ LOGIN_FIRST_DELAY_SECONDS: '0' })).toThrow(/LOGIN_FIRST_DELAY_SECONDS/);
  });

  it('names every bad value in one clear error', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'osamdeset',
        DATABASE_URL: 'mysql://x',
        ADMIN_PASSWORD: 'short',
        SEED_DEMO: 'maybe',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT: must be a port number');
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(message).toContain('ADMIN_PASSWORD: must have at least 8 characters');
      expect(message).toContain('SEED_DEMO: must be true or false');
    }
  });
});

describe('the .env file', () => {
  const touched = ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'MAIL_FROM'];
  let saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    saved = Object.fromEntries(touched.map((key) => [key, process.env[key]]));
    for (const key of touched) delete process.env[key];
  });
  afterEach(() => {
    for (const key of touched) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it('is read at start, and a variable set in the environment wins over it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-env-'));
    try {
      const file = path.join(dir, '.env');
      fs.writeFileSync(
        file,
        '# comment\nPORT=4123\nLOG_LEVEL=debug\nDATABASE_URL=\nMAIL_FROM="Usluge <pošta@usluge.me>"\n',
      );
      process.env.LOG_LEVEL = 'warn';
      readEnvFile(file);
      const config = loadConfig();
      expect(config.port).toBe(4123);
      expect(config.logLevel).toBe('warn');
      expect(config.databaseUrl).toBeUndefined();
      expect(config.mailFrom).toBe('Usluge <pošta@usluge.me>');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is optional: without one nothing changes', () => {
    readEnvFile(path.join(os.tmpdir(), 'no-such-dir-usluge', '.env'));
    expect(loadConfig().port).toBe(3000);
  });

  it('can be a copy of .env.example, which gives the documented defaults', () => {
    readEnvFile(path.resolve(import.meta.dirname, '../../../.env.example'));
    const config = loadConfig();
    expect(config.port).toBe(3000);
    expect(config.logLevel).toBe('info');
    expect(config.databaseUrl).toBeUndefined();
  });
});

describe('embedded data directory lock', () => {
  it('refuses a second owner while the first is alive, and frees it on release', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-lock-'));
    try {
      // A live process other than us holds it: our parent.
      fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(/in use by another server process/);
      fs.rmSync(path.join(dir, 'server.lock'));
      const release = acquireDataDirLock(dir);
      expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
      release();
      expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes over a lock left by a process that died', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-lock-'));
    try {
      fs.writeFileSync(path.join(dir, 'server.lock'), '999999999');
      const release = acquireDataDirLock(dir);
      release();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
