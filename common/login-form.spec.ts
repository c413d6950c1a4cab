import { loginFormErrorOf, loginFormMessage } from './login-form.js';
import { LOGIN_DEFAULT_NEXT, loginFormRedirect, loginPathFor, loginReturnPath } from './login-path.js';
import { MSG } from './messages.js';
import { USERS_TEXT } from './invitations.js';

describe('where a sign-in returns to (same-site paths only)', () => {
  it.each([
    ['/admin/discounts', '/admin/discounts'],
    ['/admin/discounts?page=2#top', '/admin/discounts?page=2#top'],
    [undefined, '/'],
    ['', '/'],
    ['admin', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['http:evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/\t/evil.example', '/'],
    ['\\\\evil.example', '/'],
    ['/firms/acme?follow=12', '/firms/acme?follow=12'],
    ['/ad min', '/'],
    ['/a\u0000b', '/'],
    ['/login', '/'],
    ['/LOGIN/', '/'],
    [['/admin'], '/'],
  ])('%p -> %p', (next, path) => {
    expect(loginReturnPath(next)).toBe(path);
  });
});

describe('the plain sign-in form: failure codes and their messages', () => {
  it.each([
    [401, MSG.invalidCredentials, 'invalid', MSG.invalidCredentials],
    [400, MSG.emailRequired, 'email', MSG.emailRequired],
    [400, MSG.passwordRequired, 'password', MSG.passwordRequired],
    [429, MSG.tooManyLoginAttempts(4), 'limited-4', MSG.tooManyLoginAttempts(4)],
    [403, MSG.signInNeedsHttps, 'https', MSG.signInNeedsHttps],
    [401, USERS_TEXT.accountInactive, 'inactive', USERS_TEXT.accountInactive],
    [503, 'Service unavailable', 'failed', MSG.loginFailedRetry],
  ])('%p %p -> %p', (status, message, code, shown) => {
    expect(loginFormErrorOf(status, message)).toBe(code);
    expect(loginFormMessage(code)).toBe(shown);
  });

  it('shows nothing for a code it never issued', () => {
    for (const code of [null, '', 'hacked', 'limited-', 'limited-0', 'limited-9999', '<b>']) expect(loginFormMessage(code)).toBeNull();
  });

  it('goes back to /login keeping a safe next', () => {
    expect(loginFormRedirect('/admin', 'invalid')).toBe('/login?next=%2Fadmin&error=invalid');
    expect(loginFormRedirect('//evil', 'invalid')).toBe('/login?error=invalid');
    expect(loginPathFor('/admin/companies?x=1')).toBe('/login?next=%2Fadmin%2Fcompanies%3Fx%3D1');
    expect(loginPathFor(LOGIN_DEFAULT_NEXT)).toBe('/login');
  });
});
