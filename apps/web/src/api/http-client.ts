import { IDEMPOTENCY_KEY_HEADER } from '@usluge/contract';
import { HttpError } from './http-error.ts';

/** SPEC.md section 9: every call gives up after three minutes. */
export const HTTP_TIMEOUT_MS = 180_000;
const REFRESH_PATH = '/api/refresh-token-web';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type HttpRequestOptions = {
  method?: HttpMethod;
  /** Sent as JSON, or as it is when it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** The caller shows the failure itself (the login form's red alert, the session check). */
  isErrorDialogSuppressed?: boolean;
  /**
   * Fields the caller shows errors under (a form's fields). A failure whose field errors all name
   * such fields opens no error dialog: the form already says what is wrong, where it is wrong.
   */
  shownFields?: readonly string[];
  /**
   * The caller shows a stale write's conflict itself (a form showing what changed): a 409 with
   * `current` opens no error dialog.
   */
  isStaleWriteShown?: boolean;
  /**
   * Sent as the `Idempotency-Key` header of a write: the same key again (a retry of the same submit)
   * is answered with the first answer instead of acting twice.
   */
  idempotencyKey?: string;
  /** No refresh-and-retry on 401 (the login call itself). */
  isRefreshSkipped?: boolean;
  responseType?: 'json' | 'blob';
  timeoutMs?: number;
  /** Extra request headers. */
  headers?: Readonly<Record<string, string>>;
};

/** What the app plugs in: the error dialog, the way to the login page, the UI language. */
export type HttpHandlers = {
  onError: (error: HttpError) => void;
  onSessionLost: () => void;
  getLanguage: () => string;
  isOnLoginPage: () => boolean;
};

const defaultHandlers: HttpHandlers = {
  onError: () => {},
  onSessionLost: () => window.location.assign('/login'),
  getLanguage: () => document.documentElement.lang.slice(0, 2) || 'me',
  isOnLoginPage: () => window.location.pathname === '/login',
};

let handlers: HttpHandlers = defaultHandlers;

export function configureHttpClient(next: Partial<HttpHandlers>): void {
  handlers = { ...handlers, ...next };
}

/** One refresh at a time: concurrent 401s wait for the same one. */
let refreshInFlight: Promise<boolean> | null = null;

function refreshSession(): Promise<boolean> {
  refreshInFlight ??= send(REFRESH_PATH, { method: 'GET' })
    .then((response) => response.ok)
    .catch(() => false)
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** One fetch with credentials, the UI language and the time-out; network failures become HttpError 0. */
async function send(path: string, options: HttpRequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    ...options.headers,
    ...(options.idempotencyKey === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey }),
    Accept: options.responseType === 'blob' ? '*/*' : 'application/json',
    'Accept-Language': handlers.getLanguage(),
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (error) {
    // The caller cancelled (a newer list request replaced this one): let it go quietly.
    if (isAbortError(error) && !isTimedOut) throw error;
    throw new HttpError(0, null, { description: isTimedOut ? 'timeout' : 'network' });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** True when every field error names a field the caller shows (and there is at least one). */
function isShownByCaller(error: HttpError, options: HttpRequestOptions): boolean {
  const fields = Object.keys(error.fieldErrors);
  const shown = options.shownFields;
  return shown !== undefined && fields.length > 0 && fields.every((field) => shown.includes(field));
}

function fail(error: HttpError, options: HttpRequestOptions): never {
  const isShownElsewhere =
    options.isErrorDialogSuppressed ||
    isShownByCaller(error, options) ||
    (options.isStaleWriteShown === true && error.isStaleWrite);
  if (!isShownElsewhere && !error.isSessionLost) handlers.onError(error);
  throw error;
}

function sessionLost(): never {
  handlers.onSessionLost();
  throw new HttpError(401, null, { isSessionLost: true, description: 'session lost' });
}

/**
 * One call with the session rules: on 401 it refreshes the session once and retries (not on the
 * login page); when the refresh fails the session is over and the visitor goes to the login page.
 * Every other failure opens the error dialog, unless the caller shows it. Answers a 2xx response.
 */
async function fetchOk(path: string, options: HttpRequestOptions): Promise<Response> {
  let response: Response;
  try {
    response = await send(path, options);
    if (response.status === 401 && !options.isRefreshSkipped) {
      if (handlers.isOnLoginPage()) sessionLost();
      if (!(await refreshSession())) sessionLost();
      response = await send(path, options);
    }
  } catch (error) {
    if (error instanceof HttpError) fail(error, options);
    throw error;
  }

  if (!response.ok) fail(new HttpError(response.status, await readBody(response)), options);
  return response;
}

/** Calls the API and reads the JSON answer (or the bytes, with `responseType: 'blob'`). */
export async function request<T>(path: string, options: HttpRequestOptions = {}): Promise<T> {
  const response = await fetchOk(path, options);
  if (options.responseType === 'blob') return (await response.blob()) as T;
  return (await readBody(response)) as T;
}

/** A file the API answered: its bytes and the headers that name and type it. */
export type FileAnswer = { blob: Blob; contentType: string; contentDisposition: string | null };

/**
 * Calls an endpoint that answers a file (a report). Failures arrive as JSON and are handled like
 * any other call; a JSON answer where a file was expected is read as an error too.
 */
export async function requestFile(path: string, options: HttpRequestOptions = {}): Promise<FileAnswer> {
  const fileOptions: HttpRequestOptions = { ...options, responseType: 'blob' };
  const response = await fetchOk(path, fileOptions);
  const contentType = response.headers.get('Content-Type') ?? '';
  if (contentType.includes('application/json')) {
    fail(
      new HttpError(response.status, await readBody(response), { description: 'not a file' }),
      fileOptions,
    );
  }
  return {
    blob: await response.blob(),
    contentType,
    contentDisposition: response.headers.get('Content-Disposition'),
  };
}

export const http = {
  get: <T>(path: string, options?: Omit<HttpRequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<HttpRequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<HttpRequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<HttpRequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
  /** POST that answers a file (reports). */
  postForFile: (path: string, body?: unknown, options?: Omit<HttpRequestOptions, 'method' | 'body'>) =>
    requestFile(path, { ...options, method: 'POST', body }),
};
