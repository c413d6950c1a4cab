import { Link } from 'react-router-dom';
import { FIRM_PAGE_TEXT } from '../../../../../common/firm-pages.js';
import { SIMULATOR_PATH } from '../../../../../common/simulator/text.js';
import { CRITERIA, RETEST_AFTER_DAYS, SCORE_MAX } from '../../../../../common/firms.js';
import { CodeChecks } from '../../components/CodeChecks.js';
import { GUARANTEE_PATH, PAYOUT_MIN_REPORTS, PAYOUT_WINDOW_DAYS } from '../../../../../common/payouts.js';
import './firms.css';

/** /methodology (issue #10): how a score is made, how codes are verified, and the affiliate disclosure in full. */
export function MethodologyPage() {
  return (
    <div className="firms-page methodology-page">
      <section className="hero firms-hero" aria-labelledby="method-title">
        <div className="container">
          <p className="eyebrow">Our method, in public</p>
          <h1 id="method-title">{FIRM_PAGE_TEXT.methodology.heading}</h1>
          <p className="lead">
            Every score on this site comes from the same published criteria and weights, scored by our team with a note that says why.
            Affiliate status never changes a score or an order.
          </p>
        </div>
      </section>
      <div className="container method-body">
        <section aria-labelledby="payout-reports-title">
          <h2 id="payout-reports-title">How payout reports weigh in</h2>
          <p>
            Traders who sign in can report a payout request to a firm — the amount, the dates, whether it was paid, denied or is still
            pending — with screenshots as proof. Our moderators check every report against its proof before it counts; the proof stays
            private. Each firm's profile shows the approved reports of the last {PAYOUT_WINDOW_DAYS} days: how many, the median days from
            request to payment and the share denied. With fewer than {PAYOUT_MIN_REPORTS} approved reports we say so instead of showing a
            rate, because a handful of reports is not a pattern. Amounts are shown as bands and reports carry no names.
          </p>
          <p>
            The payout reliability score stays our team's judgement, but it is made with this evidence beside it, and a firm with a high
            denial rate over enough reports cannot keep a high payout reliability score.
          </p>
          <p>
            Behind the evidence stands our <Link to={GUARANTEE_PATH}>payout guarantee</Link>: if a verified firm refuses a legitimate
            payout, we pay it ourselves. Its terms, how to claim and every claim of the last 12 months are on its own page.
          </p>
        </section>

        <section aria-labelledby="criteria-title">
          <h2 id="criteria-title">The criteria and their weights</h2>
          <p>
            We score each firm from 0 to {SCORE_MAX} on every criterion below. Its score is the weighted average, rounded to one decimal.
            Payout reliability weighs most: a firm that does not pay is not worth any discount. Until a firm is scored on every criterion,
            the rating shown is an entered one and is marked with an asterisk.
          </p>
          <table className="firm-table method-table">
            <thead><tr><th scope="col">Criterion</th><th scope="col">Weight</th><th scope="col">What we look at</th></tr></thead>
            <tbody>
              {CRITERIA.map((c) => (
                <tr key={c.key}>
                  <th scope="row">{c.label}</th>
                  <td data-label="Weight">{c.weight}%</td>
                  <td data-label="What we look at">{c.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section aria-labelledby="simulator-title" id="simulator">
          <h2 id="simulator-title">How the challenge simulator works, and what it cannot know</h2>
          <p>
            The <Link to={SIMULATOR_PATH}>simulator</Link> takes your own daily results (or a year of days made from your win rate, average
            win and loss and risk per trade) and replays them 10,000 times. Each replay draws runs of consecutive days from your history,
            of random length, and strings them together: a stationary block bootstrap. Keeping runs of days keeps your streaks — a bad
            week stays a bad week — and the typical run length is chosen from how strongly one day of yours follows the last. Your results
            are scaled to each account size, so a 1 % day stays a 1 % day.
          </p>
          <p>
            Every replay is checked against each program's rules as the firm states them: each phase's profit target, the daily loss
            limit from the day's starting balance, the maximum loss (static, trailing or trailing at the end of the day, stopping at the
            starting balance where the firm says so), the minimum trading days, the time limit, and a consistency rule where there is
            one. A program with no time limit is followed for a year and counted as "ran out of time" after that. The share of replays
            that pass is your chance to pass, shown with its 95 % interval; the expected cost to funded is the price after our best code,
            plus a reset or a new account (whichever is cheaper) for each expected failed attempt, plus any activation fee — the same
            true-cost rule as the firm pages, with your chance in place of an assumed one.
          </p>
          <p>
            Its limits, in plain words: the future is not the past. A bootstrap only reshuffles the days you already had: it keeps your
            streaks but invents no new market regime, no bigger loss than your worst day, and no change in how you trade under a
            challenge's pressure. Results are checked at the end of each day, so a rule broken and recovered within a day is not seen.
            Fewer than 20 trading days are refused; with less than a few months of days, read the chances as rough.
          </p>
        </section>

        <section aria-labelledby="testing-title">
          <h2 id="testing-title">How we test a firm</h2>
          <p>
            We buy accounts with our own money, trade them, request payouts and time them, and ask support the questions traders ask.
            Each profile shows the date of our last test; we test every firm again at least every {RETEST_AFTER_DAYS} days, and record
            every rule change we find in the firm's changelog, with its source.
          </p>
        </section>

        <section aria-labelledby="codes-title">
          <h2 id="codes-title">How we verify discount codes</h2>
          <p>
            A code goes live only after our team applied it at the firm's checkout and saw the discount. Codes that end leave the
            table and the discounts page when they end; a coming-soon deal shows no code until it starts. The price after code in the
            comparison table uses the best active code for each account (a percentage or an amount off, never below zero).
          </p>
          <CodeChecks />
        </section>

        <section aria-labelledby="disclosure-title" id="disclosure">
          <h2 id="disclosure-title">Affiliate disclosure</h2>
          <p>
            Some firms pay us a commission when a trader buys an account through our links or with our codes. Each firm's profile and
            the comparison table show its affiliate status: <strong>Affiliate partner</strong> (a commission is paid to us),{' '}
            <strong>No affiliate program</strong> (we earn nothing from this firm) or <strong>Affiliate partnership ended</strong>.
          </p>
          <p>
            Affiliate status is not a criterion: it never changes a score, a rank or the order of any list or table. A commission costs you
            nothing extra.
          </p>
        </section>

        <p><Link to="/firms" className="button">Compare the firms</Link></p>
      </div>
    </div>
  );
}
