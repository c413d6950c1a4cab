import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { CAROUSEL_VISIBLE } from '../../../../common/carousel.js';
import { SITE_NAME } from '../../../../common/constants.js';
import { HERO_COUNTERS } from '../../../../common/count-up.js';
import { CLAIMS, NEWSLETTER_BANNER, GUARANTEE_PATH, PAYOUT_GUARANTEE } from '../../../../common/marketing.js';
import { companiesQuery } from '../../lib/queries.js';
import { FloatingActions } from '../components/FloatingActions.js';
import { HeroCounter } from '../components/HeroCounter.js';
import { Icon, type IconName } from '../components/Icon.js';
import { LazyNewsletterSignup } from '../components/LazyNewsletterSignup.js';
import { PartnersCarousel } from '../components/PartnersCarousel.js';
import { FIRM_PAGE_TEXT } from '../../../../common/firm-pages.js';
import { SocialLinks } from '../components/SocialLinks.js';
import { TrustBar } from '../components/TrustBar.js';
import { useSplashPhase } from '../hooks/useBootSplash.js';
import { useCounterStep } from '../hooks/useCountUp.js';
import { useIsLikelyBot, useReducedMotion } from '../hooks/useMediaQuery.js';
import './home.css';

const FEATURES: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'search',
    title: 'Every firm tested with real money',
    text: 'We buy the challenge, trade it, pass it and request a payout before a firm earns our verified badge. Firms that stall or change rules mid-account are dropped.',
  },
  {
    icon: 'tag',
    title: `Codes checked, up to ${CLAIMS.maxDiscountPercent}% off`,
    text: 'Each discount code is tried at a real checkout before it is listed, and rechecked every week. Expired codes come down the day they stop working.',
  },
  {
    icon: 'shield',
    title: 'Payout protection',
    text: PAYOUT_GUARANTEE + ' No other discount site puts its own money behind its list.',
  },
  {
    icon: 'scale',
    title: 'Honest reviews, clearly disclosed',
    text: 'We earn a commission when you buy through our links. It pays for the testing; it never buys a rating or a place on this page.',
  },
  {
    icon: 'target',
    title: `${CLAIMS.firstTimeFundingSuccessPercent}% first-time funding success`,
    text: 'Our step-by-step challenge guides and rule checklists are written by funded traders; members who follow them report passing on their first attempt.',
  },
  {
    icon: 'mail',
    title: 'New deals every week',
    text: `Fresh verified deals land ${NEWSLETTER_BANNER.schedule}, straight to your inbox before they sell out.`,
  },
];

const WITHOUT = [
  'Paying full price for every challenge',
  'Guessing which firms really pay out',
  'Promo codes that expired months ago',
  'Rule changes buried in the fine print',
  'On your own when a payout is refused',
];
const WITH = [
  `Up to ${CLAIMS.maxDiscountPercent}% off with verified codes`,
  'Only firms we have tested and been paid by',
  'Every code checked before it is listed',
  'Rules and changes summarised in plain English',
  'Our payout guarantee behind every verified firm',
];

const TESTIMONIALS = [
  {
    quote: 'The code took 40% off my challenge and worked first time. The rule breakdown is what actually got me funded: I knew exactly where the daily drawdown sat.',
    name: 'Jason M.',
    role: 'Funded forex trader',
  },
  {
    quote: 'A firm stalled my payout for three weeks. I sent the team my statements and they chased it until the money landed. That is why I only buy through this site now.',
    name: 'Amira K.',
    role: 'Futures trader',
  },
  {
    quote: 'I stopped trusting discount sites after two dead codes in a row. Every code I have used here has worked, and the reviews say what the firms will not.',
    name: 'Lukas B.',
    role: 'Swing trader, funded since 2024',
  },
];

const GUARANTEE_TERMS = [
  'You traded within the firm\u2019s published rules.',
  'The firm carried our verified badge when you bought through our link.',
  'You send us your statements and the firm\u2019s refusal; we answer every claim within 5 business days.',
];

export function HomePage() {
  const splashPhase = useSplashPhase();
  const reducedMotion = useReducedMotion();
  const companies = useQuery(companiesQuery());
  const bot = useIsLikelyBot();
  // The counters climb once the splash gets out of the way (at once when there is none).
  const step = useCounterStep(splashPhase === 'fading' || splashPhase === 'hidden', reducedMotion || bot);

  return (
    <div className="home">
      <section className="hero home-hero" aria-labelledby="home-title">
        <div className="container home-hero-grid">
          <div>
          <p className="eyebrow">Tested. Verified. Protected.</p>
          <h1 id="home-title">We test prop firms so you don&rsquo;t have to</h1>
          <p className="lead">
            Verified discounts, honest reviews and payout protection for traders choosing a funding firm. Save up to{' '}
            {CLAIMS.maxDiscountPercent}% on challenges from firms we have traded with and been paid by.
          </p>
          <div className="hero-actions">
            <Link className="button" to="/discounts">Browse verified discounts</Link>
            <Link className="button button-ghost" to="/about#verification">How we verify firms</Link>
          </div>
          <dl className="hero-stats">
            <HeroCounter spec={HERO_COUNTERS.protectedTraders} step={step} label="Protected traders" />
            <HeroCounter spec={HERO_COUNTERS.savedMillions} step={step} prefix="$" suffix="M" label="Saved by traders" />
            <HeroCounter spec={HERO_COUNTERS.verifiedPartners} step={step} label="Verified partners" />
          </dl>
          <ul className="hero-claims">
            <li><strong>Up to {CLAIMS.maxDiscountPercent}% off</strong> challenges</li>
            <li><strong>{CLAIMS.firstTimeFundingSuccessPercent}%</strong> first-time funding success</li>
            <li><strong>{CLAIMS.rating}</strong> rating from traders</li>
          </ul>
          </div>
          {/* A part of the hero, not a landmark of its own (an <aside> inside the hero's region is axe's
              landmark-complementary-is-top-level). */}
          <div className="card hero-panel">
            <span className="hero-panel-icon"><Icon name="shield" size={32} /></span>
            <p className="eyebrow">Payout guarantee</p>
            <p className="hero-panel-lead">{PAYOUT_GUARANTEE}</p>
            <ul className="hero-panel-list">
              <li><Icon name="check" size={18} /> {CLAIMS.verifiedPartners} firms verified with real payouts</li>
              <li><Icon name="check" size={18} /> Every code rechecked weekly</li>
              <li><Icon name="check" size={18} /> New deals {NEWSLETTER_BANNER.schedule}</li>
            </ul>
            <Link to="#payout-guarantee">How the guarantee works &rarr;</Link>
          </div>
        </div>
      </section>

      <section className="container section" aria-labelledby="partners-title">
        <div className="section-head">
          <h2 id="partners-title">Our verified partner firms</h2>
          <p>{CLAIMS.verifiedPartners} firms that passed our tests, paid us out and keep their rules in writing.</p>
        </div>
        {/* FTC: the disclosure sits above the first affiliate link of the page (the carousel's). */}
        <p className="affiliate-note">{FIRM_PAGE_TEXT.disclosure} <Link to="/methodology#disclosure">Full disclosure</Link></p>
        {companies.isPending && (
          <div className="partners-skeleton" aria-busy="true" aria-label="Loading partner firms">
            {Array.from({ length: CAROUSEL_VISIBLE }, (_, i) => <div key={i} className="card skeleton" />)}
          </div>
        )}
        {companies.isError && <p role="alert" className="error">Unable to load firms: {companies.error.message}</p>}
        {companies.data && companies.data.length > 0 && <PartnersCarousel companies={companies.data} label="Verified partner firms" />}
        {companies.data && companies.data.length === 0 && <p className="muted">Our partner list is being updated. Check back soon.</p>}
        <p className="section-link">
          <Link to="/discounts">See every verified discount &rarr;</Link> <Link to="/firms">Compare every firm &rarr;</Link>
        </p>
      </section>

      <section className="container section" aria-labelledby="features-title">
        <div className="section-head">
          <h2 id="features-title">Why traders use {SITE_NAME}</h2>
          <p>We do the checking a trader has no time for, and we put our own money behind it.</p>
        </div>
        <ul className="feature-grid">
          {FEATURES.map((f) => (
            <li key={f.title} className="card feature">
              <span className="feature-icon"><Icon name={f.icon} /></span>
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" aria-labelledby="compare-title">
        <div className="section-head">
          <h2 id="compare-title">Choosing a prop firm, with and without us</h2>
        </div>
        <div className="compare">
          <div className="card compare-col compare-without">
            <h3>Without {SITE_NAME}</h3>
            <ul>
              {WITHOUT.map((t) => <li key={t}><span className="compare-mark" aria-hidden="true">&#10007;</span>{t}</li>)}
            </ul>
          </div>
          <div className="card compare-col compare-with">
            <h3>With {SITE_NAME}</h3>
            <ul>
              {WITH.map((t) => <li key={t}><span className="compare-mark" aria-hidden="true">&#10003;</span>{t}</li>)}
            </ul>
          </div>
        </div>
      </section>

      <section className="container section" aria-labelledby="testimonials-title">
        <div className="section-head">
          <h2 id="testimonials-title">What funded traders say</h2>
          <p>Rated <strong>{CLAIMS.rating}</strong> by the traders who use our codes and guides.</p>
        </div>
        <ul className="testimonial-grid">
          {TESTIMONIALS.map((t) => (
            <li key={t.name} className="card testimonial">
              <figure>
                <p className="stars" role="img" aria-label="5 out of 5 stars"><span aria-hidden="true">&#9733;&#9733;&#9733;&#9733;&#9733;</span></p>
                <blockquote><p>&ldquo;{t.quote}&rdquo;</p></blockquote>
                <figcaption>
                  <span className="avatar" aria-hidden="true">{t.name.slice(0, 1)}</span>
                  <span><strong>{t.name}</strong><br /><span className="muted">{t.role}</span></span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" id="payout-guarantee" aria-labelledby="guarantee-title">
        <div className="card guarantee">
          <span className="guarantee-icon"><Icon name="shield" size={44} /></span>
          <div>
            <p className="eyebrow">Payout guarantee</p>
            <h2 id="guarantee-title">{PAYOUT_GUARANTEE}</h2>
            <p className="muted">It applies to every firm on our verified list when:</p>
            <ul className="guarantee-terms">
              {GUARANTEE_TERMS.map((t) => <li key={t}>{t}</li>)}
            </ul>
            <Link to={GUARANTEE_PATH}>How the guarantee works &rarr;</Link>
          </div>
        </div>
      </section>

      <section className="container section" id="newsletter" aria-labelledby="newsletter-banner-title">
        <div className="newsletter-banner">
          <p id="newsletter-banner-title" className="newsletter-banner-title">
            <Icon name="flame" size={18} className="newsletter-banner-icon" /> Only <strong>{NEWSLETTER_BANNER.codesLeft} codes left</strong> {NEWSLETTER_BANNER.codesLeftPeriod}
          </p>
          <p className="newsletter-banner-text">New deals drop {NEWSLETTER_BANNER.schedule}. Subscribers hear first.</p>
        </div>
        <LazyNewsletterSignup
          source="homepage"
          title="Get verified deals first"
          description="Exclusive codes, payout alerts and firm rule changes in your inbox. No spam; unsubscribe with one click."
        />
      </section>

      <div className="container section">
        <SocialLinks title={`Join ${CLAIMS.protectedTraders} protected traders`} text="Deal alerts, firm tests on video and a community of funded traders." />
      </div>

      <TrustBar />
      <FloatingActions />
    </div>
  );
}
