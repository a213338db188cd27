import { describe, expect, it } from 'vitest';
import { isWebRoute, WEB_ROUTE_PATHS } from './web-routes.ts';

describe('web routes', () => {
  it('lists every page of SPEC.md section 2 once', () => {
    expect(new Set(WEB_ROUTE_PATHS).size).toBe(WEB_ROUTE_PATHS.length);
    for (const path of ['/', '/login', '/seeders', '/delete-account', '/ads-on-approval', '/reports']) {
      expect(WEB_ROUTE_PATHS, path).toContain(path);
    }
  });

  it('knows the pages, with their parameters filled in', () => {
    for (const path of ['/', '/login', '/users', '/reset-password/abc', '/verify-account/7f3a', '/test']) {
      expect(isWebRoute(path), path).toBe(true);
    }
  });

  it('matches as the router does: any case, one trailing slash', () => {
    expect(isWebRoute('/Users')).toBe(true);
    expect(isWebRoute('/users/')).toBe(true);
    expect(isWebRoute('/reset-password/abc/')).toBe(true);
  });

  it('refuses other paths, extra segments and empty parameters', () => {
    for (const path of [
      '/nope',
      '/users/12/extra',
      '/reset-password',
      '/reset-password/',
      '/login/x',
      '/api',
      '',
    ]) {
      expect(isWebRoute(path), path).toBe(false);
    }
  });
});
