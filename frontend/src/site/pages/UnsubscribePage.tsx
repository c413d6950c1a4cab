import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import type { NewsletterMessageResponse } from '../../../../common/api-types.js';
import { MSG } from '../../../../common/messages.js';
import { apiPost } from '../../lib/api.js';
import './unsubscribe.css';

/**
 * /newsletter/unsubscribe?token=… — the link in every newsletter. Nothing happens on load (mail
 * scanners open links); the visitor confirms with the button, then sees the server's answer.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const unsubscribe = useMutation({
    mutationFn: () => apiPost<NewsletterMessageResponse>('/_api/newsletter/unsubscribe', { token }),
  });

  return (
    <section className="container section narrow unsubscribe" aria-labelledby="unsubscribe-title">
      <div className="card">
        <h1 id="unsubscribe-title">Unsubscribe from the newsletter</h1>
        {!token ? (
          <p className="unsubscribe-message error" role="alert">{MSG.newsletterTokenMissing}</p>
        ) : unsubscribe.isSuccess ? (
          <p className="unsubscribe-message success" role="status">{unsubscribe.data.message}</p>
        ) : (
          <>
            <p className="muted">
              Press the button to stop receiving our weekly verified deals. You can subscribe again at any time.
            </p>
            <button type="button" className="button" onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
              {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
            </button>
            {unsubscribe.isError && (
              <p className="unsubscribe-message error" role="alert">{unsubscribe.error.message || MSG.unknownError}</p>
            )}
          </>
        )}
        <p className="unsubscribe-home"><Link to="/">Return to Homepage</Link></p>
      </div>
    </section>
  );
}
