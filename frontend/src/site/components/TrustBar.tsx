import { CLAIMS } from '../../../../common/marketing.js';
import { useShowOnScrollDown } from '../hooks/useScrollVisibility.js';
import './floating.css';

/**
 * docs/spec.md §4: a slim bar of the site's claims under the header, shown after scrolling down past 300 px.
 * It repeats what the page already says, so it is a labelled aside that stays out of the tab order.
 */
export function TrustBar() {
  const visible = useShowOnScrollDown();
  return (
    <aside className="trust-bar" data-visible={visible} aria-label="Why traders trust us" aria-hidden={!visible} inert={!visible}>
      <ul className="container trust-bar-list">
        <li><strong>{CLAIMS.protectedTraders}</strong> protected traders</li>
        <li className="trust-bar-wide"><strong>{CLAIMS.savedAmount}</strong> saved</li>
        <li><strong>{CLAIMS.verifiedPartners}</strong> verified partners</li>
        <li className="trust-bar-extra"><strong>Payout guarantee</strong> on every verified firm</li>
        <li className="trust-bar-extra"><strong>{CLAIMS.rating}</strong> rating</li>
      </ul>
    </aside>
  );
}
