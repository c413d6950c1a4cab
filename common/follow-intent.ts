/**
 * Follow a firm while signed out (issue #19): the Follow link goes to /login with a `next` that is the page the
 * visitor was on plus `follow=<firm id>`; after signing in (any of the three ways) the trader lands back there and
 * the page follows that firm once, then drops the parameter. Pure: the pages, the login page and the tests share it.
 */
import { ALERT_FREQUENCIES, type AlertFrequency } from './follow-api-types.js';
import { loginPathFor, loginReturnPath } from './login-path.js';

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

/**
 * The follow form without JavaScript (issue #19): the cached page is the same for everyone, so every Follow button is
 * first a plain form posting here (same-origin form post, like POST /login); the answer is a 303 back to the page —
 * or to /login with the intent when the visitor is not signed in.
 */
export const FOLLOW_FORM_PATH = '/follow';
export const FOLLOW_FORM_ACTIONS = ['follow', 'unfollow'] as const;
export type FollowFormAction = (typeof FOLLOW_FORM_ACTIONS)[number];

/** What the page says after a form's follow or unfollow: the URL says it, since the cached page cannot know the reader. */
export const FOLLOWED_PARAM = 'followed';
export const UNFOLLOWED_PARAM = 'unfollowed';

/** `path` with what was just done to `companyId` in its query (the intent and any earlier outcome dropped). */
export function followDonePath(path: string, companyId: number, following: boolean): string {
  const url = new URL(loginReturnPath(path), 'http://site.invalid');
  for (const name of [FOLLOW_INTENT_PARAM, FOLLOWED_PARAM, UNFOLLOWED_PARAM]) url.searchParams.delete(name);
  url.searchParams.set(following ? FOLLOWED_PARAM : UNFOLLOWED_PARAM, String(companyId));
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The outcome a page's URL reports (`?followed=<id>` or `?unfollowed=<id>`), or null. */
export function followDoneOf(search: URLSearchParams | string): { companyId: number; following: boolean } | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const id = (name: string) => followIntentOf(new URLSearchParams({ [FOLLOW_INTENT_PARAM]: params.get(name) ?? '' }));
  const followed = id(FOLLOWED_PARAM);
  if (followed !== null) return { companyId: followed, following: true };
  const unfollowed = id(UNFOLLOWED_PARAM);
  return unfollowed === null ? null : { companyId: unfollowed, following: false };
}

/** A form's fields, read as strictly as the JSON call's: null when they are not ours (a crafted post). */
export function followFormOf(body: unknown): { companyId: number; action: FollowFormAction; next: string } | null {
  const fields = (body ?? {}) as Record<string, unknown>;
  const action = FOLLOW_FORM_ACTIONS.find((a) => a === fields.action);
  const companyId = typeof fields.companyId === 'string' ? followIntentOf(new URLSearchParams({ [FOLLOW_INTENT_PARAM]: fields.companyId })) : null;
  if (!action || companyId === null) return null;
  return { companyId, action, next: loginReturnPath(fields.next) };
}

/** The alert-emails choice on /account as a plain form: POST here, 303 back to /account saying it was saved. */
export const ALERT_SETTINGS_FORM_PATH = '/alert-settings';
export const ALERTS_SAVED_PATH = '/account?alerts=saved#follows';

/** The form's frequency, or null when it is not one of ours. */
export function alertSettingsFormOf(body: unknown): AlertFrequency | null {
  const value = ((body ?? {}) as Record<string, unknown>).frequency;
  return ALERT_FREQUENCIES.find((f) => f === value) ?? null;
}
