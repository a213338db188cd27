import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wireHttpClient } from '../app/http-wiring.ts';
import { FeedbackHost } from '../components/feedback/feedback-host.tsx';
import { feedback } from '../components/feedback/feedback-store.ts';
import { jsonResponse, listAnswer, mockFetch } from '../test/fetch-mock.ts';
import { ADMIN_USER } from '../test/fixtures.ts';
import { renderApp, resetApp, setAuthenticatedFlag } from '../test/render-app.tsx';
import { configureHttpClient, HTTP_TIMEOUT_MS, http } from './http-client.ts';
import { HttpError } from './http-error.ts';

describe('HTTP client', () => {
  const onSessionLost = vi.fn();
  const onError = vi.fn();

  beforeEach(() => {
    onSessionLost.mockReset();
    onError.mockReset();
    configureHttpClient({ onSessionLost, onError, isOnLoginPage: () => false, getLanguage: () => 'me' });
  });

  it('sends credentials, JSON and the interface language on every call', async () => {
    const net = mockFetch({ 'POST /api/things/index': { body: { ok: true } } });
    configureHttpClient({ getLanguage: () => 'en' });
    await http.post('/api/things/index', { a: 1 });
    const [request] = net.requests;
    expect(request?.credentials).toBe('include');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['accept-language']).toBe('en');
    expect(request?.body).toEqual({ a: 1 });
  });

  it('sends the Idempotency-Key given, and exposes a stale write as its current row without an error dialog', async () => {
    const current = { id: 4, name: 'Sada', updated_at: '2026-11-25T19:42:31.123Z' };
    const stale = { status: 409, body: { message: 'Neko je u međuvremenu izmijenio ovaj zapis.', current } };
    const net = mockFetch({ 'PUT /api/things/update/4': stale });
    const failure = await http
      .put('/api/things/update/4', { name: 'Moje' }, { idempotencyKey: 'key-4a', isStaleWriteShown: true })
      .catch((error: unknown) => error);
    expect(net.requests[0]?.headers['idempotency-key']).toBe('key-4a');
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).isStaleWrite).toBe(true);
    expect((failure as HttpError).current).toEqual(current);
    expect(onError).not.toHaveBeenCalled();
    // A caller that does not show the conflict itself gets the error dialog; other 409s are not stale.
    await http.put('/api/things/update/4', { name: 'Moje' }).catch(() => {});
    expect(onError).toHaveBeenCalledTimes(1);
    expect(new HttpError(409, { message: 'Već postoji.' }).isStaleWrite).toBe(false);
  });

  it('on 401 refreshes the session once, then retries the call', async () => {
    const net = mockFetch({
      'GET /api/user': [{ status: 401, body: { message: 'Istekao token.' } }, { body: ADMIN_USER }],
      'GET /api/refresh-token-web': { body: { user: ADMIN_USER } },
    });
    await expect(http.get('/api/user')).resolves.toEqual(ADMIN_USER);
    expect(net.requests.map((r) => r.path)).toEqual(['/api/user', '/api/refresh-token-web', '/api/user']);
    expect(onError).not.toHaveBeenCalled();
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('shares one refresh between calls that fail together', async () => {
    const net = mockFetch({
      'POST /api/a/index': [{ status: 401 }, { body: 'a' }],
      'POST /api/b/index': [{ status: 401 }, { body: 'b' }],
      'GET /api/refresh-token-web': { body: { user: ADMIN_USER } },
    });
    await expect(Promise.all([http.post('/api/a/index'), http.post('/api/b/index')])).resolves.toEqual([
      'a',
      'b',
    ]);
    expect(net.callsTo('GET /api/refresh-token-web')).toHaveLength(1);
  });

  it('when the refresh fails, ends the session without retrying or reporting an error', async () => {
    const net = mockFetch({
      'POST /api/users/index': { status: 401 },
      'GET /api/refresh-token-web': { status: 401, body: { message: 'Sesija je istekla.' } },
    });
    const failure = await http.post('/api/users/index').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).isSessionLost).toBe(true);
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(net.callsTo('POST /api/users/index')).toHaveLength(1);
  });

  it('does not try a refresh on the login page', async () => {
    configureHttpClient({ isOnLoginPage: () => true });
    const net = mockFetch({ 'GET /api/user': { status: 401 } });
    await expect(http.get('/api/user')).rejects.toBeInstanceOf(HttpError);
    expect(net.callsTo('GET /api/refresh-token-web')).toHaveLength(0);
    expect(onSessionLost).toHaveBeenCalledTimes(1);
  });

  it(`gives up after ${HTTP_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: unknown, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const pending = http.get('/api/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(onError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const failure = await pending;
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(0);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('stays quiet when the caller cancels', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: unknown, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = http.get('/api/slow', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toBeInstanceOf(DOMException);
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('error dialog', () => {
  beforeEach(async () => {
    await resetApp();
    // The app's own wiring: failures open the 'Greška' dialog, a lost session goes to /login.
    wireHttpClient();
  });

  afterEach(() => feedback.reset());

  it("shows the server's message under the title 'Greška'", async () => {
    mockFetch({
      'POST /api/x/store': { status: 422, body: { message: 'Naziv je obavezan.', errors: { name: ['x'] } } },
    });
    render(<FeedbackHost />);
    await act(() => http.post('/api/x/store', {}).catch(() => {}));
    const dialog = await screen.findByRole('dialog', { name: 'Greška' });
    expect(dialog).toHaveTextContent('Naziv je obavezan.');
  });

  it('stays closed when the caller shows every field the answer names, and opens for any other', async () => {
    const conflict = { message: 'Država sa ovom oznakom već postoji.', errors: { code: ['Zauzeto.'] } };
    mockFetch({
      'POST /api/x/store': [
        { status: 409, body: conflict },
        { status: 409, body: conflict },
        { status: 422, body: { message: 'Neispravni podaci.' } },
      ],
    });
    render(<FeedbackHost />);
    const failure = await act(() =>
      http.post('/api/x/store', {}, { shownFields: ['name', 'code'] }).catch((e: unknown) => e),
    );
    expect(failure).toMatchObject({ status: 409, fieldErrors: { code: ['Zauzeto.'] } });
    expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument();

    // A field the form does not show, or no field at all: only the dialog can say it.
    await act(() => http.post('/api/x/store', {}, { shownFields: ['name'] }).catch(() => {}));
    expect(await screen.findByRole('dialog', { name: 'Greška' })).toHaveTextContent(conflict.message);
    act(() => feedback.closeError());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await act(() => http.post('/api/x/store', {}, { shownFields: ['name'] }).catch(() => {}));
    expect(await screen.findByRole('dialog', { name: 'Greška' })).toHaveTextContent('Neispravni podaci.');
  });

  it("says 'Kontaktirajte administratora' when the answer has no message", async () => {
    mockFetch({ 'GET /api/x': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    render(<FeedbackHost />);
    await act(() => http.get('/api/x').catch(() => {}));
    expect(await screen.findByRole('dialog', { name: 'Greška' })).toHaveTextContent(
      'Kontaktirajte administratora',
    );
  });

  it("says 'Kontaktirajte administratora' when no answer came", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    render(<FeedbackHost />);
    await act(() => http.get('/api/x').catch(() => {}));
    expect(await screen.findByRole('dialog', { name: 'Greška' })).toHaveTextContent(
      'Kontaktirajte administratora',
    );
  });

  it('opens from a failed list read in the app, and closes', async () => {
    await resetApp();
    setAuthenticatedFlag();
    mockFetch({
      'GET /api/user': { body: ADMIN_USER },
      'POST /api/os_countries/index': { status: 422, body: { message: 'Nepoznata kolona za sortiranje.' } },
    });
    await renderApp('/countries', { isReset: false });
    const dialog = await screen.findByRole('dialog', { name: 'Greška' });
    expect(dialog).toHaveTextContent('Nepoznata kolona za sortiranje.');
    expect(await screen.findByText('Podaci nisu učitani.')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Zatvori' }).click());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends the visitor to /login when a call fails with 401 and the refresh fails', async () => {
    await resetApp();
    setAuthenticatedFlag();
    mockFetch({
      'GET /api/user': { body: ADMIN_USER },
      'POST /api/os_countries/index': { status: 401 },
      'GET /api/refresh-token-web': () => jsonResponse(401, { message: 'Sesija je istekla.' }),
    });
    const { router } = await renderApp('/countries', { isReset: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('isAuthenticated')).toBe('false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the list when the refresh succeeds', async () => {
    await resetApp();
    setAuthenticatedFlag();
    const net = mockFetch({
      'GET /api/user': { body: ADMIN_USER },
      'POST /api/os_countries/index': [
        { status: 401 },
        listAnswer([
          { id: 1, name: 'Srbija', code: 'RS', is_active: true, updated_at: '2024-01-01T00:00:00Z' },
        ]),
      ],
      'GET /api/refresh-token-web': { body: { user: ADMIN_USER } },
    });
    const { router } = await renderApp('/countries', { isReset: false });
    expect(await screen.findByText('Srbija')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/countries');
    expect(net.callsTo('POST /api/os_countries/index')).toHaveLength(2);
  });
});
