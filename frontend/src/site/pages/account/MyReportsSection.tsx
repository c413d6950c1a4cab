import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ACCOUNT_TEXT, CLAIM_PARAM, OUTCOME_LABEL, REPORT_PARAM, REPORT_STATUS_LABEL, canFileClaim, formatDay, formatUsd, reportPayoutHref,
} from '../../../../../common/account.js';
import type { MyPayoutReportDto } from '../../../../../common/payout-api-types.js';
import { useRenderTime } from '../../../lib/render-time.js';
import { myReportsQuery } from './account-queries.js';
import { ClaimForm } from './ClaimForm.js';
import { ReportPayoutForm } from './ReportPayoutForm.js';

/**
 * My payout reports: status, firm, amount and outcome of each, newest first; the "Report a payout" form
 * (/account?report=<firm slug> opens it with that firm chosen) and, on a denied report, "File a claim".
 */
export function MyReportsSection() {
  const reports = useQuery(myReportsQuery());
  const [params, setParams] = useSearchParams();
  const reporting = params.get(REPORT_PARAM);
  const [sent, setSent] = useState<string | null>(null);
  const closeForm = (wasSent: boolean) => {
    const next = new URLSearchParams(params);
    next.delete(REPORT_PARAM);
    setParams(next, { replace: true });
    setSent(wasSent ? ACCOUNT_TEXT.reportSent : null);
  };
  const claimFiled = (claimId: number) => {
    const next = new URLSearchParams(params);
    next.set(CLAIM_PARAM, String(claimId));
    setParams(next, { replace: true });
    setSent(ACCOUNT_TEXT.claimSent);
  };

  return (
    <section id="reports" className="card account-section" aria-labelledby="reports-title">
      <div className="account-section-head">
        <h2 id="reports-title">{ACCOUNT_TEXT.reportsHeading}</h2>
        {reporting === null && (
          <Link className="button" to={reportPayoutHref()} onClick={() => setSent(null)}>{ACCOUNT_TEXT.reportPayout}</Link>
        )}
      </div>
      <p role="status" className="account-sent">{sent}</p>
      {reporting !== null && <ReportPayoutForm firmSlug={reporting === 'new' ? null : reporting} onClose={closeForm} />}
      {reports.isError && <p role="alert" className="error">{ACCOUNT_TEXT.loadFailed}</p>}
      {reports.data && reports.data.length === 0 && <p className="muted">{ACCOUNT_TEXT.reportsEmpty}</p>}
      {reports.data && reports.data.length > 0 && (
        <ul className="account-list">
          {reports.data.map((r) => <ReportItem key={r.id} report={r} onClaimFiled={claimFiled} />)}
        </ul>
      )}
    </section>
  );
}

function ReportItem({ report: r, onClaimFiled }: { report: MyPayoutReportDto; onClaimFiled: (claimId: number) => void }) {
  const now = useRenderTime();
  const [claiming, setClaiming] = useState(false);
  return (
    <li className="account-item" data-report-id={r.id}>
      <div className="account-item-head">
        <Link to={`/firms/${r.companySlug}`} className="account-firm">{r.companyName}</Link>
        <span className={`account-status status-${r.status}`}>{REPORT_STATUS_LABEL[r.status]}</span>
      </div>
      <dl className="account-facts">
        <div><dt>{ACCOUNT_TEXT.colAmount}</dt><dd>{formatUsd(r.amount)}</dd></div>
        <div><dt>{ACCOUNT_TEXT.colOutcome}</dt><dd>{OUTCOME_LABEL[r.outcome]}</dd></div>
        <div><dt>{ACCOUNT_TEXT.colRequested}</dt><dd>{formatDay(r.requestedOn)}</dd></div>
        {r.programName && <div><dt>{ACCOUNT_TEXT.programLabel}</dt><dd>{r.programName}</dd></div>}
      </dl>
      {r.status === 'rejected' && r.rejectionReason && <p className="account-note">{r.rejectionReason}</p>}
      {r.claimId !== null && (
        <p className="account-note"><Link to={`?${CLAIM_PARAM}=${r.claimId}#claims`}>{ACCOUNT_TEXT.viewClaim}</Link></p>
      )}
      {canFileClaim(r, now) && !claiming && (
        <div className="account-actions">
          <button type="button" className="button" onClick={() => setClaiming(true)}>{ACCOUNT_TEXT.fileClaim}</button>
        </div>
      )}
      {claiming && (
        <ClaimForm
          report={r}
          onClose={(claimId) => {
            setClaiming(false);
            if (claimId !== null) onClaimFiled(claimId);
          }}
        />
      )}
    </li>
  );
}
