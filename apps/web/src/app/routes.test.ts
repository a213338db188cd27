import { isWebRoute, WEB_ROUTE_PATHS } from '@usluge/contract';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';

function pathsOf(tree: RouteObject[]): string[] {
  return tree.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

/** The page a path reaches: its route's path, or '*' for the not-found page. */
function pageOf(pathname: string): string | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path;
}

describe('routes', () => {
  it("declare exactly the contract's page paths, besides the not-found page", () => {
    expect(
      pathsOf(routes)
        .filter((path) => path !== '*')
        .sort(),
    ).toEqual([...WEB_ROUTE_PATHS].sort());
  });

  it('send the server and the router to the same page for a path', () => {
    const samples = [
      ...WEB_ROUTE_PATHS.map((path) => path.replace(':token', 'a1b2').replace(':id', '17')),
      '/USERS',
      '/users/',
      '/users/extra',
      '/users/12/extra',
      '/reset-password',
      '/reset-password/',
      '/nope',
      '/login/x',
      '/favicon.svg',
    ];
    for (const pathname of samples) {
      expect(pageOf(pathname) !== '*', pathname).toBe(isWebRoute(pathname));
    }
  });
});
