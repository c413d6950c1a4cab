import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_TEXT, CLAIM_STATUS_LABEL, formatDay, formatUsd, lastClaimEvent } from '../../../../../common/account.js';
import type { PayoutClaimDto } from '../../../../../common/payout-api-types.js';
import { myClaimsQuery } from './account-queries.js';

/** My payout-guarantee claims: status and the latest timeline entry of each. */
export function MyClaimsSection() {
  const claims = useQuery(myClaimsQuery());
  return (
    <section id="claims" className="card account-section" aria-labelledby="claims-title">
      <h2 id="claims-title">{ACCOUNT_TEXT.claimsHeading}</h2>
      {claims.isError && <p role="alert" className="error">{ACCOUNT_TEXT.loadFailed}</p>}
      {claims.data && claims.data.length === 0 && <p className="muted">{ACCOUNT_TEXT.claimsEmpty}</p>}
      {claims.data && claims.data.length > 0 && (
        <ul className="account-list">
          {claims.data.map((c) => <ClaimItem key={c.id} claim={c} />)}
        </ul>
      )}
    </section>
  );
}

function ClaimItem({ claim: c }: { claim: PayoutClaimDto }) {
  const last = lastClaimEvent(c);
  return (
    <li className="account-item" data-claim-id={c.id}>
      <div className="account-item-head">
        <span className="account-firm">{c.companyName} · {formatUsd(c.amount)}</span>
        <span className={`account-status status-${c.status}`}>{CLAIM_STATUS_LABEL[c.status]}</span>
      </div>
      {c.status === 'paid' && c.paidAmount !== null && c.paidOn && <p className="account-paid">{ACCOUNT_TEXT.paidLine(formatUsd(c.paidAmount), formatDay(c.paidOn))}</p>}
      <p className="account-latest"><span className="muted">{ACCOUNT_TEXT.colLatest}:</span> {ACCOUNT_TEXT.lastEvent(formatDay(last.at), last.text)}</p>
    </li>
  );
}
