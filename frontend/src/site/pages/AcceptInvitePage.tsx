import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import {
  ACCEPT_INVITE_PATH, AFTER_ACCEPT_PATH, PASSWORD_LIMITS, USERS_TEXT, acceptInviteFormMessage, newPasswordRule,
} from '../../../../common/invitations.js';
import { zodForm } from '../../../../common/form-rules.js';
import { MSG } from '../../../../common/messages.js';
import { apiPost } from '../../lib/api.js';
import { invitationQuery } from '../../lib/queries.js';

const acceptInviteSchema = zodForm({ password: newPasswordRule });

interface AcceptInput {
  password: string;
}

/**
 * /accept-invite?token=… (issue #20): the invited person chooses a password and is signed in. Like /login, the form
 * works before or without its script (POST /accept-invite answers 303 to the admin, or back here with a reason code);
 * with the script it calls POST /_api/auth/invitations/accept and shows the server's reason in place.
 */
export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [formError, setFormError] = useState<string | undefined>(
    () => acceptInviteFormMessage(params.get('error')) ?? (token ? undefined : USERS_TEXT.linkInvalid),
  );
  // Who the link is for, so the person sees it is theirs before choosing a password; a spent link says so at once.
  const invitation = useQuery({ ...invitationQuery(token), enabled: token !== '' });
  const linkError = invitation.error instanceof Error ? invitation.error.message : undefined;
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(acceptInviteSchema), mode: 'onBlur' });

  const onSubmit = handleSubmit(async ({ password }: AcceptInput) => {
    setFormError(undefined);
    try {
      await apiPost('/_api/auth/invitations/accept', { token, password }, MSG.internalError);
      // A full load: the admin starts from the new session, as after the plain form's redirect.
      window.location.assign(AFTER_ACCEPT_PATH);
    } catch (error) {
      setFormError(error instanceof Error && error.message ? error.message : MSG.internalError);
    }
  });

  const { errors, isSubmitting, isSubmitSuccessful } = formState;
  const busy = isSubmitting || (isSubmitSuccessful && !formError);
  return (
    <section className="container section narrow">
      <h1>{USERS_TEXT.pageTitle}</h1>
      <p>{USERS_TEXT.pageIntro}</p>
      {invitation.data && <p className="invited-as"><strong>{USERS_TEXT.invitedAs(invitation.data.email, invitation.data.role)}</strong></p>}
      <form className="card form" method="post" action={ACCEPT_INVITE_PATH} onSubmit={onSubmit} noValidate>
        {(formError ?? linkError) && <p role="alert" className="error">{formError ?? linkError}</p>}
        <input type="hidden" name="token" value={token} />
        <label htmlFor="password">New password</label>
        <input
          id="password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          aria-describedby="password-hint password-error"
          {...register('password')}
        />
        <p id="password-hint" style={{ margin: 0, color: "var(--muted)", fontSize: "0.9rem" }}>{`${PASSWORD_LIMITS.min} to ${PASSWORD_LIMITS.max} characters; a few words make a good one.`}</p>
        {/* Room for two lines of message even when empty: at 390 px the longest one wraps, and a message appearing or
            leaving on blur (the mouse-down on the button) must not move the button from under the pointer. */}
        <p id="password-error" className="field-error field-slot" style={{ minHeight: '3.2em' }}>{errors.password?.message}</p>
        <button className="button" type="submit" disabled={busy}>{busy ? USERS_TEXT.submitting : USERS_TEXT.submit}</button>
      </form>
    </section>
  );
}
