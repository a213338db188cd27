import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { LoginLimits } from './auth/login-limiter.ts';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be true or false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'must have at least 8 characters' }).optional(),
  SEED_DEMO: booleanText.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Usluge <no-reply@usluge.me>'),
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://usluge.me' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: booleanText.optional(),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_MAX_FAILURES_PER_USERNAME: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).optional(),
  LOGIN_FIRST_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  ACCOUNT_MAX_REQUESTS_PER_IP: z.coerce.number().int().min(1).default(20),
  ACCOUNT_MAX_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  ACCOUNT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  SEEDERS_ENABLED: booleanText.optional(),
  REPORT_CONCURRENCY: z.coerce.number().int().min(1).max(16).optional(),
  LEAD_ANSWER_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive()
    .max(24 * 365)
    .default(72),
  REFUND_WINDOW_DAYS: z.coerce.number({ error: 'must be a number of days' }).positive().max(3650).default(14),
  METRICS_TOKEN: z.string().min(16, { error: 'must have at least 16 characters' }).max(256).optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0)
    .max(120)
    .default(2),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be a URL such as http://minio:9000' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a bucket name (3-63 of a-z 0-9 . -)' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
});

/** Every environment variable the server reads (the deployment files are checked against it). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** Uploads on S3-compatible storage instead of the disk (S3_BUCKET set). */
export type S3Config = {
  /** Absent: AWS itself; given (MinIO, s3rver …): that server, addressed path-style. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where the sign-in and account limits count when set; else the database. */
  redisUrl: string | undefined;
  adminPassword: string | undefined;
  isDemoSeeded: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string;
  isSecureCookie: boolean;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (else it could be forged). */
  isProxyTrusted: boolean;
  loginLimits: LoginLimits;
  /** The public account calls (register, forgot password, delete account …): per IP and per address. */
  accountLimits: { perIp: number; perAddress: number; windowMs: number };
  /** The seeder generator's routes exist only when this is on (a development tool). */
  isSeederEnabled: boolean;
  /** Reports rendered at once, each in a worker thread; one more is refused with a 429. */
  reportConcurrency: number;
  /** A contact the poster has not answered in this long is refunded by itself. */
  leadAnswerMs: number;
  /** How long after a contact its member may ask for a refund. */
  refundWindowMs: number;
  /**
   * On SIGTERM, how long the node keeps serving (readiness 503, every answer closing its
   * connection) before it stops accepting and finishes what is in flight.
   */
  shutdownGraceMs: number;
  /** `GET /api/metrics` answers a scraper sending this as its bearer token; unset, no such route. */
  metricsToken: string | undefined;
  /** Where uploads go: this bucket when set, else the disk under DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /**
   * NODE_ENV=production (the image sets it). A write route that skipped runIdempotent is then
   * logged; anywhere else (development, tests, e2e) its answer is a 500 (http/idempotency.ts).
   */
  isProduction: boolean;
};

export class ConfigError extends Error {}

/**
 * Reads a `.env` file (the format of `.env.example`) into `process.env` when there is one. A
 * variable already set in the environment wins over the file.
 */
export function readEnvFile(file = path.resolve('.env')): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

/** Reads the configuration from environment variables; every bad value is named in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const s3 = s3ConfigOf(e);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    adminPassword: e.ADMIN_PASSWORD,
    // Demo data by default only for the embedded database: a real server is someone's production.
    isDemoSeeded: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    isSecureCookie: publicUrl.startsWith('https://'),
    isProxyTrusted: e.TRUST_PROXY ?? false,
    loginLimits: {
      perIp: e.LOGIN_MAX_ATTEMPTS_PER_IP,
      perUsername: e.LOGIN_MAX_FAILURES_PER_USERNAME,
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      firstDelayMs:
        e.LOGIN_FIRST_DELAY_SECONDS === undefined ? undefined : e.LOGIN_FIRST_DELAY_SECONDS * 1000,
      windowMs: e.LOGIN_WINDOW_SECONDS * 1000,
    },
    isSeederEnabled: e.SEEDERS_ENABLED ?? false,
    // One core stays for the event loop; at most four reports at once.
    reportConcurrency: e.REPORT_CONCURRENCY ?? Math.max(1, Math.min(4, availableParallelism() - 1)),
    leadAnswerMs: Math.round(e.LEAD_ANSWER_HOURS * 3_600_000),
    refundWindowMs: Math.round(e.REFUND_WINDOW_DAYS * 86_400_000),
    shutdownGraceMs: Math.round(e.SHUTDOWN_GRACE_SECONDS * 1000),
    metricsToken: e.METRICS_TOKEN,
    accountLimits: {
      perIp: e.ACCOUNT_MAX_REQUESTS_PER_IP,
      perAddress: e.ACCOUNT_MAX_REQUESTS_PER_ADDRESS,
      windowMs: e.ACCOUNT_WINDOW_SECONDS * 1000,
    },
    s3,
    // Node's and libraries' own variable, not one of the server's: read as it is, unvalidated.
    isProduction: env.NODE_ENV === 'production',
  };
}

/**
 * All or nothing: a bucket needs both keys, and an endpoint or a key without a bucket is a
 * mistake rather than something to ignore (uploads would quietly stay on one node's disk).
 * S3_REGION alone is not: it has a default.
 */
function s3ConfigOf(e: z.infer<typeof envSchema>): S3Config | undefined {
  if (e.S3_BUCKET === undefined) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (name) => e[name] !== undefined,
    );
    if (stray.length > 0)
      throw new ConfigError(
        `Invalid configuration:\n  S3_BUCKET: must be set when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} (uploads go to S3-compatible storage only with a bucket)`,
      );
    return undefined;
  }
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => e[name] === undefined,
  );
  if (e.S3_ACCESS_KEY_ID === undefined || e.S3_SECRET_ACCESS_KEY === undefined)
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: must be set with S3_BUCKET`).join('\n')}`,
    );
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  };
}
