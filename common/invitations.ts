/**
 * Users, invitations and roles (issue #20): the words, limits and rules the API, the invitation mail, the
 * /accept-invite page and the admin's Users screen share. Pure: no framework, no DOM.
 */
import type { FieldRule } from './form-rules.js';
import { MSG, PAGE_TEXT } from './messages.js';
import type { UserRole } from './enums.js';

/** An invitation link works once, for this long. */
export const INVITATION_HOURS = 72;
export const ACCEPT_INVITE_PATH = '/accept-invite';
/** Who an invitation link is for, without using it (GET; the page shows it before the password is set). */
export const INVITATION_PREVIEW_PATH = '/_api/auth/invitations/preview';
/** Where an accepted invitation lands (signed in). */
export const AFTER_ACCEPT_PATH = '/admin';

/** Roles an invitation may give: the admin's own (traders sign in by email link, uninvited). */
export const INVITABLE_ROLES = ['admin', 'editor'] as const satisfies readonly UserRole[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/**
 * A new password: SPEC's "at least 1 character" with its message (§5, Login), and for a password being set a
 * floor of 12 characters (NIST SP 800-63B asks at least 8 for a chosen one; these accounts run the site) and a
 * ceiling of 128, so a pasted passphrase fits and a megabyte does not reach argon2.
 */
export const PASSWORD_LIMITS = { min: 12, max: 128 } as const;

export const USERS_TEXT = {
  passwordTooShort: `Password must be at least ${PASSWORD_LIMITS.min} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_LIMITS.max} characters`,
  emailInvalid: 'Please enter a valid email address.',
  roleInvalid: `Role must be one of: ${INVITABLE_ROLES.join(', ')}`,
  userRoleInvalid: 'Role must be one of: admin, editor, user',
  activeInvalid: 'Active must be true or false',
  alreadyActive: (email: string) => `${email} already has an active account. Change their role on the Users screen instead.`,
  lastAdmin: 'This is the last active admin: make another user an admin first, then change or deactivate this one.',
  accountInactive: 'This account is not active. An admin can restore it or send a new invitation.',
  inviteSubject: (site: string) => `You are invited to the ${site} admin`,
  linkInvalid: 'This invitation link is not valid. Please ask an admin for a new invitation.',
  linkExpired: `This invitation has expired (invitations work for ${INVITATION_HOURS} hours). Please ask an admin for a new one.`,
  linkUsed: 'This invitation was already used. Sign in with your email and password.',
  linkReplaced: 'A newer invitation was sent to this address. Please use the link in the latest email.',
  tooManyInvites: (minutes: number) => `This address was sent too many invitations. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyAttempts: (minutes: number) => `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  pageTitle: PAGE_TEXT.acceptInvite.title,
  pageIntro: PAGE_TEXT.acceptInvite.description,
  invitedAs: (email: string, role: InvitableRole) => `This invitation is for ${email}, as ${role === 'admin' ? 'an admin' : 'an editor'}.`,
  submit: 'Set password and sign in',
  submitting: 'Setting password...',
} as const;

/**
 * The password rule of both sides: the page's form (as zod: zodForm({ password: newPasswordRule })) and the API's
 * DTO. No zod here: the page heads import this module, and zod stays out of every page's first-load script.
 */
export const newPasswordRule: FieldRule = (text) => {
  if (text.length === 0) return MSG.passwordRequired;
  if (text.length < PASSWORD_LIMITS.min) return USERS_TEXT.passwordTooShort;
  if (text.length > PASSWORD_LIMITS.max) return USERS_TEXT.passwordTooLong;
  return true;
};

/** GET /_api/auth/invitations/preview: the address and role a working link was sent for. */
export interface InvitationPreviewDto {
  email: string;
  role: InvitableRole;
}

/** Why an invitation link does not work: 400 for a link we did not make, 410 for one that is spent. */
export type InvitationRefusal = 'invalid' | 'expired' | 'used' | 'replaced';
export const INVITATION_REFUSALS: Record<InvitationRefusal, { status: 400 | 410; message: string }> = {
  invalid: { status: 400, message: USERS_TEXT.linkInvalid },
  expired: { status: 410, message: USERS_TEXT.linkExpired },
  used: { status: 410, message: USERS_TEXT.linkUsed },
  replaced: { status: 410, message: USERS_TEXT.linkReplaced },
};

/**
 * The codes a failed plain-form post of /accept-invite comes back with (the URL never carries free text, as on
 * /login): the page shows the message for a code; anything we did not issue shows nothing.
 */
const FORM_CODES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(INVITATION_REFUSALS).map(([code, r]) => [code, r.message])),
  'password-required': MSG.passwordRequired,
  'password-short': USERS_TEXT.passwordTooShort,
  'password-long': USERS_TEXT.passwordTooLong,
  limited: USERS_TEXT.tooManyAttempts(15),
  failed: MSG.internalError,
};

export function acceptInviteFormMessage(code: string | null | undefined): string | null {
  return code && Object.hasOwn(FORM_CODES, code) ? FORM_CODES[code]! : null;
}

/** The code for a refused accept, from the status and message the API would answer with. */
export function acceptInviteFormCode(status: number, message: string): string {
  if (status === 429) return 'limited';
  const refusal = Object.entries(INVITATION_REFUSALS).find(([, r]) => r.message === message);
  if (refusal) return refusal[0];
  if (message === MSG.passwordRequired) return 'password-required';
  if (message === USERS_TEXT.passwordTooShort) return 'password-short';
  if (message === USERS_TEXT.passwordTooLong) return 'password-long';
  return status === 400 ? 'invalid' : 'failed';
}

/** Where a failed plain-form post goes back to: the same link, with the reason's code. */
export function acceptInviteFormRedirect(token: unknown, code: string): string {
  const params = new URLSearchParams();
  if (typeof token === 'string' && token.length <= 600) params.set('token', token);
  params.set('error', code);
  return `${ACCEPT_INVITE_PATH}?${params}`;
}

/** A user's standing as the Users screen shows it. */
export type UserStatus = 'active' | 'invited' | 'deactivated';

export function userStatus(user: { active: boolean; invitationPending: boolean }): UserStatus {
  if (user.active) return 'active';
  return user.invitationPending ? 'invited' : 'deactivated';
}

/**
 * Whether a change leaves the site without an active admin: the rule the server enforces under a lock
 * (UsersAdminService) and the Users screen explains. `otherActiveAdmins` counts everyone but this user.
 */
export function removesLastAdmin(
  before: { role: string; active: boolean },
  after: { role: string; active: boolean },
  otherActiveAdmins: number,
): boolean {
  const wasAdmin = before.role === 'admin' && before.active;
  const staysAdmin = after.role === 'admin' && after.active;
  return wasAdmin && !staysAdmin && otherActiveAdmins === 0;
}

/** GET /_api/admin/users (ra-data-simple-rest) and the other Users answers. */
export interface AdminUserDto {
  id: number;
  email: string;
  displayName: string;
  role: UserRole;
  active: boolean;
  status: UserStatus;
  lastSignInAt: string | null;
  /** When the newest invitation was sent (null: never invited). */
  invitedAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}
