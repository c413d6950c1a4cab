import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toaster } from '../../lib/toaster.js';
import type { NewsletterMessageResponse } from '../../../../common/api-types.js';
import type { NewsletterSource } from '../../../../common/enums.js';
import { MSG, TOAST } from '../../../../common/messages.js';
import { isNewsletterEmail, normalizeEmail } from '../../../../common/newsletter.js';
import { apiPostSuperjson } from '../../lib/api.js';
import { NewsletterFormFields, NewsletterFormResult } from './NewsletterFormResult.js';

interface Props {
  /** docs/spec.md §3 source label of the place the form sits in. */
  source: NewsletterSource;
  title?: string;
  description?: string;
  /** Narrow layout (sidebars): the button goes under the field. */
  compact?: boolean;
  /** What was typed into the plain form this one replaces (LazyNewsletterSignup), kept with the focus. */
  initialEmail?: string;
  autoFocus?: boolean;
  /** docs/spec.md §5 words this message two ways: the long one by default, the short one where SPEC's other form sits. */
  invalidEmailMessage?: string;
}

/**
 * The newsletter form used across the site (docs/spec.md §5, §8): validated on blur, sent as superjson,
 * the server's message as a success toast, 'Subscription failed: {message}' otherwise; cleared on success.
 */
export function NewsletterSignup({
  source,
  title = 'Get verified deals first',
  description,
  compact = false,
  initialEmail = '',
  autoFocus = false,
  invalidEmailMessage = MSG.newsletterEmailInvalid,
}: Props) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const { register, handleSubmit, reset, formState, trigger } = useForm<{ email: string }>({ mode: 'onBlur', defaultValues: { email: initialEmail } });
  // An address typed into the plain form and left (blurred) before this one took over is checked as a blur would.
  useEffect(() => {
    if (initialEmail && !autoFocus) void trigger('email');
    // Once, for what the plain form handed over.
  }, []);

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const { message } = await apiPostSuperjson<NewsletterMessageResponse>(
        '/_api/newsletter/subscribe',
        { email: normalizeEmail(email), source },
        MSG.subscribeUnknownError,
      );
      void toaster().then((toast) => toast.success(message));
      reset({ email: '' });
    } catch (error) {
      void toaster().then((toast) => toast.error(TOAST.subscriptionFailed(error instanceof Error && error.message ? error.message : MSG.subscribeUnknownError)));
    }
  });

  const { errors, isSubmitting } = formState;
  return (
    <section className={`newsletter card${compact ? ' compact' : ''}`} aria-label="Newsletter signup">
      <h2 className="newsletter-title">{title}</h2>
      {description && <p className="newsletter-text">{description}</p>}
      {/* A plain form until this script runs (server-rendered pages): it posts to /newsletter/subscribe. */}
      <form className="newsletter-form" method="post" action="/newsletter/subscribe" onSubmit={onSubmit} noValidate>
        <NewsletterFormFields source={source} />
        <label htmlFor={inputId} className="visually-hidden">Email address</label>
        <input
          id={inputId}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? errorId : undefined}
          autoFocus={autoFocus}
          {...register('email', { validate: (v) => isNewsletterEmail(normalizeEmail(v)) || invalidEmailMessage })}
        />
        <button className="button" type="submit" disabled={isSubmitting}>{isSubmitting ? 'Subscribing...' : 'Subscribe'}</button>
      </form>
      {errors.email ? <p id={errorId} className="field-error" role="alert">{errors.email.message}</p> : <NewsletterFormResult source={source} />}
    </section>
  );
}
