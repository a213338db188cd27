import { ROLE } from '@usluge/contract';
import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from './return-to.ts';

describe('the page to return to after signing in', () => {
  it.each([
    ['/countries', '/countries'],
    ['/users?page=2&filters=%7B%7D', '/users?page=2&filters=%7B%7D'],
    ['/ads-on-approval', '/ads-on-approval'],
    // A fragment is not part of where the screen was.
    ['/services#top', '/services'],
  ])('accepts a page of the admin app: %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    ['a scheme-relative URL', '//evil.example'],
    ['a scheme-relative URL to a known path', '//evil.example/users'],
    ['an absolute URL', 'https://evil.example/users'],
    ['an absolute URL of the same host', 'http://localhost/users'],
    ['a backslash a browser reads as a slash', '/\\evil.example'],
    ['a backslash after the slash', '\\\\evil.example/users'],
    ['a tab a browser drops', '/\t/evil.example'],
    ['a newline a browser drops', '/\n/evil.example'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'users'],
    ['the login page itself', '/login?returnTo=/users'],
    ['a public page', '/reset-password/abc'],
    ['an unknown page', '/no-such-page'],
    ['an encoded scheme-relative path', '/%2F%2Fevil.example'],
    ['nothing', ''],
    ['a path too long to be a page', `/users?q=${'x'.repeat(2100)}`],
  ])('refuses %s', (_, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses a page the role may not open (a moderator and the users screen)', () => {
    expect(safeReturnPath('/users', [ROLE.moderator])).toBeNull();
    expect(safeReturnPath('/ads', [ROLE.moderator])).toBe('/ads');
    expect(safeReturnPath('/users', [ROLE.administrator])).toBe('/users');
  });

  it("returns to a record's page, by the same role rules as its list", () => {
    expect(safeReturnPath('/users/57', [ROLE.administrator])).toBe('/users/57');
    expect(safeReturnPath('/users/57', [ROLE.moderator])).toBeNull();
    expect(safeReturnPath('/ads/418?x=1', [ROLE.moderator])).toBe('/ads/418?x=1');
    expect(safeReturnPath('/ads/418/extra', [ROLE.administrator])).toBeNull();
  });

  it('names the page in the login path, and only a page to return to', () => {
    expect(loginPathFor('/cities?page=3')).toBe('/login?returnTo=%2Fcities%3Fpage%3D3');
    expect(loginPathFor('//evil.example')).toBe('/login');
    expect(loginPathFor('/login?returnTo=%2Fcities')).toBe('/login');
  });
});
