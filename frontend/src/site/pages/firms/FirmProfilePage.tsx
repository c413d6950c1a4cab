import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { dailySocialProof } from '../../../../../common/discount-page.js';
import { METHODOLOGY_PATH, comparePath } from '../../../../../common/firm-pages.js';
import {
  AFFILIATE_STATUS_LABELS, ASSET_CLASSES, DRAWDOWN_TYPE_LABELS, FIRM_STATUS_LABELS, PROGRAM_TYPE_LABELS,
} from '../../../../../common/firms.js';
import type { FirmProfileDto } from '../../../../../common/firm-api-types.js';
import { ASSUMED_PASS_RATE, TRUE_COST_FORMULA, parsePassRate, passRateText, trueCost, trueCostWorking } from '../../../../../common/true-cost.js';
import { firmQuery } from '../../../lib/queries.js';
import { FirmLogo } from '../../components/FirmLogo.js';
import { useRenderTime } from '../../../lib/render-time.js';
import { DiscountCard } from '../DiscountCard.js';
import { EXPIRED_DISCOUNTS_PATH } from '../../../../../common/code-record.js';
import { simulatorPathFor } from '../../../../../common/simulator/text.js';
import { ApiRequestError } from '../../../lib/api.js';
import { NotFoundPage } from '../NotFoundPage.js';
import { PayoutEvidence, payoutEvidenceLine } from './PayoutEvidence.js';
import { FirmTimeline } from './FirmTimeline.js';
import { FollowButton, FollowIntentStatus } from './FollowButton.js';
import { FirmStatusNote } from '../../components/FirmStatusNote.js';
import { AffiliateDisclosure, PriceAfterCode, ScoreLink, StatusBadge, pct, usd } from './firm-ui.js';
import '../discounts.css';
import './firms.css';

/** /firms/:slug (issue #10): what we know and measured about one firm. */
export function FirmProfilePage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const profile = useQuery(firmQuery(slug));
  const now = useRenderTime();

  if (profile.error instanceof ApiRequestError && profile.error.status === 404) return <NotFoundPage />;
  if (profile.isPending) return <div className="container firm-page"><div className="card skeleton firms-skeleton" role="status"><span className="visually-hidden">Loading…</span></div></div>;
  if (profile.isError) {
    return (
      <div className="container firm-page">
        <div className="card firms-state" role="alert">
          <h1>We could not load this firm</h1>
          <p>{profile.error.message}</p>
          <button type="button" className="button" onClick={() => void profile.refetch()}>Try again</button>
        </div>
      </div>
    );
  }
  const { firm, criteria, programs, codes, timeline, posts, payouts } = profile.data;
  // The reader's pass rate (?passRate=) for a firm that publishes none; a wrong value leaves our stated assumption.
  const assumed = parsePassRate(params.get('passRate') ?? '') ?? ASSUMED_PASS_RATE;
  const hasAffiliateLinks = codes.some((c) => c.affiliateLink) || programs.some((p) => p.sizes.some((s) => s.code?.affiliateLink));

  return (
    <div className="firm-page">
      <section className="hero firm-hero" aria-labelledby="firm-title">
        <div className="container firm-hero-row">
          <FirmLogo company={firm} size={64} className="firm-logo" priority />
          <div>
            <p className="eyebrow"><Link to="/firms">Firms</Link></p>
            <h1 id="firm-title">{firm.name} <StatusBadge status={firm.status} /></h1>
            <ul className="firm-summary" role="list">
              <li>Score <ScoreLink rating={firm.rating} source={firm.ratingSource} /></li>
              <li>{AFFILIATE_STATUS_LABELS[firm.affiliateStatus]}</li>
              <li>{firm.lastTestedAt ? `Last tested ${firm.lastTestedAt}` : 'Not tested yet'}</li>
              <li data-testid="followers">{profile.data.followers === 1 ? '1 trader follows' : `${profile.data.followers.toLocaleString('en-US')} traders follow`}</li>
            </ul>
            <div className="firm-follow-row"><FollowButton companyId={firm.id} name={firm.name} /></div>
            <FollowIntentStatus nameOf={(id) => (id === firm.id ? firm.name : undefined)} />
            <FirmStatusNote firm={firm} variant="banner" />
            {firm.description && <p className="lead">{firm.description}</p>}
          </div>
        </div>
      </section>

      <div className="container firm-body">
        {hasAffiliateLinks && <AffiliateDisclosure />}

        <section aria-labelledby="facts-title">
          <h2 id="facts-title">Facts</h2>
          <dl className="firm-facts">
            <div><dt>Status</dt><dd>{FIRM_STATUS_LABELS[firm.status]}{firm.statusSince ? ` since ${firm.statusSince}` : ''}</dd></div>
            <div><dt>Founded</dt><dd>{firm.foundedYear ?? '\u2014'}</dd></div>
            <div><dt>Headquarters</dt><dd>{firm.headquarters ?? '\u2014'}</dd></div>
            <div><dt>Platforms</dt><dd>{firm.platforms.join(', ') || '\u2014'}</dd></div>
            <div><dt>Asset classes</dt><dd>{ASSET_CLASSES.filter((a) => firm.assetClasses.includes(a)).join(', ') || '\u2014'}</dd></div>
            <div><dt>Restricted countries</dt><dd>{firm.restrictedCountries.join(', ') || 'None listed'}</dd></div>
            <div><dt>Affiliate status</dt><dd>{AFFILIATE_STATUS_LABELS[firm.affiliateStatus]}</dd></div>
            <div><dt>Last tested</dt><dd>{firm.lastTestedAt ?? 'Not tested yet'}</dd></div>
            {firm.websiteUrl && <div><dt>Website</dt><dd><a href={firm.websiteUrl} rel="noopener noreferrer nofollow" target="_blank">{new URL(firm.websiteUrl).host}</a></dd></div>}
          </dl>
          <p><Link to={comparePath([firm.slug])}>Compare {firm.name} with other firms</Link></p>
        </section>

        <section aria-labelledby="score-title">
          <h2 id="score-title">Score: {firm.rating === null ? 'not scored' : `${firm.rating.toFixed(1)} of 5`}</h2>
          <p className="firm-muted">
            {firm.ratingSource === 'criteria'
              ? 'The weighted score of every criterion of our method.'
              : 'An entered rating: the firm is not yet scored on every criterion of our method.'}{' '}
            <Link to={METHODOLOGY_PATH}>How we score</Link>
          </p>
          <div className="firm-scroll">
            <table className="firm-table">
              <thead><tr><th scope="col">Criterion</th><th scope="col">Weight</th><th scope="col">Score</th><th scope="col">Our note</th></tr></thead>
              <tbody>
                {criteria.map((c) => (
                  <tr key={c.criterion}>
                    <th scope="row">{c.label}</th>
                    <td data-label="Weight">{c.weight}%</td>
                    <td data-label="Score">{c.score === null ? 'Not scored' : c.score.toFixed(1)}</td>
                    <td data-label="Our note">
                      {c.note ?? '\u2014'}
                      {c.criterion === 'payout-reliability' && <small className="firm-evidence" data-testid="payout-reliability-evidence">Evidence: {payoutEvidenceLine(payouts)}</small>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <PayoutEvidence payouts={payouts} now={now} slug={firm.slug} />

        <section aria-labelledby="programs-title">
          <h2 id="programs-title">Programs and prices</h2>
          {programs.length === 0 && <p className="firm-muted">We have not recorded this firm's programs yet.</p>}
          {programs.length > 0 && <PassRateNote firm={firm} assumed={assumed} />}
          {programs.map((p) => <Program key={p.id} program={p} publishedPassRate={firm.passRate} assumed={assumed} />)}
        </section>

        <section aria-labelledby="codes-title">
          <h2 id="codes-title">Active codes</h2>
          {codes.length === 0 ? (
            <p className="firm-muted">No verified code for {firm.name} right now.</p>
          ) : (
            <ul className="deals-grid" role="list">
              {codes.map((d) => <li key={d.id}><DiscountCard discount={d} now={now} proof={dailySocialProof(d.id, now)} /></li>)}
            </ul>
          )}
          <p className="firm-muted"><Link to={EXPIRED_DISCOUNTS_PATH}>Expired codes</Link> · <Link to="/how-we-test-codes">How we test codes</Link></p>
        </section>

        <FirmTimeline slug={firm.slug} name={firm.name} timeline={timeline} programs={programs.map((p) => p.name)} />

        <section aria-labelledby="posts-title">
          <h2 id="posts-title">Articles about {firm.name}</h2>
          {posts.length === 0 ? (
            <p className="firm-muted">No article about {firm.name} yet.</p>
          ) : (
            <ul className="firm-posts">
              {posts.map((p) => (
                <li key={p.slug}>
                  {p.category === 'review' && <span className="firm-post-kind">Our {firm.name} review: </span>}
                  <Link to={`/blog/${encodeURIComponent(p.slug)}`}>{p.title}</Link>
                  <small> {p.publishedAt.slice(0, 10)}</small>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** Where the pass rate of the true cost comes from, and (when it is ours) a plain GET form to choose another. */
function PassRateNote({ firm, assumed }: { firm: FirmProfileDto['firm']; assumed: number }) {
  return (
    <div className="card firm-pass-rate">
      <p>
        <strong>True cost</strong> is what getting funded costs on average: {TRUE_COST_FORMULA}.{' '}
        {firm.passRate !== null ? (
          <>
            {firm.name} publishes a pass rate of {firm.passRate} %
            {firm.passRateSourceUrl && <> (<a href={firm.passRateSourceUrl} rel="noopener noreferrer nofollow" target="_blank">source</a>{firm.passRateDate ? `, read ${firm.passRateDate}` : ''})</>}.
          </>
        ) : (
          <>{firm.name} publishes no pass rate, so we assume {assumed} %{assumed === ASSUMED_PASS_RATE ? ' (our default)' : ' (your choice)'}.</>
        )}
      </p>
      {firm.passRate === null && (
        <form method="get" action={`#programs-title`} className="firm-timeline-filter">
          <label htmlFor="pass-rate">Assume a pass rate of (%)</label>
          <input id="pass-rate" name="passRate" type="number" min="0.01" max="100" step="0.01" inputMode="decimal" defaultValue={assumed} key={assumed} />
          <button type="submit" className="button">Recalculate</button>
          <Link to={simulatorPathFor(firm.slug)}>or compute it from your results →</Link>
        </form>
      )}
    </div>
  );
}

function Program({ program: p, publishedPassRate, assumed }: { program: FirmProfileDto['programs'][number]; publishedPassRate: number | null; assumed: number }) {
  const facts: Array<[string, string]> = [
    ['Type', PROGRAM_TYPE_LABELS[p.type]],
    ['Profit target', p.profitTargets.length ? p.profitTargets.map((t, i) => `Phase ${i + 1}: ${pct(t)}`).join(', ') : 'None'],
    ['Daily loss', p.dailyLoss === null ? 'None' : pct(p.dailyLoss)],
    ['Max loss', `${pct(p.maxLoss)}, ${DRAWDOWN_TYPE_LABELS[p.drawdownType].toLowerCase()}${
      p.drawdownType !== 'static' && p.trailingStopsAtStart ? ', stops at the starting balance' : ''}`],
    ['Consistency rule', p.consistency === null ? 'None' : `Best day at most ${pct(p.consistency)} of the total profit`],
    ['Minimum trading days', String(p.minTradingDays)],
    ['Time limit', p.timeLimitDays === null ? 'None' : `${p.timeLimitDays} days`],
    ['Profit split', pct(p.profitSplit)],
    ['First payout', p.firstPayoutDays === null ? '\u2014' : `after ${p.firstPayoutDays} days`],
    ['Payout frequency', p.payoutFrequency ?? '\u2014'],
    ['Refundable fee', p.refundableFee ? 'Yes' : 'No'],
    ['Activation fee', p.activationFee === null ? 'None' : usd(p.activationFee)],
    ['Reset price', p.resetPrice === null ? '\u2014' : usd(p.resetPrice)],
  ];
  return (
    <article className="card firm-program" aria-labelledby={`program-${p.id}`}>
      <h3 id={`program-${p.id}`}>{p.name}</h3>
      <dl className="firm-facts firm-facts-compact">
        {facts.map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v}</dd></div>)}
      </dl>
      <table className="firm-table firm-sizes">
        <thead><tr><th scope="col">Account size</th><th scope="col">Price</th><th scope="col">After our code</th><th scope="col">True cost</th></tr></thead>
        <tbody>
          {p.sizes.map((s) => {
            // The server's figure is at our default; the reader's own assumption goes through the same function.
            const cost = trueCost({ feeAfterCode: s.priceAfterCode, resetPrice: p.resetPrice, activationFee: p.activationFee, publishedPassRate, assumedPassRate: assumed });
            return (
              <tr key={s.id}>
                <th scope="row">{usd(s.size)}</th>
                <td data-label="Price">{usd(s.price)}</td>
                <td data-label="After our code"><PriceAfterCode price={s.price} after={s.priceAfterCode} code={s.code} /></td>
                <td data-label="True cost" data-testid="true-cost">
                  <span>
                    <strong>{usd(cost.expectedCost)}</strong> <small>{cost.attempts} attempts at {passRateText(cost)}</small>
                    <small className="firm-working">{trueCostWorking(s.priceAfterCode, cost)}</small>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </article>
  );
}
