import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { api, apiUrl } from './api-client.ts';
import { configureHttpClient } from './http-client.ts';

describe('API calls typed from the API document', () => {
  beforeEach(() => {
    configureHttpClient({
      onSessionLost: vi.fn(),
      onError: vi.fn(),
      isOnLoginPage: () => false,
      getLanguage: () => 'me',
    });
  });

  it('substitutes path parameters (encoded) and sends the method, body and options', async () => {
    const net = mockFetch({
      'PUT /api/refund_requests/decide/37': { body: { id: 37 } },
      'GET /api/audit/timeline/os%20cities/52': { body: { rows: [], next_before_id: null } },
    });
    await api.put('/api/refund_requests/decide/{id}', {
      params: { id: 37 },
      body: { is_approved: true, reason: 'Provjereno' },
      idempotencyKey: 'key-37',
    });
    await api.get('/api/audit/timeline/{record_type}/{record_id}', {
      params: { record_type: 'os cities', record_id: 52 },
    });
    expect(net.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /api/refund_requests/decide/37',
      'GET /api/audit/timeline/os%20cities/52',
    ]);
    expect(net.requests[0]?.body).toEqual({ is_approved: true, reason: 'Provjereno' });
    expect(net.requests[0]?.headers['idempotency-key']).toBe('key-37');
    expect(net.requests[1]?.body).toBeUndefined();
  });

  it('sends a multipart form as it is', async () => {
    const net = mockFetch({ 'POST /api/users/update/81': { body: { id: 81 } } });
    const form = new FormData();
    form.set('name', 'Milica');
    await api.post('/api/users/update/{id}', { params: { id: 81 }, body: form });
    expect(net.requests[0]?.body).toBe(form);
    expect(net.requests[0]?.headers['content-type']).toBeUndefined();
  });

  it('writes the query, leaving out what is undefined, and refuses a missing path parameter', () => {
    expect(
      apiUrl('/api/saved_views/destroy/{id}', { id: 9 }, { updated_at: '2026-11-26T09:00:00.000Z' }),
    ).toBe('/api/saved_views/destroy/9?updated_at=2026-11-26T09%3A00%3A00.000Z');
    expect(
      apiUrl(
        '/api/audit/timeline/{record_type}/{record_id}',
        { record_type: 'jobs', record_id: 3 },
        {
          before_id: undefined,
        },
      ),
    ).toBe('/api/audit/timeline/jobs/3');
    expect(() => apiUrl('/api/jobs/show/{id}', {})).toThrow(/id is missing/);
  });

  it('types the answer from the document and refuses a path, parameter or body it does not have', () => {
    // Type-level only: `tsc -p apps/web` fails when any of these lines compiles differently.
    const typeChecks = () => {
      expectTypeOf(api.post('/api/search', { body: { q: 'ko' } })).resolves.toEqualTypeOf<{
        result: { type: 'user' | 'ad'; id: number; title: string; subtitle: string }[];
      }>();
      // @ts-expect-error: no such path in the document
      void api.post('/api/serch', { body: { q: 'ko' } });
      // @ts-expect-error: /api/search answers POST, not GET
      void api.get('/api/search');
      // @ts-expect-error: the search takes `q`, not `query`
      void api.post('/api/search', { body: { query: 'ko' } });
      // @ts-expect-error: the path's `{id}` must be given
      void api.get('/api/jobs/show/{id}', {});
      // @ts-expect-error: a JSON-only route takes no FormData
      void api.post('/api/currencies/store', { body: new FormData() });
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});
