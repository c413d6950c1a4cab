/** Email sign-in (issue #17): a link that works once, for 15 minutes; texts shared by the API, the mail and /login. */
export const EMAIL_LINK_MINUTES = 15;
export const EMAIL_LINK_PATH = '/auth/email-link';
export const ACCOUNT_PATH = '/account';
/** Links asked per address (silently not sent beyond) and per client address (429) within an hour. */
export const EMAIL_LINK_LIMITS = { perAddress: 5, perIp: 20, windowSeconds: 60 * 60 } as const;

export const EMAIL_SIGN_IN_TEXT = {
  button: 'Email me a sign-in link',
  sent: `If that address can receive mail, a sign-in link is on its way. It works once, for ${EMAIL_LINK_MINUTES} minutes.`,
  emailInvalid: 'Please enter a valid email address.',
  nextInvalid: 'next must be a path on this site.',
  tooMany: (minutes: number) => `Too many sign-in links asked. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyUses: (minutes: number) => `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  subject: 'Your sign-in link',
  linkInvalid: 'This sign-in link is not valid. Please ask for a new one.',
  linkExpired: `This sign-in link has expired (links work for ${EMAIL_LINK_MINUTES} minutes). Please ask for a new one.`,
  linkUsed: 'This sign-in link was already used. Please ask for a new one.',
  // The page the mailed link opens (issue #35): only its button signs in, so a mail scanner's GET uses nothing.
  confirmTitle: 'Sign in',
  confirmMessage: (email: string) => `You are signing in as ${email}.`,
  confirmButton: 'Continue',
} as const;
