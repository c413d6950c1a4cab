import { isValid, parseISO } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { toaster } from '../../lib/toaster.js';
import { firmPath } from '../../../../common/firm-pages.js';
import { discountPath } from '../../../../common/code-record.js';
import type { PublicDiscountDto } from '../../../../common/api-types.js';
import { discountUrgencyInfo, type SocialProof } from '../../../../common/discount-page.js';
import { discountBadge } from '../../../../common/discount-rules.js';
import { TOAST } from '../../../../common/messages.js';
import { formatShortUtcDate } from '../../../../common/utc-date.js';
import { DealProofLine, ReportPrompt } from '../components/DealProof.js';
import { FirmLogo } from '../components/FirmLogo.js';
import { FinePrint } from '../components/FinePrint.js';
import { FollowButton } from './firms/FollowButton.js';
import { priceExampleTexts } from '../../../../common/price-rule.js';
import { FirmStatusNote } from '../components/FirmStatusNote.js';
import { isPromoted, isTopChoice } from '../../../../common/firms.js';

/** How long the copy button reads 'Copied!' after a successful copy. */
const COPIED_FEEDBACK_MS = 2000;

interface Props {
  discount: PublicDiscountDto;
  now: Date;
  proof: SocialProof;
  /** The firm's Follow button (on /discounts; the firm's own profile has one of its own). */
  follow?: boolean;
  /** On the code's own page: the title is no link, and the page states the Offer itself. */
  page?: boolean;
}

/** Copies `code` with the Clipboard API and says so (docs/spec.md §2 "Code copy" toasts). */
export async function copyCode(code: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(code);
    void toaster().then((toast) => toast.success(TOAST.codeCopied, { description: TOAST.codeCopiedDescription(code) }));
    return true;
  } catch {
    // No clipboard (insecure page, old browser) or permission refused.
    void toaster().then((toast) => toast.error(TOAST.codeCopyFailed, { description: TOAST.codeCopyFailedDescription }));
    return false;
  }
}

function shortDate(value: string | null): string | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? formatShortUtcDate(date) : null;
}


/** One deal on /discounts (docs/spec.md §2, §4, §9). */
export function DiscountCard({ discount: d, now, proof, follow = false, page = false }: Props) {
  const [copied, setCopied] = useState(false);
  // 'Did this code work?' only once the visitor has used the deal: copied its code or followed its link.
  const [used, setUsed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const company = d.company;
  // One rule for the badge and the order (common/firms.ts): a closed firm is never the '#1 CHOICE'.
  const topChoice = isTopChoice(company);
  const comingSoon = d.status === 'coming_soon';
  const urgency = discountUrgencyInfo(d.validUntil, now);
  const validUntil = shortDate(d.validUntil);
  const startsOn = comingSoon ? shortDate(d.validFrom) : null;
  const titleId = `deal-${d.id}-title`;
  // The one price rule (common/price-rule.ts): the firm's cheapest listed size the code applies to.
  const prices = priceExampleTexts(comingSoon ? null : d.priceExample);

  const onCopy = async () => {
    if (!d.discountCode) return;
    if (await copyCode(d.discountCode)) {
      setCopied(true);
      setUsed(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    }
  };

  return (
    <article
      className={`card deal-card${topChoice ? ' featured' : ''}${comingSoon ? ' coming-soon' : ''}${isPromoted(company) ? '' : ' not-promoted'}`}
      aria-labelledby={titleId}
      id={`deal-${d.id}`}
      data-discount-id={d.id}
    >
      {topChoice && <span className="badge deal-choice">#1 CHOICE</span>}

      <div className="deal-head">
        <FirmLogo company={company} size={44} className="deal-logo" />
        <p className="deal-company"><Link to={firmPath(company.slug)}>{company.name}</Link></p>
        <span className="deal-badge">{discountBadge(d)}</span>
      </div>

      {(comingSoon || urgency || proof.trending) && (
        <ul className="deal-flags" role="list">
          {comingSoon && <li className="pill pill-soon">Coming soon</li>}
          {urgency && (
            <li className={`pill pill-${urgency.urgency}`} data-urgency={urgency.urgency}>
              <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 10.4 3.3 3.3-1.4 1.4L11 13.2V6h2v6.4Z" />
              </svg>
              {urgency.label}
            </li>
          )}
          {proof.trending && (
            <li className="pill pill-trending">
              <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="m16 6 2.3 2.3-4.9 4.9-4-4L2 16.6 3.4 18l6-6 4 4 6.3-6.3L22 12V6h-6Z" />
              </svg>
              Trending
            </li>
          )}
        </ul>
      )}

      <FirmStatusNote firm={company} variant="card" />

      <h3 id={titleId} className="deal-title">{page ? d.title : <Link to={discountPath(d.slug)}>{d.title}</Link>}</h3>
      {d.description && <p className="deal-desc">{d.description}</p>}
      {prices && (
        <p className="deal-prices" data-testid="deal-prices">
          <s><span className="visually-hidden">Was </span>{prices.was}</s>{' '}
          <strong><span className="visually-hidden">now </span>{prices.now}</strong>
          <span className="deal-price-size">{prices.account}</span>
        </p>
      )}
      {d.discountCode && <FinePrint terms={d} />}

      <div className="deal-actions">
        {comingSoon ? (
          <p className="deal-code-box deal-code-soon">
            {startsOn ? `Code revealed when the deal starts on ${startsOn}` : 'Code revealed when the deal goes live'}
          </p>
        ) : d.discountCode ? (
          <div className="deal-code-box">
            <span className="visually-hidden">Discount code: </span>
            <code className="deal-code">{d.discountCode}</code>
            <button type="button" className="deal-copy" onClick={() => void onCopy()} aria-label={`Copy code ${d.discountCode}`}>
              {copied ? 'Copied!' : 'Copy code'}
            </button>
          </div>
        ) : (
          <p className="deal-code-box deal-code-none">No code needed: the deal applies through our link</p>
        )}
        {d.affiliateLink && (
          <a className="button deal-link" href={`/go/${d.id}`} target="_blank" rel="sponsored noopener" onClick={() => !comingSoon && setUsed(true)}>
            {comingSoon ? 'Preview Deal' : 'Get Deal'}
            <span className="visually-hidden"> at {company.name} (opens in a new tab)</span>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M14 3h7v7h-2V6.4l-9.3 9.3-1.4-1.4L17.6 5H14V3ZM5 5h6v2H5v12h12v-6h2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z" />
            </svg>
          </a>
        )}
      </div>

      {used && <ReportPrompt discountId={d.id} />}

      <DealProofLine discount={d} now={now} offer={!page} />

      <div className="deal-meta">
        <span className="deal-used">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm0 2c-2.3 0-7 1.2-7 3.5V19h14v-2.5C15 14.2 10.3 13 8 13Zm8 0h-1c1.2.8 2 2 2 3.5V19h6v-2.5c0-2.3-4.7-3.5-7-3.5Z" />
          </svg>
          {comingSoon ? `${proof.tradersUsed} traders waiting for this deal` : `${proof.tradersUsed} traders used this deal`}
        </span>
        <span className="deal-valid">{validUntil ? `Valid until ${validUntil}` : 'No expiry date'}</span>
      </div>

      {follow && <div className="deal-follow"><FollowButton companyId={company.id} name={company.name} compact /></div>}

      {d.termsAndConditions && (
        <details className="deal-terms">
          <summary>Terms and conditions</summary>
          <p>{d.termsAndConditions}</p>
        </details>
      )}
    </article>
  );
}
