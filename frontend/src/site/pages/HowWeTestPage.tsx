import { Link } from 'react-router-dom';
import { HOW_WE_TEST_TEXT } from '../../../../common/code-record-text.js';
import {
  BADGE_TEXT, COMMUNITY_MIN_ANSWERS, COMMUNITY_MIN_PERCENT, DEMOTE_LAST_FAILED, DEMOTE_PERCENT, EXPIRED_DISCOUNTS_PATH, TESTED_BY_US_DAYS,
} from '../../../../common/code-record.js';
import { ADMIN_CHECK_OUTRANKS_DAYS, BURST, NEEDS_CHECK_DAYS, PROOF_TEXT, REPORT_MIN_COUNT, REPORT_WINDOW_DAYS } from '../../../../common/proof.js';
import './discounts.css';

/** /how-we-test-codes (issue #30): how codes reach the site, how they are checked, how answers count, when a code is demoted. */
export function HowWeTestPage() {
  return (
    <div className="discounts-page how-page">
      <section className="hero discounts-hero" aria-labelledby="how-title">
        <div className="container">
          <p className="eyebrow">Our method, in public</p>
          <h1 id="how-title">{HOW_WE_TEST_TEXT.heading}</h1>
          <p className="lead">{HOW_WE_TEST_TEXT.description}</p>
        </div>
      </section>
      <div className="container method-body how-body">
        <section aria-labelledby="source-title">
          <h2 id="source-title">How codes reach the site</h2>
          <p>
            Codes come from the firms themselves or from our affiliate agreements with them. None is copied from other coupon sites. A
            code is listed only after one of our team has tried it at the firm's checkout, and each code has its own page with its
            full public record.
          </p>
        </section>
        <section aria-labelledby="checks-title">
          <h2 id="checks-title">How we check a code, and how often</h2>
          <p>
            One of our team starts a real purchase of a named program and account size, enters the code and notes the price the
            checkout shows, with a screenshot we keep. The record of the code shows the date, the result and what was tested. Every
            active code is due a new check after {NEEDS_CHECK_DAYS} days, and at once when visitors report that it fails.
          </p>
          <p>
            <strong>{BADGE_TEXT.tested}</strong>: our check found it working within the last {TESTED_BY_US_DAYS} days.{' '}
            <strong>{BADGE_TEXT.community}</strong>: no recent check of ours, but at least {COMMUNITY_MIN_ANSWERS} counted visitor answers
            in {REPORT_WINDOW_DAYS} days, {COMMUNITY_MIN_PERCENT}% or more saying it worked. <strong>{BADGE_TEXT.none}</strong>: neither yet.
          </p>
        </section>
        <section aria-labelledby="answers-title">
          <h2 id="answers-title">How visitors' answers are counted</h2>
          <p>
            After copying a code or following a deal, a visitor can say whether it worked. We count one answer per code per network a
            day (an IPv4 address, or an IPv6 /64), whatever the browser; we never store the address. Answers from scripts and bots are
            not counted. The success figure counts the last {REPORT_WINDOW_DAYS} days and is shown from {REPORT_MIN_COUNT} answers.
          </p>
          <p>
            A burst — more than {BURST.maxReports} answers on one code within {BURST.windowMinutes} minutes, or a swing of more than{' '}
            {BURST.swingPoints} points in an hour — is held for review: it appears in the record as held and does not count until our
            team has looked at it.
          </p>
        </section>
        <section aria-labelledby="demote-title">
          <h2 id="demote-title">When a code is demoted</h2>
          <p>
            When the last {DEMOTE_LAST_FAILED} counted answers all say a code did not work, or its {REPORT_WINDOW_DAYS}-day success falls
            under {DEMOTE_PERCENT}% with at least {REPORT_MIN_COUNT} answers, it is marked “{PROOF_TEXT.notWorking}”, listed after every
            other code of its firm, and flagged for our team to check again. A check of ours that finds it working lifts it, and for{' '}
            {ADMIN_CHECK_OUTRANKS_DAYS} days after such a check visitors' answers alone cannot demote it. Codes that end are kept, with
            their record, in the <Link to={EXPIRED_DISCOUNTS_PATH}>archive of expired codes</Link>.
          </p>
        </section>
        <section aria-labelledby="affiliate-title">
          <h2 id="affiliate-title">Affiliate disclosure</h2>
          <p>
            Deal links on this site are affiliate links: if you buy through them we may earn a commission, at no extra cost to you. It
            never decides which codes we list, how we test them or how they are ranked. More in our <Link to="/methodology">methodology</Link>.
          </p>
        </section>
      </div>
    </div>
  );
}
