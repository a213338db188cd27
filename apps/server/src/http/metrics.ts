import { createHash, timingSafeEqual } from 'node:crypto';
import { and, count, isNull, min } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, PoolStats } from '../db/client.ts';
import { ads, mailOutbox } from '../db/schema/index.ts';
import { inReviewQueue } from '../modules/ads/review-queue.ts';
import { unauthorized } from './errors.ts';

export type MetricsOptions = {
  /** METRICS_TOKEN: without it there is no metrics route (404). */
  token: string | undefined;
  db: Database;
  reportsBusy: () => number;
  poolStats: (() => PoolStats) | undefined;
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Seconds since a moment, 0 when there is none. */
const ageOf = (since: Date | string | null | undefined) =>
  since ? Math.max(0, (Date.now() - new Date(since).getTime()) / 1000) : 0;

/** One read shared by every caller while it runs; the next call after it ends reads anew. */
function sharedWhileRunning<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= read().finally(() => {
      running = null;
    });
    return running;
  };
}

/**
 * `GET /api/metrics` in Prometheus's text format, for an operator's scraper holding METRICS_TOKEN:
 * requests by route and status with their latency, the database pool, the mail outbox's depth and
 * oldest mail's age, the review queue's size and oldest ad's age, the report workers busy, and
 * Node's own (event-loop delay, memory, handles). The database figures are read at each scrape.
 * prom-client is loaded only then: a server without METRICS_TOKEN does not hold it in memory.
 */
export async function registerMetrics(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const { token } = options;
  if (!token) return;
  const { collectDefaultMetrics, Gauge, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests by method, route (its pattern) and status, and how long each took to answer',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      {
        method: request.method,
        // The pattern, never the path itself: ids would make a series per record.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'usluge_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, and requests waiting for one); absent on the embedded database',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = options.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  // The registry collects its metrics at once: two gauges of one query share it while it runs,
  // so a scrape reads the outbox once and the queue once.
  const outbox = sharedWhileRunning(async () => {
    const [row] = await options.db
      .select({ depth: count(), oldest: min(mailOutbox.created_at) })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sent_at), isNull(mailOutbox.failed_at)));
    return row;
  });
  new Gauge({
    name: 'usluge_mail_outbox_depth',
    help: 'Mails still to be delivered (not sent, not given up)',
    registers: [registry],
    async collect() {
      this.set((await outbox())?.depth ?? 0);
    },
  });
  new Gauge({
    name: 'usluge_mail_outbox_oldest_age_seconds',
    help: 'How long the oldest mail still to be delivered has waited',
    registers: [registry],
    async collect() {
      this.set(ageOf((await outbox())?.oldest));
    },
  });

  const queue = sharedWhileRunning(async () => {
    const [row] = await options.db
      .select({ size: count(), oldest: min(ads.updated_at) })
      .from(ads)
      .where(inReviewQueue);
    return row;
  });
  new Gauge({
    name: 'usluge_review_queue_size',
    help: 'Active ads awaiting approval (the review queue)',
    registers: [registry],
    async collect() {
      this.set((await queue())?.size ?? 0);
    },
  });
  new Gauge({
    name: 'usluge_review_queue_oldest_age_seconds',
    help: 'How long the ad that has waited longest in the review queue has waited',
    registers: [registry],
    async collect() {
      this.set(ageOf((await queue())?.oldest));
    },
  });

  new Gauge({
    name: 'usluge_report_workers_busy',
    help: 'Reports being rendered now, each in a worker thread',
    registers: [registry],
    collect() {
      this.set(options.reportsBusy());
    },
  });

  const expected = digest(`Bearer ${token}`);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/metrics',
    {
      // Its own check below: the metrics token is no user's session.
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Metrics in the Prometheus text format, for a scraper holding METRICS_TOKEN',
        description:
          'Answered only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); the route does not exist (404) when METRICS_TOKEN is not set.',
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const sent = digest(request.headers.authorization ?? '');
      if (!timingSafeEqual(sent, expected)) throw unauthorized();
      reply.type(registry.contentType).header('Cache-Control', 'no-store');
      return registry.metrics();
    },
  );
}
