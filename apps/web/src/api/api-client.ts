import type { paths } from './generated/api-paths.ts';
import { type FileAnswer, type HttpRequestOptions, request, requestFile } from './http-client.ts';

/**
 * The API calls typed from the server's OpenAPI document (generated/api-paths.ts, `npm run
 * api:types`): a path is one of the document's, with the method it answers; its path parameters,
 * query, body and answer are the document's. The calls themselves are http-client.ts's (session,
 * refresh, error dialog, Idempotency-Key), unchanged.
 */

type Method = 'get' | 'post' | 'put' | 'delete';

/** The document's paths (templates such as `/api/jobs/show/{id}`) that answer `method`. */
export type ApiPath<M extends Method> = {
  [P in keyof paths]: M extends keyof paths[P] ? P : never;
}[keyof paths];

type Operation<P, M extends Method> = P extends keyof paths
  ? M extends keyof paths[P]
    ? paths[P][M]
    : never
  : never;

type PathParams<O> = O extends { parameters: { path: infer A } } ? A : never;
type Query<O> = O extends { parameters: { query?: infer Q } } ? Q : never;
/** A form with images is sent as multipart (FormData) or as JSON; every other body as JSON. */
type Body<O> = O extends { requestBody: { content: infer C } }
  ? 'multipart/form-data' extends keyof C
    ? FormData | C[keyof C]
    : C extends { 'application/json': infer B }
      ? B
      : never
  : never;
type JsonOf<R> = R extends { content: { 'application/json': infer A } } ? A : never;
/** What a call answers: its 200 (or 201) JSON. */
type Answer<O> = O extends { responses: infer R }
  ? 200 extends keyof R
    ? JsonOf<R[200]>
    : 201 extends keyof R
      ? JsonOf<R[201]>
      : never
  : never;

/** The body `method` on `path` takes, as the document says: for functions that pass one on. */
export type ApiBody<M extends Method, P extends ApiPath<M>> = Body<Operation<P, M>>;

/** The document says what these are; `method` is the call's, `responseType` the file call's. */
type TransportOptions = Omit<HttpRequestOptions, 'method' | 'body' | 'responseType'>;

/** The call's options: params, query and body as its operation takes them (none where it takes none). */
export type ApiCallOptions<O> = TransportOptions &
  ([PathParams<O>] extends [never] ? { params?: never } : { params: PathParams<O> }) &
  ([Query<O>] extends [never] ? { query?: never } : { query?: Query<O> }) &
  ([Body<O>] extends [never] ? { body?: never } : { body: Body<O> });

/** Options may be left out when the operation needs none of them. */
type Args<O> =
  object extends ApiCallOptions<O> ? [options?: ApiCallOptions<O>] : [options: ApiCallOptions<O>];

type QueryValue = string | number | boolean | null | undefined;

/** The path with its `{name}` parameters substituted, and the query (undefined values left out). */
export function apiUrl(
  template: string,
  params: Readonly<Record<string, string | number>> = {},
  query: Readonly<Record<string, QueryValue | readonly QueryValue[]>> = {},
): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${template}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of [value].flat()) if (item !== undefined) search.append(name, String(item));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** The untyped shape every call's options share once their types have been checked. */
type SentOptions = TransportOptions & {
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, QueryValue | readonly QueryValue[]>>;
  body?: unknown;
};

function call<A>(method: HttpRequestOptions['method'], path: string, options: SentOptions = {}): Promise<A> {
  const { params, query, ...rest } = options;
  return request<A>(apiUrl(path, params, query), { ...rest, method });
}

export const api = {
  get: <P extends ApiPath<'get'>>(path: P, ...[options]: Args<Operation<P, 'get'>>) =>
    call<Answer<Operation<P, 'get'>>>('GET', path, options as SentOptions),
  post: <P extends ApiPath<'post'>>(path: P, ...[options]: Args<Operation<P, 'post'>>) =>
    call<Answer<Operation<P, 'post'>>>('POST', path, options as SentOptions),
  put: <P extends ApiPath<'put'>>(path: P, ...[options]: Args<Operation<P, 'put'>>) =>
    call<Answer<Operation<P, 'put'>>>('PUT', path, options as SentOptions),
  delete: <P extends ApiPath<'delete'>>(path: P, ...[options]: Args<Operation<P, 'delete'>>) =>
    call<Answer<Operation<P, 'delete'>>>('DELETE', path, options as SentOptions),
  /** A POST answered with a file (a list's report). */
  postForFile: <P extends ApiPath<'post'>>(
    path: P,
    ...[options]: Args<Operation<P, 'post'>>
  ): Promise<FileAnswer> => {
    const { params, query, ...rest } = (options ?? {}) as SentOptions;
    return requestFile(apiUrl(path, params, query), { ...rest, method: 'POST' });
  },
  /** A GET answered with a file (a seed file). */
  getForFile: <P extends ApiPath<'get'>>(
    path: P,
    ...[options]: Args<Operation<P, 'get'>>
  ): Promise<FileAnswer> => {
    const { params, query, ...rest } = (options ?? {}) as SentOptions;
    return requestFile(apiUrl(path, params, query), { ...rest, method: 'GET' });
  },
};
