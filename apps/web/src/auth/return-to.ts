import { AREA_ACCESS, canAccess, PUBLIC_PAGE_PATHS } from '@usluge/contract';
import { matchPath } from 'react-router';
import { ADMIN_AREAS } from '../app/admin-areas.ts';

/** The login page's parameter naming the page to go back to after signing in. */
export const RETURN_TO_PARAM = 'returnTo';

/** Longer than any page of the admin app with its list query. */
const MAX_RETURN_PATH_LENGTH = 2000;

/**
 * `value` as a page of the admin app to return to (its path and query), or null. Only a path of
 * this origin is accepted: never an absolute URL (`https://…`), a scheme-relative one
 * (`//evil.example`), a backslash or control character that a browser might read as one, nor a
 * page outside the admin app. With `roleIds`, also only a page that role may open.
 */
export function safeReturnPath(value: string | null, roleIds?: readonly number[]): string | null {
  if (value === null || value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers treat '\' like '/', and drop tabs and newlines from URLs: '/\evil.example' is '//evil…'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return null;
  const base = new URL('https://app.invalid');
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  // A record's page too (`/users/12` matches `/users/:id`).
  const area = ADMIN_AREAS.find((candidate) => matchPath(candidate.path, url.pathname) !== null);
  if (!area) return null;
  if (roleIds !== undefined && !canAccess(AREA_ACCESS[area.area], roleIds)) return null;
  return `${url.pathname}${url.search}`;
}

/** The login page, saying which page to return to after signing in (when it is one to return to). */
export function loginPathFor(returnTo: string): string {
  const path = safeReturnPath(returnTo);
  return path === null
    ? PUBLIC_PAGE_PATHS.login
    : `${PUBLIC_PAGE_PATHS.login}?${new URLSearchParams({ [RETURN_TO_PARAM]: path })}`;
}
