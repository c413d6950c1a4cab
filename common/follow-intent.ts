/**
 * Follow a firm while signed out (issue #19): the Follow link goes to /login with a `next` that is the page the
 * visitor was on plus `follow=<firm id>`; after signing in (any of the three ways) the trader lands back there and
 * the page follows that firm once, then drops the parameter. Pure: the pages, the login page and the tests share it.
 */
import { loginPathFor, loginReturnPath } from './login-form.js';

export const FOLLOW_INTENT_PARAM = 'follow';

/** The firm id a URL's query asks to follow, or null (anything but a plain positive id is ignored). */
export function followIntentOf(search: URLSearchParams | string): number | null {
  const value = (typeof search === 'string' ? new URLSearchParams(search) : search).get(FOLLOW_INTENT_PARAM);
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** `path` (a same-site path with its query and hash) with the intent to follow `companyId` in its query. */
export function withFollowIntent(path: string, companyId: number): string {
  const url = new URL(loginReturnPath(path), 'http://site.invalid');
  url.searchParams.set(FOLLOW_INTENT_PARAM, String(companyId));
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The query without the intent (after it was acted on), as `?…` or ''. */
export function withoutFollowIntent(search: URLSearchParams | string): string {
  const params = new URLSearchParams(search);
  params.delete(FOLLOW_INTENT_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Where a signed-out visitor's Follow goes: /login, returning to this page with the intent to follow. */
export function signInToFollowHref(currentPath: string, companyId: number): string {
  return loginPathFor(withFollowIntent(currentPath, companyId));
}

/** The firm a /login `next` intends to follow, if any (the login page says so). */
export function followIntentOfNext(next: string): number | null {
  const at = next.indexOf('?');
  return at < 0 ? null : followIntentOf(next.slice(at + 1).split('#')[0]!);
}
