import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PAYOUT_GUARANTEE } from '../../../../common/marketing.js';
import {
  CLAIM_DECISION_DAYS, CLAIM_FILE_WITHIN_DAYS, GUARANTEE_MAX_PAYOUT_USD, GUARANTEE_PAGE_TEXT, guaranteeTerms, usdAmount,
  type GuaranteeStats,
} from '../../../../common/payouts.js';
import { METHODOLOGY_PATH } from '../../../../common/firm-pages.js';
import { guaranteeStatsQuery } from '../../lib/queries.js';
import './payout-guarantee.css';

const T = GUARANTEE_PAGE_TEXT;

/** Each figure as the page writes it; the numbers are the API's (GET /_api/payout-guarantee/stats), never recomputed. */
const FIGURES: Array<{ key: keyof GuaranteeStats; text: (s: GuaranteeStats) => string }> = [
  { key: 'received', text: (s) => s.received.toLocaleString('en-US') },
  { key: 'approved', text: (s) => s.approved.toLocaleString('en-US') },
  { key: 'paid', text: (s) => s.paid.toLocaleString('en-US') },
  { key: 'paidTotal', text: (s) => usdAmount(s.paidTotal) },
  { key: 'medianDaysToDecision', text: (s) => (s.medianDaysToDecision === null ? T.noDecisionYet : `${s.medianDaysToDecision} days`) },
];

/** /payout-guarantee (issue #17): the guarantee's terms in plain words, how to claim, and its live figures. */
export function PayoutGuaranteePage() {
  const stats = useQuery(guaranteeStatsQuery());
  return (
    <div className="guarantee-page">
      <section className="hero" aria-labelledby="guarantee-page-title">
        <div className="container">
          <p className="eyebrow">Payout guarantee</p>
          <h1 id="guarantee-page-title">{T.heading}</h1>
          <p className="lead">{PAYOUT_GUARANTEE} Here is exactly when, how much, and how every claim so far has gone.</p>
        </div>
      </section>

      <div className="container guarantee-body">
        <section aria-labelledby="guarantee-terms-title">
          <h2 id="guarantee-terms-title">The terms in plain words</h2>
          <p>We pay a payout a firm refused when all of these hold:</p>
          <ol className="guarantee-terms-list">
            {guaranteeTerms().map((term) => <li key={term}>{term}</li>)}
          </ol>
          <p className="guarantee-muted">
            The most we pay on one claim is {usdAmount(GUARANTEE_MAX_PAYOUT_USD)}. A refusal the firm&rsquo;s rules allowed at the time
            of purchase is not covered; <Link to={METHODOLOGY_PATH}>our methodology</Link> says how we verify firms and record their rules.
          </p>
        </section>

        <section aria-labelledby="guarantee-claim-title">
          <h2 id="guarantee-claim-title">How to claim</h2>
          <ol className="guarantee-steps">
            <li><Link to="/login">Sign in with your email</Link>: we send you a link, no password needed.</li>
            <li>On <Link to="/account">your account</Link>, report the denied payout with a screenshot of the firm&rsquo;s refusal.</li>
            <li>
              Turn that report into a claim within {CLAIM_FILE_WITHIN_DAYS} days of the denial: add proof of purchase through our link
              or code, your account id and what happened.
            </li>
            <li>
              We review it, may ask you a question by email, and decide; a claim waiting {CLAIM_DECISION_DAYS} days for a decision is
              flagged to our whole team. Every step is emailed to you and shown on your account.
            </li>
          </ol>
          <p><Link className="button" to="/login">Sign in to claim</Link></p>
        </section>

        <section aria-labelledby="guarantee-stats-title">
          <h2 id="guarantee-stats-title">{T.statsTitle}</h2>
          {stats.isPending && <p role="status">Loading the figures…</p>}
          {stats.isError && <p role="alert" className="error">We could not load the figures: {stats.error.message}</p>}
          {stats.data && (
            <dl className="guarantee-stats" data-testid="guarantee-stats">
              {FIGURES.map((f) => (
                <div key={f.key} className="guarantee-stat">
                  <dt>{T.statsLabels[f.key]}</dt>
                  <dd data-stat={f.key} className={stats.data[f.key] === null ? 'guarantee-stat-words' : undefined}>{f.text(stats.data)}</dd>
                </div>
              ))}
            </dl>
          )}
          <p className="guarantee-muted">Claims filed in the last 12 months, counted live; approved includes those since paid.</p>
        </section>
      </div>
    </div>
  );
}
