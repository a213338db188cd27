import type { Area } from './access.ts';

/** The public pages of the web app (SPEC.md section 2), as React Router path patterns. */
export const PUBLIC_PAGE_PATHS = {
  landing: '/',
  login: '/login',
  verifyAccount: '/verify-account/:token',
  deleteAccount: '/delete-account',
  resetPassword: '/reset-password/:token',
} as const;

/** Each back-office area's address (SPEC.md section 2). */
export const AREA_PATHS = {
  adsOnApproval: '/ads-on-approval',
  ads: '/ads',
  adPage: '/ads/:id',
  adReports: '/ad-reports',
  notifications: '/notifications',
  userTypes: '/user-types',
  users: '/users',
  userPage: '/users/:id',
  countries: '/countries',
  cities: '/cities',
  services: '/services',
  currencies: '/currencies',
  rejectionReasons: '/rejection-reasons',
  credits: '/credits',
  reports: '/reports',
  refunds: '/refunds',
  audit: '/audit',
  dashboard: '/dashboard',
  test: '/test',
  seeders: '/seeders',
} as const satisfies Record<Area, `/${string}`>;

/** The address of one ad's page (`/ads/12`): what a list, a hint or the search box links to. */
export const adPagePath = (id: number | string) => `/ads/${id}`;

/** The address of one user's page (`/users/12`). */
export const userPagePath = (id: number | string) => `/users/${id}`;

/**
 * Every address the web app has a page for. The web router declares exactly these, and the server
 * answers 404 (with the app, which shows its not-found page) for any other.
 */
export const WEB_ROUTE_PATHS: readonly string[] = [
  ...Object.values(PUBLIC_PAGE_PATHS),
  ...Object.values(AREA_PATHS),
];

const PATTERNS = WEB_ROUTE_PATHS.map((pattern) => pattern.split('/').slice(1));

/**
 * Whether the router has a page at this path (no query string). It matches as React Router does by
 * default: static segments ignore case, a `:param` takes one non-empty segment, and one trailing
 * slash does not count.
 */
export function isWebRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (!trimmed.startsWith('/')) return false;
  const segments = trimmed.split('/').slice(1);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, index) => {
        const segment = segments[index] ?? '';
        return part.startsWith(':') ? segment !== '' : part.toLowerCase() === segment.toLowerCase();
      }),
  );
}
