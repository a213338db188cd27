import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * `GET /api/metrics` (issue 21, item 4) on a listening server: only for the holder of
 * METRICS_TOKEN, in Prometheus's format, with the figures an operator watches; and every answer's
 * request id, in its X-Request-Id.
 */
const TOKEN = 'metrike-token-za-test-7c1e9a';

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** A sample's value from the text format, by its name and labels as printed. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    base = await listen(t);
  });
  afterAll(() => t.close());

  it('answer only the bearer of METRICS_TOKEN', async () => {
    expect((await fetch(`${base}/api/metrics`)).status).toBe(401);
    const wrong = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
  });

  it('count requests by route pattern and status, and read the outbox, queue, reports and event loop', async () => {
    // Two mails waiting, the older queued ten minutes ago; a request to a route with an id.
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await t.db.insert(mailOutbox).values([
      { to_address: 'a@primjer.me', subject: 'A', text_body: 'a', created_at: tenMinutesAgo },
      { to_address: 'b@primjer.me', subject: 'B', text_body: 'b' },
      { to_address: 'c@primjer.me', subject: 'C', text_body: 'c', sent_at: sql`now()` },
    ]);
    await fetch(`${base}/api/health`);
    await fetch(`${base}/api/image/user_images/nema.png`);

    const answer = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}'),
    ).toBe(1);
    // The route's pattern, not the path: no series per file name.
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/image/:folder/:name",status_code="404"}',
      ),
    ).toBe(1);
    expect(sample(text, 'usluge_mail_outbox_depth')).toBe(2);
    expect(sample(text, 'usluge_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(600);
    expect(sample(text, 'usluge_review_queue_size')).toBe(0);
    expect(sample(text, 'usluge_report_workers_busy')).toBe(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });

  it('gives every answer its request id, and keeps a sane one a proxy sent', async () => {
    const own = await fetch(`${base}/api/health`);
    expect(own.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const handed = await fetch(`${base}/api/nothing-here`, { headers: { 'x-request-id': 'lb-4f2a.77' } });
    expect(handed.status).toBe(404);
    expect(handed.headers.get('x-request-id')).toBe('lb-4f2a.77');
    const odd = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'x'.repeat(129) } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('without METRICS_TOKEN', () => {
  it('there is no metrics route', async () => {
    const t = await createTestApp();
    const answer = await t.request({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer x' },
    });
    expect(answer.statusCode).toBe(404);
    await t.close();
  });
});
