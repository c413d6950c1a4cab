import {
  INVITATION_REFUSALS, PASSWORD_LIMITS, USERS_TEXT, acceptInviteFormCode, acceptInviteFormMessage, acceptInviteFormRedirect,
  newPasswordRule, removesLastAdmin, userStatus,
} from './invitations.js';
import { zodForm, zodFormErrors } from './form-rules.js';
import { MSG } from './messages.js';

describe('the new-password rule (both sides)', () => {
  it.each([
    ['', MSG.passwordRequired],
    ['x'.repeat(PASSWORD_LIMITS.min - 1), USERS_TEXT.passwordTooShort],
    ['x'.repeat(PASSWORD_LIMITS.min), true],
    ['x'.repeat(PASSWORD_LIMITS.max), true],
    ['x'.repeat(PASSWORD_LIMITS.max + 1), USERS_TEXT.passwordTooLong],
  ])('%j → %s', (text, verdict) => {
    expect(newPasswordRule(text)).toBe(verdict);
  });

  it('is the page form schema', () => {
    const acceptInviteSchema = zodForm({ password: newPasswordRule });
    expect(zodFormErrors(acceptInviteSchema, { password: 'short' })).toEqual({ password: USERS_TEXT.passwordTooShort });
    expect(zodFormErrors(acceptInviteSchema, { password: 'long enough password' })).toEqual({});
  });
});

describe('the last active admin', () => {
  const admin = { role: 'admin', active: true };
  it.each([
    [admin, { role: 'editor', active: true }, 0, true],
    [admin, { role: 'admin', active: false }, 0, true],
    [admin, { role: 'editor', active: true }, 1, false],
    [admin, admin, 0, false],
    [{ role: 'editor', active: true }, { role: 'user', active: false }, 0, false],
    [{ role: 'admin', active: false }, { role: 'editor', active: false }, 0, false],
  ])('%j → %j with %i other admins: removes the last = %s', (before, after, others, verdict) => {
    expect(removesLastAdmin(before, after, others)).toBe(verdict);
  });
});

describe('a user status', () => {
  it.each([
    [{ active: true, invitationPending: false }, 'active'],
    [{ active: false, invitationPending: true }, 'invited'],
    [{ active: false, invitationPending: false }, 'deactivated'],
  ])('%j → %s', (user, status) => expect(userStatus(user)).toBe(status));
});

describe('the plain form of /accept-invite', () => {
  it('turns each refusal into a code and back into its message; codes we did not issue say nothing', () => {
    for (const [code, { status, message }] of Object.entries(INVITATION_REFUSALS)) {
      expect(acceptInviteFormCode(status, message)).toBe(code);
      expect(acceptInviteFormMessage(code)).toBe(message);
    }
    expect(acceptInviteFormCode(400, USERS_TEXT.passwordTooShort)).toBe('password-short');
    expect(acceptInviteFormMessage('password-short')).toBe(USERS_TEXT.passwordTooShort);
    expect(acceptInviteFormCode(429, 'Too many')).toBe('limited');
    expect(acceptInviteFormMessage('<script>')).toBeNull();
    expect(acceptInviteFormMessage('constructor')).toBeNull();
    expect(acceptInviteFormMessage(null)).toBeNull();
  });

  it('goes back to the same link with the code', () => {
    expect(acceptInviteFormRedirect('abc.def', 'used')).toBe('/accept-invite?token=abc.def&error=used');
    expect(acceptInviteFormRedirect(undefined, 'invalid')).toBe('/accept-invite?error=invalid');
  });
});
