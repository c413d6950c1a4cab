import { Link } from 'react-router-dom';
import type { FirmPayoutsDto, PayoutMonthDto } from '../../../../../common/payout-api-types.js';
import { ACCOUNT_TEXT, reportPayoutHref } from '../../../../../common/account.js';
import { METHODOLOGY_PATH } from '../../../../../common/firm-pages.js';
import { PAYOUT_MIN_REPORTS, PAYOUT_TEXT, daysBetween } from '../../../../../common/payouts.js';

const OUTCOME_LABELS = { paid: 'Paid', denied: 'Denied', pending: 'Pending' } as const;
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));

/**
 * A firm's payout evidence (issue #17), in the HTML the server sends: the figures of common/payouts (or
 * "Not enough payout reports yet" under 5 reports), a chart of paid and denied per month drawn as SVG with the
 * same numbers as a table, and the recent approved reports — amounts as bands, no names.
 */
export function PayoutEvidence({ payouts, now, slug }: { payouts: FirmPayoutsDto; now: Date; slug: string }) {
  const enough = payouts.approvedReports >= PAYOUT_MIN_REPORTS;
  return (
    <section aria-labelledby="payouts-title" data-testid="payout-evidence">
      <h2 id="payouts-title">Payouts in the last 180 days</h2>
      <ul className="firm-payout-figures" role="list">
        <li data-testid="payout-reports-count">{PAYOUT_TEXT.reports(payouts.approvedReports)}</li>
        {enough ? (
          <>
            {payouts.medianDaysToPay !== null && <li data-testid="payout-median">{PAYOUT_TEXT.medianDays(payouts.medianDaysToPay)}</li>}
            {payouts.denialRate !== null && <li data-testid="payout-denied">{PAYOUT_TEXT.denied(payouts.denialRate)}</li>}
          </>
        ) : (
          <li data-testid="payout-not-enough">{PAYOUT_TEXT.notEnough}</li>
        )}
        {payouts.lastReportAt && <li>{PAYOUT_TEXT.lastReport(Math.max(0, daysBetween(payouts.lastReportAt, now.toISOString())))}</li>}
      </ul>
      <p className="firm-muted">
        Reports come from traders with proof, checked by our moderators; only approved reports count.{' '}
        <Link to={METHODOLOGY_PATH}>How reports weigh in</Link>
      </p>
      {/* The same link for every reader (the page is cached for all): /account sends a signed-out one to sign in first. */}
      <p><Link className="button firm-report-payout" to={reportPayoutHref(slug)}>{ACCOUNT_TEXT.reportPayout}</Link></p>
      {payouts.months.length > 0 && <PayoutChart months={payouts.months} />}
      {payouts.recent.length > 0 && (
        <div className="firm-scroll">
          <table className="firm-table">
            <caption className="firm-caption">Recent approved reports</caption>
            <thead><tr><th scope="col">Requested</th><th scope="col">Amount</th><th scope="col">Program</th><th scope="col">Days</th><th scope="col">Outcome</th></tr></thead>
            <tbody>
              {payouts.recent.map((r, i) => (
                <tr key={i}>
                  <th scope="row">{r.requestedOn}</th>
                  <td data-label="Amount">{r.amountBand}</td>
                  <td data-label="Program">{r.programName ?? '\u2014'}</td>
                  <td data-label="Days">{r.days ?? '\u2014'}</td>
                  <td data-label="Outcome">{OUTCOME_LABELS[r.outcome]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Paid (blue) and denied (red) bars per month; the table below it says the same for screen readers and print. */
function PayoutChart({ months }: { months: PayoutMonthDto[] }) {
  const max = Math.max(1, ...months.map((m) => Math.max(m.paid, m.denied)));
  const width = 40 * months.length + 20;
  const height = 120;
  const bar = (value: number) => Math.round((value / max) * (height - 30));
  return (
    <figure className="firm-payout-chart">
      <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-labelledby="payout-chart-title">
        <title id="payout-chart-title">Paid and denied payout reports per month</title>
        {months.map((m, i) => (
          <g key={m.month} transform={`translate(${10 + i * 40}, 0)`}>
            <rect x="4" y={height - 20 - bar(m.paid)} width="14" height={bar(m.paid)} fill="#0099ff" />
            <rect x="18" y={height - 20 - bar(m.denied)} width="14" height={bar(m.denied)} fill="#e5484d" />
            <text x="18" y={height - 6} fontSize="9" textAnchor="middle" fill="currentColor">{m.month.slice(5)}</text>
          </g>
        ))}
      </svg>
      <figcaption>
        <table className="firm-table firm-chart-table">
          <caption className="firm-caption">Payout reports per month (paid in blue, denied in red)</caption>
          <thead><tr><th scope="col">Month</th><th scope="col">Paid</th><th scope="col">Denied</th></tr></thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}><th scope="row">{monthLabel(m.month)}</th><td data-label="Paid">{m.paid}</td><td data-label="Denied">{m.denied}</td></tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}

/** The payout-reliability criterion's evidence line, beside its score. */
export function payoutEvidenceLine(payouts: FirmPayoutsDto): string {
  if (payouts.approvedReports < PAYOUT_MIN_REPORTS) return `${PAYOUT_TEXT.reports(payouts.approvedReports)} · ${PAYOUT_TEXT.notEnough}`;
  return [PAYOUT_TEXT.reports(payouts.approvedReports), payouts.denialRate !== null ? PAYOUT_TEXT.denied(payouts.denialRate) : null]
    .filter(Boolean).join(' · ');
}
