/**
 * Where the sign-in page is and where it returns to (issue 22): the /login URL with its `next` and `error`
 * parameters. Apart from the form's rules (login-form.ts), so a page that only links to the sign-in (a Follow
 * button, the admin's redirect) does not load them. Pure: no framework, no DOM.
 */
import { safeReturnPath } from './return-path.js';

/** The query parameters of /login: where to go after signing in, and why the last try failed. */
export const LOGIN_NEXT_PARAM = 'next';
export const LOGIN_ERROR_PARAM = 'error';

/** The page a sign-in goes to when it was not asked for another (SPEC §2: "After success it goes to /"). */
export const LOGIN_DEFAULT_NEXT = '/';

/**
 * A same-site path to go to after signing in, or `/`: the one return-path rule (safeReturnPath, normalised
 * before it is checked), and never the sign-in page itself.
 */
export function loginReturnPath(next: unknown): string {
  const path = safeReturnPath(next, LOGIN_DEFAULT_NEXT);
  return /^\/login\/?(?:[?#]|$)/i.test(path) ? LOGIN_DEFAULT_NEXT : path;
}

/** Back to the sign-in page after a failed plain-form post, keeping where the visitor wanted to go. */
export function loginFormRedirect(next: unknown, error: string): string {
  const params = new URLSearchParams();
  const to = loginReturnPath(next);
  if (to !== LOGIN_DEFAULT_NEXT) params.set(LOGIN_NEXT_PARAM, to);
  params.set(LOGIN_ERROR_PARAM, error);
  return `/login?${params}`;
}

/** The sign-in page that returns to `path` afterwards (the admin sends signed-out visitors here). */
export function loginPathFor(path: string): string {
  const to = loginReturnPath(path);
  return to === LOGIN_DEFAULT_NEXT ? '/login' : `/login?${new URLSearchParams({ [LOGIN_NEXT_PARAM]: to })}`;
}
