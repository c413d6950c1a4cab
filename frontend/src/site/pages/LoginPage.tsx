import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PublicUser } from '../../../../common/api-types.js';
import { LOGIN_REDIRECT_DELAY_MS } from '../../../../common/constants.js';
import { followIntentOfNext } from '../../../../common/follow-intent.js';
import { loginFormMessage, loginFormSchema, type LoginValues } from '../../../../common/login-form.js';
import { LOGIN_DEFAULT_NEXT, LOGIN_ERROR_PARAM, LOGIN_NEXT_PARAM, loginReturnPath } from '../../../../common/login-path.js';
import { MSG } from '../../../../common/messages.js';
import { apiPost } from '../../lib/api.js';
import { SESSION_KEY } from '../../lib/session.js';
import { EmailLinkForm } from './EmailLinkForm.js';

export function LoginPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  // Where the visitor was going (the admin sends signed-out visitors here with ?next=); SPEC's / otherwise.
  const next = loginReturnPath(params.get(LOGIN_NEXT_PARAM));
  // A plain-form post that failed came back here with the reason's code (POST /login).
  const [formError, setFormError] = useState<string | undefined>(() => loginFormMessage(params.get(LOGIN_ERROR_PARAM)) ?? undefined);
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    resolver: zodResolver(loginFormSchema),
    mode: 'onBlur',
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const user = await apiPost<PublicUser>('/_api/auth/login_with_password', values, MSG.loginFailedRetry);
      client.setQueryData(SESSION_KEY, { user });
      setTimeout(() => navigate(next), LOGIN_REDIRECT_DELAY_MS);
    } catch (error) {
      setFormError(error instanceof Error && error.message ? error.message : MSG.loginFailed);
    }
  });

  const { errors, isSubmitting } = formState;
  return (
    <section className="container section narrow">
      <h1>Admin sign in</h1>
      {followIntentOfNext(next) !== null && (
        <p className="card login-intent" data-testid="follow-intent">
          Sign in to follow the firm: you come back to the page you were on, and the follow is done.
        </p>
      )}
      {/* Without JavaScript (or before it runs) the form posts to POST /login (with ?next= kept in the action),
          which signs in and answers 303; POST also keeps the password out of the URL. */}
      <form
        className="card form"
        method="post"
        action={next === '/' ? '/login' : `/login?${new URLSearchParams({ [LOGIN_NEXT_PARAM]: next })}`}
        onSubmit={onSubmit}
        noValidate
      >
        {formError && <p role="alert" className="error">{formError}</p>}
        <label htmlFor="email">Email</label>
        <input id="email" type="email" autoComplete="username" aria-invalid={!!errors.email} aria-describedby="email-error" {...register('email')} />
        {/* Each message has its line even when empty: a message leaving on blur (the mouse-down on Sign in)
            must not move the button away from under the pointer, or that first click would miss it. */}
        <p id="email-error" className="field-error field-slot">{errors.email?.message}</p>
        <label htmlFor="password">Password</label>
        <input id="password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} aria-describedby="password-error" {...register('password')} />
        <p id="password-error" className="field-error field-slot">{errors.password?.message}</p>
        <button className="button" type="submit" disabled={isSubmitting}>{isSubmitting ? 'Signing in...' : 'Sign in'}</button>
      </form>
      <EmailLinkForm next={next === LOGIN_DEFAULT_NEXT ? undefined : next} />
    </section>
  );
}
