/**
 * The sign-in form as plain HTML (issue 22, "No JavaScript"): before or without its script the form posts
 * to POST /login, which answers 303 — to where the visitor came from on success, back to /login with a
 * result code on failure. The page shows the message for that code, so the URL never carries free text
 * (a crafted link cannot make the page say something we did not write). Pure: no framework, no DOM.
 */
import { isEmailAddress } from './email-address.js';
import { zodForm, type FieldRule } from './form-rules.js';
import { USERS_TEXT } from './invitations.js';
import { MSG } from './messages.js';
import { safeReturnPath } from './return-path.js';

/** What the sign-in form holds. */
export interface LoginValues {
  email: string;
  password: string;
}

/**
 * docs/spec.md §5's sign-in rules, one per field: the form validates with them (loginFormSchema) and the server's
 * LoginDto reads the very same functions, so both sides give one verdict and one message.
 */
export const LOGIN_RULES = {
  email: (v: string) => (isEmailAddress(v.trim()) ? true : MSG.emailRequired),
  password: (v: string) => (v !== '' ? true : MSG.passwordRequired),
} satisfies Record<keyof LoginValues, FieldRule>;

/** The zod schema the sign-in form validates with. */
export const loginFormSchema = zodForm(LOGIN_RULES);

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

/** The code of a failed sign-in, from the status and message the API would answer with. */
export function loginFormErrorOf(status: number, message: string): string {
  if (status === 429) {
    const minutes = /(\d+) minute/.exec(message)?.[1];
    return minutes ? `limited-${minutes}` : 'limited';
  }
  if (message === MSG.emailRequired) return 'email';
  if (message === MSG.passwordRequired) return 'password';
  if (message === MSG.invalidCredentials) return 'invalid';
  if (message === MSG.signInNeedsHttps) return 'https';
  if (message === USERS_TEXT.accountInactive) return 'inactive';
  return 'failed';
}

/** What the page says for a code in its URL; null for none or anything we did not issue. */
export function loginFormMessage(code: string | null | undefined): string | null {
  switch (code) {
    case 'email':
      return MSG.emailRequired;
    case 'password':
      return MSG.passwordRequired;
    case 'invalid':
      return MSG.invalidCredentials;
    case 'https':
      return MSG.signInNeedsHttps;
    case 'inactive':
      return USERS_TEXT.accountInactive;
    case 'failed':
      return MSG.loginFailedRetry;
    case 'limited':
      return MSG.tooManyLoginAttempts(1);
    default: {
      const minutes = /^limited-(\d{1,3})$/.exec(code ?? '')?.[1];
      return minutes && Number(minutes) >= 1 ? MSG.tooManyLoginAttempts(Number(minutes)) : null;
    }
  }
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
