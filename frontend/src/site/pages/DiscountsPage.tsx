import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EXPIRED_DISCOUNTS_PATH } from '../../../../common/code-record.js';
import { dailySocialProof, formatPercentage, maxDiscountPercentage } from '../../../../common/discount-page.js';
import { NEWSLETTER_BANNER } from '../../../../common/marketing.js';
import { DISCOUNTS_PAGE } from '../../../../common/messages.js';
import { discountsQuery } from '../../lib/queries.js';
import { useRenderTime } from '../../lib/render-time.js';
import { useRobotsOverride } from '../../lib/useRobotsOverride.js';
import { NewsletterSignup } from '../components/NewsletterSignup.js';
import { SocialLinks } from '../components/SocialLinks.js';
import { DiscountCard } from './DiscountCard.js';
import { FollowIntentStatus } from './firms/FollowButton.js';
import './discounts.css';

/** Skeleton cards while the list loads (two rows on a desktop). */
const SKELETON_CARDS = 6;

/** docs/spec.md §2 "/discounts": hero, warning banner, results header, the list, newsletter and social links. */
export function DiscountsPage() {
  const discounts = useQuery(discountsQuery());
  // docs/spec.md §2: a page that failed to load its list is not worth indexing.
  useRobotsOverride(discounts.isError ? 'noindex' : null);
  // One "now" per visit of the page (the server's when hydrating), so urgency labels and the
  // docs/spec.md §9 draws (seeded by discount and day) are the same on the server and in the browser.
  const now = useRenderTime();

  const list = discounts.data;
  const maxPercentage = list ? maxDiscountPercentage(list) : null;
  const count = list?.length ?? 0;

  return (
    <div className="discounts-page">
      <section className="hero discounts-hero" aria-labelledby="discounts-title">
        <div className="container">
          <p className="eyebrow">Tested. Verified. Protected.</p>
          <h1 id="discounts-title">Verified Prop Firm Discount Codes</h1>
          <p className="lead">
            Every code on this page was tested by our team at checkout before it went live. Copy a code, claim the deal and
            start your challenge for less.
          </p>
          <ul className="discounts-stats" role="list">
            <li><strong>12,847</strong> protected traders</li>
            <li><strong>$2.1M</strong> saved</li>
            <li><strong>8</strong> verified partners</li>
          </ul>
        </div>
      </section>

      <div className="container">
        <aside className="discounts-warning" role="note" aria-label="Warning">
          <svg className="discounts-warning-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M12 2 1 21h22L12 2Zm1 16h-2v-2h2v2Zm0-4h-2V9h2v5Z" />
          </svg>
          <p>
            <strong>Beware of fake discount codes.</strong> Coupon sites are full of expired and made-up codes. Only use codes
            you can verify: every deal below is checked by our team, and if a verified firm refuses you a legitimate payout, we
            pay it ourselves.
          </p>
        </aside>

        <section className="discounts-results" aria-labelledby="results-title" aria-busy={discounts.isPending}>
          <div className="results-header">
            <div>
              <h2 id="results-title">
                {list && count > 0 ? `${count} Verified ${count === 1 ? 'Opportunity' : 'Opportunities'}` : 'Verified Opportunities'}
              </h2>
              <p className="results-sub">Hand-checked codes, our #1 choice first, soonest to expire next.</p>
            </div>
            {maxPercentage !== null && (
              <p className="results-max">
                <span>Save up to</span> <strong>{formatPercentage(maxPercentage)}% OFF</strong>
              </p>
            )}
          </div>
          <FollowIntentStatus nameOf={(id) => list?.find((d) => d.company.id === id)?.company.name} />
          <p className="affiliate-note">
            Disclosure: deal links on this page are affiliate links. If you buy through them we may earn a commission, at no extra
            cost to you. It never decides which firms we list. <Link to="/how-we-test-codes">How we test codes</Link> ·{' '}
            <Link to={EXPIRED_DISCOUNTS_PATH}>Expired codes</Link>
          </p>

          {discounts.isPending && (
            <>
              <p className="visually-hidden" role="status">Loading verified opportunities…</p>
              <ul className="deals-grid" role="list">
                {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                  <li key={i}><div className="card skeleton deal-skeleton" data-testid="deal-skeleton" /></li>
                ))}
              </ul>
            </>
          )}

          {discounts.isError && (
            <div className="card deals-state" role="alert">
              <h3>{DISCOUNTS_PAGE.loadFailed}</h3>
              <p>We could not load the list of verified deals ({discounts.error.message}). Please try again in a moment.</p>
              <button type="button" className="button" onClick={() => void discounts.refetch()} disabled={discounts.isFetching}>
                {discounts.isFetching ? 'Retrying...' : 'Try again'}
              </button>
            </div>
          )}

          {list && count === 0 && (
            <div className="card deals-state">
              <h3>{DISCOUNTS_PAGE.empty}</h3>
              <p>We only list deals we have verified ourselves. Subscribe below and we will tell you when the next one goes live.</p>
            </div>
          )}

          {list && count > 0 && (
            <ul className="deals-grid" role="list">
              {list.map((d) => (
                <li key={d.id}>
                  <DiscountCard discount={d} now={now} proof={dailySocialProof(d.id, now)} follow />
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className="discounts-follow">
          <NewsletterSignup
            source="discounts-page"
            title="Get new verified deals first"
            description={`Only ${NEWSLETTER_BANNER.codesLeft} codes left ${NEWSLETTER_BANNER.codesLeftPeriod}. New deals drop every Monday at 9 AM EST: subscribe and never pay full price for a challenge again.`}
          />
          <SocialLinks text="Flash sales and new codes are posted on our channels the moment we verify them." />
        </div>
      </div>
    </div>
  );
}
