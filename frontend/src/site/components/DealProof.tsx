import { useState } from 'react';
import type { PublicDiscountDto } from '../../../../common/api-types.js';
import { offerJsonLd } from '../../../../common/code-record.js';
import { PROOF_TEXT, proofTexts, reportThanks, type ReportAnswer } from '../../../../common/proof.js';
import { apiPost } from '../../lib/api.js';
import { CodeBadge } from './CodeBadge.js';
import './deal-proof.css';

/**
 * A card's proof (issue #11): when the code was last verified, the visitors' success rate once there are enough
 * reports, 'Reported not working' when it fails — and a schema.org Offer where the data makes one honest.
 */
export function DealProofLine({ discount: d, now, offer: withOffer = true }: { discount: PublicDiscountDto; now: Date; offer?: boolean }) {
  const texts = proofTexts(d, now);
  // A relative url: the same markup on the server and in the browser (the page's address resolves it).
  const offer = withOffer ? offerJsonLd(d, '', now) : null;
  return (
    <div className="deal-proof" data-testid="deal-proof">
      <CodeBadge figures={d} now={now} />
      {texts.notWorking && <p className="pill pill-failing" role="note">{PROOF_TEXT.notWorking}</p>}
      <p className="deal-proof-line">
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z" />
        </svg>
        {d.lastVerifiedAt ? <time dateTime={d.lastVerifiedAt} className="deal-verified">{texts.verified}</time> : <span className="deal-verified">{texts.verified}</span>}
      </p>
      {texts.success && <p className="deal-success">{texts.success}</p>}
      {offer && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(offer).replace(/</g, '\\u003c') }} />}
    </div>
  );
}

/** 'Did this code work?' — shown only after the visitor copied the code or followed the deal. One answer per card. */
export function ReportPrompt({ discountId }: { discountId: number }) {
  const [state, setState] = useState<'ask' | 'sending' | ReportAnswer | 'failed'>('ask');
  const answer = async (worked: boolean) => {
    setState('sending');
    try {
      setState(await apiPost<ReportAnswer>(`/_api/discounts/${discountId}/reports`, { worked }));
    } catch {
      setState('failed');
    }
  };
  // The thank-you says what the server did: counted, already counted today, or held with a burst.
  if (typeof state === 'object') return <p className="deal-report deal-report-done" role="status">{reportThanks(state)}</p>;
  return (
    <div className="deal-report" role="group" aria-label={PROOF_TEXT.question}>
      <span>{PROOF_TEXT.question}</span>
      <button type="button" className="deal-report-yes" disabled={state === 'sending'} onClick={() => void answer(true)}>{PROOF_TEXT.yes}</button>
      <button type="button" className="deal-report-no" disabled={state === 'sending'} onClick={() => void answer(false)}>{PROOF_TEXT.no}</button>
      {state === 'failed' && <span role="alert" className="deal-report-error">Your answer was not sent. Please try again.</span>}
    </div>
  );
}
