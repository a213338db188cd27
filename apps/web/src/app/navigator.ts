/** The app's router, reachable from outside React (the HTTP client sends a lost session to /login). */
type RouterLike = {
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void> | void;
  state: { location: { pathname: string; search: string } };
};

let router: RouterLike | null = null;

export function registerRouter(next: RouterLike): void {
  router = next;
}

export function navigateTo(path: string): void {
  if (router) void router.navigate(path, { replace: true });
  else window.location.assign(path);
}

export function currentPath(): string {
  return router ? router.state.location.pathname : window.location.pathname;
}

/** The current page's path with its query (a list's filters and page), to come back to. */
export function currentPathAndQuery(): string {
  const location = router ? router.state.location : window.location;
  return `${location.pathname}${location.search}`;
}
