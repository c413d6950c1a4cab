/** Pieces the firm pages share: status and score marks, the copy button of a code, the disclosure. */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BestCodeDto } from '../../../../../common/firm-api-types.js';
import { FIRM_PAGE_TEXT, METHODOLOGY_PATH } from '../../../../../common/firm-pages.js';
import { FIRM_STATUS_LABELS, type FirmStatus, type RatingSource } from '../../../../../common/firms.js';
import { pct, usd } from '../../../../../common/firm-compare.js';
import { copyCode } from '../DiscountCard.js';
import { FinePrint } from '../../components/FinePrint.js';

export { pct, usd };

/** How long the copy button reads 'Copied!' (as on the discount cards). */
const COPIED_FEEDBACK_MS = 2000;

/** A firm that is not active says so wherever it appears. */
export function StatusBadge({ status }: { status: FirmStatus }) {
  if (status === 'active') return null;
  return <span className={`firm-status firm-status-${status}`}>{FIRM_STATUS_LABELS[status]}</span>;
}

/** The score, linking to the method that made it; an entered rating is marked as not (yet) the method's. */
export function ScoreLink({ rating, source }: { rating: number | null; source: RatingSource }) {
  // A plain link: a hundred router links per table page cost the server render more than they save.
  if (rating === null) return <a href={METHODOLOGY_PATH} className="firm-score firm-score-none">Not scored</a>;
  return (
    <a
      href={METHODOLOGY_PATH}
      className="firm-score"
      title={source === 'criteria' ? 'Weighted score of our published criteria' : 'Entered rating: not yet scored on every criterion'}
    >
      <span aria-hidden="true">&#9733;</span> {rating.toFixed(1)}<span className="visually-hidden"> out of 5</span>
      {source === 'entered' && <span className="firm-score-entered">*<span className="visually-hidden"> (entered rating, not yet scored on every criterion)</span></span>}
    </a>
  );
}

/** What a code takes off, as its badge says it. */
export function codeOff(code: BestCodeDto): string {
  if (code.kind === 'percentage' && code.discountPercentage !== null) return `${pct(code.discountPercentage)} off`;
  if (code.kind === 'amount' && code.discountAmount !== null) return `${usd(code.discountAmount)} off`;
  return 'no extra saving';
}

/** A code with its copy button (same toasts as the discount cards). */
export function CopyCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onCopy = async () => {
    if (await copyCode(code)) {
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    }
  };
  return (
    <span className="firm-code">
      <code>{code}</code>
      <button type="button" className="firm-copy" onClick={() => void onCopy()} aria-label={`Copy code ${code}`}>
        {copied ? 'Copied!' : 'Copy'}
      </button>
    </span>
  );
}

/** The price after our best code: the price, what the code takes off, the code and its copy button. */
export function PriceAfterCode({ price, after, code }: { price: number; after: number; code: BestCodeDto | null }) {
  if (!code) return <span className="firm-after firm-after-none">{usd(price)} <small>no code</small></span>;
  return (
    <span className="firm-after">
      <strong>{usd(after)}</strong> <small>{codeOff(code)}</small>
      <CopyCode code={code.code} />
      {code.affiliateLink && (
        <a className="firm-deal" href={`/go/${code.discountId}`} target="_blank" rel="sponsored noopener">
          Get deal<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
      <FinePrint terms={code} compact />
    </span>
  );
}

/** FTC: a short, clear disclosure above the first affiliate link of the page, linking to the full one. */
export function AffiliateDisclosure() {
  return (
    <p className="affiliate-note firm-disclosure" role="note">
      {FIRM_PAGE_TEXT.disclosure} <Link to={`${METHODOLOGY_PATH}#disclosure`}>Full disclosure</Link>
    </p>
  );
}
