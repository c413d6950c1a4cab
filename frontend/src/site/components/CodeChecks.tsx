import './deal-proof.css';
import { NEEDS_CHECK_DAYS, REPORT_FAILING_PERCENT, REPORT_MIN_COUNT, REPORT_WINDOW_DAYS } from '../../../../common/proof.js';

/** How codes are checked and what the success rate means (issue #11); on /methodology and the about page's verification section. */
export function CodeChecks() {
  return (
    <div className="card code-checks" id="code-checks">
      <h3>How we check discount codes</h3>
      <p>
        We apply every code at the firm&rsquo;s own checkout, as a trader would, and log the date, the result (worked, failed or
        expired), the price we saw and a screenshot. A card&rsquo;s &lsquo;Verified today&rsquo; or &lsquo;Verified 3 days ago&rsquo;
        is the last time a code worked for us; codes not checked for {NEEDS_CHECK_DAYS} days go back on our list to check.
      </p>
      <p>
        After you copy a code or follow a deal, the card asks &lsquo;Did this code work?&rsquo;. Each visitor&rsquo;s answer counts once a
        day per code, and we keep only the answer and its time. Once a code has {REPORT_MIN_COUNT} answers in the last {REPORT_WINDOW_DAYS} days,
        the card shows its success rate — the share of those answers that said it worked, e.g. &lsquo;87% success (31 reports)&rsquo;;
        the figure is refreshed every minute.
      </p>
      <p>
        A code whose last check failed, or whose success rate falls under {REPORT_FAILING_PERCENT}% over at least {REPORT_MIN_COUNT} answers,
        is marked &lsquo;Reported not working&rsquo; and moved below the working codes — never hidden — until we check it again.
      </p>
    </div>
  );
}
