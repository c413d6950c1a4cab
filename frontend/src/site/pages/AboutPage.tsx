import { Link } from 'react-router-dom';
import { SITE_FOUNDING_YEAR, SITE_NAME } from '../../../../common/constants.js';
import { CLAIMS, GUARANTEE_PATH, PAYOUT_GUARANTEE } from '../../../../common/marketing.js';
import { LazyNewsletterSignup } from '../components/LazyNewsletterSignup.js';
import { CodeChecks } from '../components/CodeChecks.js';
import './about.css';

const STEPS = [
  {
    title: 'We buy the challenge with our own money',
    text: 'No press accounts, no free evaluations. We sign up like any trader would, through the public checkout, so we see the real price, the real terms and the real onboarding.',
  },
  {
    title: 'We trade it to the published rules',
    text: 'A member of the team trades the evaluation to the letter of the rulebook, logging every rule that is vague, changed or enforced differently from how it is written.',
  },
  {
    title: 'We request a payout and time it',
    text: 'A firm is not verified until it has paid us. We record how long the payout took, which documents were asked for and whether anything was deducted along the way.',
  },
  {
    title: 'We test support and read the fine print',
    text: 'We open support tickets with awkward questions, read the terms line by line and check who owns the firm and which broker and platform it really uses.',
  },
  {
    title: 'We keep checking',
    text: 'Discount codes are rechecked at checkout every week. Each partner is re-tested every quarter, and a firm that delays payouts or rewrites its rules mid-account loses its badge.',
  },
];

const VALUES = [
  { title: 'Traders first', text: 'Every decision starts with one question: would we send a friend to this firm with this code?' },
  { title: 'Proof over promises', text: 'A firm earns a place on our list with a payout in our account, not with a marketing budget.' },
  { title: 'Honest about money', text: 'We tell you how we get paid, and we never let a commission change a rating or a ranking.' },
  { title: 'Plain English', text: 'Drawdown rules, consistency clauses and payout terms explained without the small print tricks.' },
];

/** docs/spec.md §2 /about: founder story, verification process, values, trust disclosure, newsletter signup. */
export function AboutPage() {
  return (
    <div className="about">
      <section className="hero" aria-labelledby="about-title">
        <div className="container">
          <p className="eyebrow">About {SITE_NAME}</p>
          <h1 id="about-title">Traders who test prop firms, so you don&rsquo;t have to</h1>
          <p className="lead">
            Since {SITE_FOUNDING_YEAR} we have bought, traded and cashed out challenges at funding firms, so traders can
            choose one with verified discounts, honest reviews and payout protection.
          </p>
          <ul className="about-stats">
            <li><strong>{CLAIMS.protectedTraders}</strong> protected traders</li>
            <li><strong>{CLAIMS.savedAmount}</strong> saved</li>
            <li><strong>{CLAIMS.verifiedPartners}</strong> verified partners</li>
            <li><strong>{CLAIMS.rating}</strong> rating</li>
          </ul>
        </div>
      </section>

      <section className="container section about-story" id="story" aria-labelledby="story-title">
        <div>
          <h2 id="story-title">Our story</h2>
          <p>
            In 2022 Marcus Reed, a futures trader of eleven years, passed a two-step evaluation, traded the funded
            account for six weeks and asked for his first payout. The firm found a rule that had not been in the terms
            when he signed up, closed the account and kept the profit split. His forum post about it filled up with
            traders who had the same story, and with just as many who had lost money on discount codes that never worked.
          </p>
          <p>
            In {SITE_FOUNDING_YEAR} he started {SITE_NAME} with a simple rule: we only recommend a firm after it has paid
            us. Sofia Alvarez joined to run the testing desk, Daniel Cho to check every code and contract, and Priya Nair
            to write the guides that help traders pass. Today the team has taken evaluations at dozens of firms; the{' '}
            {CLAIMS.verifiedPartners} that passed are the only ones we list.
          </p>
          <p>
            The site is funded by affiliate commissions, which is why we are open about them below. The commission pays
            for the challenges we buy; it has never decided which firm gets verified.
          </p>
        </div>
        <aside className="card founder-card" aria-label="Founder">
          <span className="founder-avatar" aria-hidden="true">MR</span>
          <p className="founder-name">Marcus Reed</p>
          <p className="muted">Founder, futures trader since 2011</p>
          <blockquote>&ldquo;If a firm won&rsquo;t pay us, we won&rsquo;t send it a single trader.&rdquo;</blockquote>
        </aside>
      </section>

      <section className="container section" id="verification" aria-labelledby="verification-title">
        <h2 id="verification-title">How we verify a firm</h2>
        <p className="section-intro">Five steps, repeated for every partner. A firm that fails any of them is not listed, whatever it offers to pay us.</p>
        <ol className="steps">
          {STEPS.map((s) => (
            <li key={s.title} className="card step">
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
        <CodeChecks />
      </section>

      <section className="container section" id="values" aria-labelledby="values-title">
        <h2 id="values-title">What we stand for</h2>
        <ul className="values">
          {VALUES.map((v) => (
            <li key={v.title} className="card">
              <h3>{v.title}</h3>
              <p>{v.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" id="trust" aria-labelledby="trust-title">
        <h2 id="trust-title">Trust and transparency</h2>
        <div className="trust-grid">
          <div className="card">
            <h3>How we make money</h3>
            <p>
              Some links on this site are affiliate links: when you buy a challenge through them we may earn a commission
              from qualifying purchases, at no extra cost to you. Usually the firm pays it from the discount it gives you.
            </p>
            <p>
              Commissions never buy a verified badge, a rating or a position on our pages. Firms cannot pay to be listed,
              and we have turned down firms offering higher commissions because they failed our payout test.
            </p>
          </div>
          <div className="card trust-guarantee">
            <h3>Our payout guarantee</h3>
            <p><strong>{PAYOUT_GUARANTEE}</strong></p>
            <p>
              It covers every firm carrying our verified badge when you bought through our link, as long as you traded
              within the firm&rsquo;s published rules. Send us your account statements and the firm&rsquo;s refusal; we
              answer every claim within 5 business days, take the case up with the firm, and if it still refuses a
              legitimate payout we pay it ourselves and remove the firm from our list.
            </p>
            <p><Link to={GUARANTEE_PATH}>The guarantee&rsquo;s full terms, how to claim and every claim so far</Link></p>
          </div>
        </div>
      </section>

      <section className="container section about-cta" aria-label="Newsletter">
        <LazyNewsletterSignup
          source="about-page-cta"
          title="Get our verified deals and firm test results"
          description="New codes, payout reports and rule changes from the testing desk, once a week. Unsubscribe with one click."
        />
        <p className="about-cta-links">
          Ready to save? <Link to="/discounts">Browse verified discounts</Link> or <Link to="/blog">read our reviews and guides</Link>.
        </p>
      </section>
    </div>
  );
}
