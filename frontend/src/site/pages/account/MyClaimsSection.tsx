import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ACCOUNT_TEXT, CLAIM_PARAM, CLAIM_STATUS_LABEL, formatDay, formatUsd, lastClaimEvent } from '../../../../../common/account.js';
import type { ClaimEventDto, PayoutClaimDto } from '../../../../../common/payout-api-types.js';
import { ApiRequestError, apiPost } from '../../../lib/api.js';
import { MY_CLAIMS_KEY, myClaimsQuery } from './account-queries.js';

/**
 * My payout-guarantee claims: status and the latest timeline entry of each; "View claim" opens its dated timeline
 * and, while we wait for the trader (needs-info), the answer box. /account?claim=<id> opens one.
 */
export function MyClaimsSection() {
  const claims = useQuery(myClaimsQuery());
  const [params] = useSearchParams();
  const opened = Number(params.get(CLAIM_PARAM));
  return (
    <section id="claims" className="card account-section" aria-labelledby="claims-title">
      <h2 id="claims-title">{ACCOUNT_TEXT.claimsHeading}</h2>
      {claims.isError && <p role="alert" className="error">{ACCOUNT_TEXT.loadFailed}</p>}
      {claims.data && claims.data.length === 0 && <p className="muted">{ACCOUNT_TEXT.claimsEmpty}</p>}
      {claims.data && claims.data.length > 0 && (
        <ul className="account-list">
          {claims.data.map((c) => <ClaimItem key={c.id} claim={c} initiallyOpen={c.id === opened} />)}
        </ul>
      )}
    </section>
  );
}

function ClaimItem({ claim: c, initiallyOpen }: { claim: PayoutClaimDto; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen || c.status === 'needs-info');
  const last = lastClaimEvent(c);
  const panelId = `claim-${c.id}-panel`;
  return (
    <li className="account-item" data-claim-id={c.id}>
      <div className="account-item-head">
        <span className="account-firm">{c.companyName} · {formatUsd(c.amount)}</span>
        <span className={`account-status status-${c.status}`} data-testid="claim-status">{CLAIM_STATUS_LABEL[c.status]}</span>
      </div>
      {c.status === 'paid' && c.paidAmount !== null && c.paidOn && (
        <p className="account-paid">{ACCOUNT_TEXT.paidLine(formatUsd(c.paidAmount), formatDay(c.paidOn))}</p>
      )}
      <p className="account-latest"><span className="muted">{ACCOUNT_TEXT.colLatest}:</span> {ACCOUNT_TEXT.lastEvent(formatDay(last.at), last.text)}</p>
      <div className="account-actions">
        <button type="button" className="button button-quiet" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          {open ? ACCOUNT_TEXT.hideClaim : ACCOUNT_TEXT.viewClaim}
        </button>
      </div>
      {open && (
        <div id={panelId} className="account-claim-panel">
          <h3 className="account-subheading">{ACCOUNT_TEXT.timelineHeading}</h3>
          <ol className="account-timeline">
            {c.timeline.map((e, i) => <TimelineEntry key={i} event={e} />)}
          </ol>
          {c.status === 'needs-info' && <ReplyForm claimId={c.id} />}
        </div>
      )}
    </li>
  );
}

function TimelineEntry({ event: e }: { event: ClaimEventDto }) {
  const what = e.status ? CLAIM_STATUS_LABEL[e.status] : e.by === 'trader' ? 'Your answer' : 'Note';
  return (
    <li>
      <time dateTime={e.at}>{formatDay(e.at)}</time>{' '}
      <strong>{what}</strong>
      <span className="muted"> · {e.by === 'trader' ? 'you' : 'us'}</span>
      {e.note && <p className="account-note">{e.note}</p>}
    </li>
  );
}

/** The trader's answer to "needs-info" (POST /_api/payout-claims/:id/messages); the claim goes back under review. */
function ReplyForm({ claimId }: { claimId: number }) {
  const client = useQueryClient();
  const id = useId();
  const [message, setMessage] = useState('');
  const send = useMutation({
    mutationFn: () => apiPost<PayoutClaimDto>(`/_api/payout-claims/${claimId}/messages`, { message }),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_CLAIMS_KEY }),
  });
  const fieldError = send.error instanceof ApiRequestError ? (send.error.errors?.message ?? send.error.message) : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  return (
    <form className="form account-form" onSubmit={submit} noValidate>
      <p className="account-needs-info">{ACCOUNT_TEXT.needsInfo}</p>
      <label htmlFor={`${id}-reply`}>{ACCOUNT_TEXT.replyLabel}</label>
      <textarea id={`${id}-reply`} rows={4} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={5000}
        aria-invalid={!!fieldError} aria-describedby={`${id}-reply-error`} />
      <p id={`${id}-reply-error`} className="field-error">{fieldError}</p>
      <div className="account-actions">
        <button className="button" type="submit" disabled={send.isPending}>{send.isPending ? ACCOUNT_TEXT.sending : ACCOUNT_TEXT.sendReply}</button>
      </div>
    </form>
  );
}
