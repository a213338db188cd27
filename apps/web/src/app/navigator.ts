/** The app's router, reachable from outside React (the HTTP client sends a lost session to /login). */
type RouterLike = {
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void> | void;
  state: { location: { pathname: string } };
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
