import { useState, type FormEvent } from 'react';
import { EMAIL_SIGN_IN_TEXT } from '../../../../common/email-sign-in.js';
import { apiPost } from '../../lib/api.js';

/**
 * /login's second way in (issue #17): a sign-in link by email, for traders (no password to forget). `next` (the
 * page to come back to, e.g. where Follow was pressed) travels inside the link's signed token.
 */
export function EmailLinkForm({ next }: { next?: string }) {
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' | 'error'; message?: string }>({ kind: 'idle' });
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    setState({ kind: 'sending' });
    try {
      const { message } = await apiPost<{ message: string }>('/_api/auth/email-link', next ? { email, next } : { email });
      setState({ kind: 'sent', message });
    } catch (error) {
      setState({ kind: 'error', message: error instanceof Error ? error.message : EMAIL_SIGN_IN_TEXT.emailInvalid });
    }
  };
  return (
    <form className="card form" style={{ marginTop: 24 }} onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="email-link-title">
      <h2 id="email-link-title">Traders: get a sign-in link</h2>
      <label htmlFor="link-email">Send the link to</label>
      <input id="link-email" name="email" type="email" autoComplete="email" required />
      <p className={state.kind === 'error' ? 'field-error' : 'firm-muted'} role="status">
        {state.kind === 'sent' || state.kind === 'error' ? state.message : '\u00a0'}
      </p>
      <button className="button" type="submit" disabled={state.kind === 'sending'}>{EMAIL_SIGN_IN_TEXT.button}</button>
    </form>
  );
}
