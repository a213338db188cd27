import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerAuthentication } from './auth/authenticate.ts';
import { createLoginLimiter } from './auth/login-limiter.ts';
import type { Config } from './config.ts';
import type { Database, PoolStats } from './db/client.ts';
import { registerDocs } from './http/docs.ts';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './http/error-handler.ts';
import { languageOf } from './http/messages.ts';
import { registerListTotalsReset } from './list-engine/list-totals.ts';
import './http/request-context.ts';
import { registerCrudRoutes } from './crud/crud-routes.ts';
import { registerDraining } from './http/draining.ts';
import { registerIdempotencyCheck } from './http/idempotency.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerSecurity } from './http/security.ts';
import { registerUnreadBodies } from './http/unread-bodies.ts';
import { registerZodCompilers } from './http/validation.ts';
import { registerWebApp } from './http/web-app.ts';
import { registerWellFormedText } from './http/well-formed-text.ts';
import type { LimitStore } from './limits/limit-store.ts';
import { openLimitStore } from './limits/open-limit-store.ts';
import { registerListRoutes } from './list-engine/list-routes.ts';
import { type MailWorker, startMailWorker } from './mail/mail-worker.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { adReportRoutes } from './modules/ad-reports/routes.ts';
import { adClaimRoutes } from './modules/ads/ad-claim-routes.ts';
import { adRevisionRoutes } from './modules/ads/ad-revision-routes.ts';
import { memberAdRoutes } from './modules/ads/member-ad-routes.ts';
import { adRoutes } from './modules/ads/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { leadTransactionRoutes } from './modules/lead-transactions/routes.ts';
import { type LeadRefundWorker, startLeadRefundWorker } from './modules/leads/lead-refund-worker.ts';
import { memberLeadRoutes } from './modules/leads/member-lead-routes.ts';
import { memberInboxRoutes } from './modules/me/inbox-routes.ts';
import { memberProfileRoutes } from './modules/me/profile-routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { refundRequestRoutes } from './modules/refund-requests/routes.ts';
import { CRUDS, LISTS } from './modules/resources.ts';
import { preferenceRoutes } from './modules/saved-views/preference-routes.ts';
import { globalSearchRoutes } from './modules/search/routes.ts';
import { seederRoutes } from './modules/seeders/routes.ts';
import { serviceRoutes } from './modules/services/routes.ts';
import { sessionRoutes } from './modules/session/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { createReportPool, type ReportPool } from './reports/report-pool.ts';
import { openConfiguredStorage } from './uploads/configured-storage.ts';
import type { FileStorage } from './uploads/file-storage.ts';
import { registerImageRoutes } from './uploads/image-routes.ts';

export type AppOptions = {
  config: Config;
  db: Database;
  driver: 'pglite' | 'postgres';
  logger?: FastifyServerOptions['logger'];
  /**
   * Where the sign-in and account limits count; by default Redis when REDIS_URL is set, else the
   * database. A store passed in is closed by its owner.
   */
  limitStore?: LimitStore;
  /**
   * Where uploads go; by default the configured store: the S3 bucket (checked, and created when
   * missing) when S3_BUCKET is set, else DATA_DIR/uploads on disk.
   */
  storage?: FileStorage;
  /** The background jobs' timers (off in tests that run the jobs themselves). */
  areJobsStarted?: boolean;
  /** The PostgreSQL pool's connections, for the metrics. */
  poolStats?: () => PoolStats;
};

export type RouteRecord = {
  method: string;
  url: string;
  access: string | undefined;
  isIdempotent: boolean;
  isListRead: boolean;
  /** A GET that changes state (config.isStateChanging), such as a favourite flag toggled. */
  isStateChanging: boolean;
};

declare module 'fastify' {
  // Module augmentation has to use interfaces.
  interface FastifyInstance {
    /** Every route as registered, with its declared access (the access test walks it). */
    routeRecords: RouteRecord[];
    /** Uploaded files (images); the one store every resource's uploads go through. */
    storage: FileStorage;
    /** Delivers the mail outbox. */
    mail: MailWorker;
    /** Renders list reports in worker threads. */
    reports: ReportPool;
    /** Refunds contacts whose poster did not answer in time. */
    leadRefunds: LeadRefundWorker;
  }
}

/** Answers up to this size are compressed in one call at brotli's cheaper quality 1. */
const SMALL_ANSWER_BYTES = 16 * 1024;

const brotliOptions = (quality: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
  },
});
const QUICK_BROTLI = brotliOptions(1);

/** A request id a proxy may hand on: short, and nothing a log line could be broken by. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

export async function buildApp({
  config,
  db,
  driver,
  logger,
  limitStore,
  storage: givenStorage,
  areJobsStarted = true,
  poolStats,
}: AppOptions): Promise<FastifyInstance> {
  const { storage, isBucketCreated } = givenStorage
    ? { storage: givenStorage, isBucketCreated: false }
    : await openConfiguredStorage(config);
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.isProxyTrusted,
    bodyLimit: 1024 * 1024,
    // Each request's id in its log lines and in the X-Request-Id of its answer: a proxy's id when
    // it sent a sane one, else a new UUID.
    requestIdHeader: false,
    genReqId: (request) => {
      const sent = request.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    // Slow clients do not hold connections: headers within 10 s, a whole request (an upload on a
    // phone's connection included) within 2 min, an idle kept-alive connection 72 s (longer than
    // the usual balancer's 60 s, so the balancer closes first). Checked every second.
    http: { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
    requestTimeout: 120_000,
    keepAliveTimeout: 72_000,
    // Leaving (SIGTERM): what arrives on open connections is still served (answers close them).
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });

  const routeRecords: RouteRecord[] = [];
  app.decorate('routeRecords', routeRecords);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Read lazily: plugins' own onRoute hooks may declare the access after this one runs.
      routeRecords.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access;
        },
        get isIdempotent() {
          return route.config?.isIdempotent === true;
        },
        get isListRead() {
          return route.config?.isListRead === true;
        },
        get isStateChanging() {
          return route.config?.isStateChanging === true;
        },
      });
    }
  });

  registerZodCompilers(app);
  registerErrorHandler(app);
  // Before any route, as it wires itself into each route. Answers of 1 KB and more go out as br or
  // gzip when compressible: JSON, not pdf, xlsx or docx (binary or zip already: mime-db says so),
  // and nothing that already has a Content-Encoding. Streams stay streams. Request bodies are
  // taken as sent (no decompression: one more way to blow up a small upload).
  // Brotli quality 3: on list pages it gives the same size as the plugin's 4 for half the CPU.
  // Answers up to 16 KB (a list page of 10–25 rows) are compressed at once, on the event loop, at
  // quality 1: about half of quality 3's CPU for 8–15 % more bytes (bench/README.md, "Server CPU
  // per request"); larger ones stream at quality 3.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: SMALL_ANSWER_BYTES,
    brotliOptions: brotliOptions(3),
    zlib: { brotliCompressSync: (buffer: Buffer) => zlib.brotliCompressSync(buffer, QUICK_BROTLI) },
    globalDecompression: false,
  });
  app.decorateRequest('lang', 'me');
  app.addHook('onRequest', async (request) => {
    request.lang = languageOf(request.headers['accept-language']);
  });
  await app.register(fastifyCookie);
  // Limits are set per form where it is read (uploads/multipart-form.ts); no form takes more parts.
  await app.register(fastifyMultipart, { limits: { parts: 200 } });
  app.decorate('storage', storage);
  if (isBucketCreated) app.log.warn('uploads: created the S3 bucket %s', config.s3?.bucket);
  const mail = startMailWorker({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.decorate('mail', mail);
  app.addHook('onClose', () => mail.stop());
  const leadRefunds = startLeadRefundWorker({
    db,
    answerMs: config.leadAnswerMs,
    log: app.log,
    isStarted: areJobsStarted,
  });
  app.decorate('leadRefunds', leadRefunds);
  app.addHook('onClose', () => leadRefunds.stop());
  const reports = createReportPool(config.reportConcurrency);
  app.decorate('reports', reports);
  app.addHook('onClose', () => reports.close());
  registerSecurity(app, config.publicUrl);
  registerDraining(app);
  registerIdempotencyCheck(app, { isProduction: config.isProduction });
  await registerMetrics(app, { token: config.metricsToken, db, reportsBusy: reports.activeCount, poolStats });
  registerUnreadBodies(app);
  registerWellFormedText(app);
  registerAuthentication(app, db);
  registerListTotalsReset(app, db);
  await registerDocs(app);

  const limits = limitStore ?? (await openLimitStore(config, db));
  if (!limitStore) app.addHook('onClose', () => limits.close());
  const limiter = createLoginLimiter(limits, config.loginLimits);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db, driver });
      await api.register(sessionRoutes, {
        db,
        limiter,
        isSecureCookie: config.isSecureCookie,
        isSeederEnabled: config.isSeederEnabled,
      });
      registerImageRoutes(api, storage);
      for (const list of LISTS) registerListRoutes(api, db, list);
      for (const crud of CRUDS) registerCrudRoutes(api, db, crud);
      leadTransactionRoutes(api, db);
      serviceRoutes(api, db);
      userRoutes(api, db, limiter);
      adRoutes(api, db, storage);
      adClaimRoutes(api, db);
      adRevisionRoutes(api, db);
      memberAdRoutes(api, db);
      memberLeadRoutes(api, db, { answerMs: config.leadAnswerMs });
      refundRequestRoutes(api, db, { windowMs: config.refundWindowMs });
      adReportRoutes(api, db);
      auditRoutes(api, db);
      accountRoutes(api, db, config, limits);
      memberProfileRoutes(api, db, limiter);
      memberInboxRoutes(api, db);
      notificationRoutes(api, db);
      dashboardRoutes(api, db);
      globalSearchRoutes(api, db);
      preferenceRoutes(api, db);
      if (config.isSeederEnabled) seederRoutes(api, db);
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDistDir);
  return app;
}
