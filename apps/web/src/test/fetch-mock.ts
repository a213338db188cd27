import { vi } from 'vitest';

/** One request as the mocked network saw it. */
export type SeenRequest = {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
};

export type MockReply =
  | { status?: number; body?: unknown }
  | ((request: SeenRequest) => Response | Promise<Response>);

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces `fetch` (the network boundary) with a table of answers keyed `'METHOD /path'`. A value
 * that is a list answers successive calls in turn (the last one repeats). Unknown calls get a 404.
 */
export function mockFetch(table: Record<string, MockReply | MockReply[]>) {
  const requests: SeenRequest[] = [];
  const counters = new Map<string, number>();

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const request: SeenRequest = { method, path: url.pathname, body, headers, credentials: init.credentials };
    requests.push(request);
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');

    const key = `${method} ${url.pathname}`;
    const entry = table[key];
    if (entry === undefined) return jsonResponse(404, { message: `No mock for ${key}` });
    const replies = Array.isArray(entry) ? entry : [entry];
    const index = counters.get(key) ?? 0;
    counters.set(key, index + 1);
    const reply = replies[Math.min(index, replies.length - 1)] as MockReply;
    if (typeof reply === 'function') return reply(request);
    return jsonResponse(reply.status ?? 200, reply.body);
  });

  vi.stubGlobal('fetch', fetchMock);

  return {
    fetchMock,
    requests,
    /** Requests to one `'METHOD /path'`. */
    callsTo: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
    lastBodyOf: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key).at(-1)?.body,
  };
}

/** A list answer in the API's shape. */
export function listAnswer<Row>(rows: Row[], total = rows.length, isExact = true) {
  return { body: { result: rows, total_rows: total, total_rows_exact: isExact } };
}

/** The calls of the admin home (`/ads-on-approval`): an empty queue of ads waiting for approval. */
export const ADMIN_HOME_ANSWERS = {
  'POST /api/jobs/index': listAnswer([]),
  'POST /api/jobs_queue/index': listAnswer([]),
  'POST /api/currencies/index_active': listAnswer([]),
  'POST /api/service_choices/index_active': listAnswer([]),
  'POST /api/os_countries/index_active': listAnswer([]),
  'POST /api/os_cities/index_active': listAnswer([]),
  'POST /api/ad_statuses/index_active': listAnswer([]),
} satisfies Record<string, MockReply>;
