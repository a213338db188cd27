import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../src/http/docs.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  requestBody?: { content: Record<string, unknown> };
};
type ApiDocument = {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};

/**
 * The API document is one a generated client and `redocly lint` (npm run lint:api, in CI) accept:
 * OpenAPI 3.1, a server, a unique id for every operation, who may call it, and its refusals.
 */
let t: TestApp;
let document: ApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as ApiDocument;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('the API document', () => {
  it('is OpenAPI 3.1 with a server, and lists API paths only', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/', description: 'This server' }]);
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('names every operation once, from its method and path', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf('PUT', '/api/saved_views/default/:id')).toBe('putSavedViewsDefaultById');
    expect(operationIdOf('POST', '/api/jobs/changeStatus')).toBe('postJobsChangeStatus');
  });

  it('says who may call each operation: nothing for public ones, a bearer token or the session cookie for the rest', () => {
    const byPath = (method: string, path: string) => document.paths[path]?.[method]?.security;
    expect(byPath('get', '/api/health')).toEqual([]);
    expect(byPath('post', '/api/loginWeb')).toEqual([]);
    expect(byPath('post', '/api/users/index')).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(operations().filter(({ operation }) => operation.security === undefined)).toEqual([]);
  });

  it('gives every operation its refusals', () => {
    const without = operations()
      .filter(
        ({ operation }) => !Object.keys(operation.responses ?? {}).some((status) => status.startsWith('4')),
      )
      .map(({ method, path }) => `${method} ${path}`);
    expect(without).toEqual([]);
  });

  it('says that a form with images takes a multipart or JSON body (its handler reads it)', () => {
    const bodyTypes = (method: string, path: string) =>
      Object.keys(document.paths[path]?.[method]?.requestBody?.content ?? {});
    for (const [method, path] of [
      ['post', '/api/users/store'],
      ['post', '/api/jobs/update/{id}'],
      ['post', '/api/me/update'],
    ] as const) {
      expect(bodyTypes(method, path)).toEqual(['multipart/form-data', 'application/json']);
    }
    expect(bodyTypes('post', '/api/currencies/store')).toEqual(['application/json']);
  });
});
