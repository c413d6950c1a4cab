import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_TEXT } from '../../../../../common/account.js';
import { MSG } from '../../../../../common/messages.js';
import { apiFetch } from '../../../lib/api.js';
import { SESSION_KEY } from '../../../lib/session.js';
import { useLeaveAccount } from './leave-account.js';

/** DELETE /_api/me after an explicit second step; the API removes the personal data and ends the session. */
export function DeleteAccountSection() {
  const [confirming, setConfirming] = useState(false);
  const client = useQueryClient();
  const leave = useLeaveAccount();
  const remove = useMutation({
    mutationFn: () => apiFetch<{ success: true }>('/_api/me', { method: 'DELETE' }),
    onSuccess: async () => {
      leave('/');
      client.setQueryData(SESSION_KEY, { error: MSG.notAuthenticated });
      await client.resetQueries();
    },
  });

  return (
    <section id="delete" className="card account-section account-danger" aria-labelledby="delete-title">
      <h2 id="delete-title">{ACCOUNT_TEXT.deleteHeading}</h2>
      <p className="muted">{ACCOUNT_TEXT.deleteExplain}</p>
      {!confirming ? (
        <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
          {ACCOUNT_TEXT.deleteStart}
        </button>
      ) : (
        <div className="account-confirm" role="group" aria-labelledby="delete-question">
          <p id="delete-question"><strong>{ACCOUNT_TEXT.deleteQuestion}</strong></p>
          {remove.isError && <p role="alert" className="error">{remove.error.message}</p>}
          <div className="account-actions">
            <button type="button" className="button button-danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? ACCOUNT_TEXT.deleting : ACCOUNT_TEXT.deleteConfirm}
            </button>
            <button type="button" className="button button-quiet" disabled={remove.isPending} onClick={() => setConfirming(false)}>
              {ACCOUNT_TEXT.deleteCancel}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
