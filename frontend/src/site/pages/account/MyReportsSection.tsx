import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ACCOUNT_TEXT, OUTCOME_LABEL, REPORT_STATUS_LABEL, formatDay, formatUsd } from '../../../../../common/account.js';
import type { MyPayoutReportDto } from '../../../../../common/payout-api-types.js';
import { myReportsQuery } from './account-queries.js';

/** My payout reports: status, firm, amount and outcome of each, newest first. */
export function MyReportsSection() {
  const reports = useQuery(myReportsQuery());
  return (
    <section id="reports" className="card account-section" aria-labelledby="reports-title">
      <h2 id="reports-title">{ACCOUNT_TEXT.reportsHeading}</h2>
      {reports.isError && <p role="alert" className="error">{ACCOUNT_TEXT.loadFailed}</p>}
      {reports.data && reports.data.length === 0 && <p className="muted">{ACCOUNT_TEXT.reportsEmpty}</p>}
      {reports.data && reports.data.length > 0 && (
        <ul className="account-list">
          {reports.data.map((r) => <ReportItem key={r.id} report={r} />)}
        </ul>
      )}
    </section>
  );
}

function ReportItem({ report: r }: { report: MyPayoutReportDto }) {
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
        {r.programName && <div><dt>{ACCOUNT_TEXT.programName.replace(' (optional)', '')}</dt><dd>{r.programName}</dd></div>}
      </dl>
      {r.status === 'rejected' && r.rejectionReason && <p className="account-note">{r.rejectionReason}</p>}
    </li>
  );
}
