/**
 * The sign-in form as plain HTML (issue 22, "No JavaScript"): before or without its script the form posts
 * to POST /login, which answers 303 — to where the visitor came from on success, back to /login with a
 * result code on failure. The page shows the message for that code, so the URL never carries free text
 * (a crafted link cannot make the page say something we did not write). Where a sign-in returns to is
 * login-path.ts: pages that only link to the sign-in need that without the form's rules. Pure: no framework, no DOM.
 */
import { isEmailAddress } from './email-address.js';
import { zodForm, type FieldRule } from './form-rules.js';
import { USERS_TEXT } from './invitations.js';
import { MSG } from './messages.js';

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
