import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  EXPIRED_DISCOUNTS_PATH, codeOfferJsonLd, codeSizePrices, discountPath, lastWorkedText, recordItemText, successFigureText,
  RECORD_TEXT, type CodeRecordDto,
} from '../../../../common/code-record.js';
import { dailySocialProof } from '../../../../common/discount-page.js';
import { firmPath } from '../../../../common/firm-pages.js';
import { PROOF_TEXT, isReportedNotWorking } from '../../../../common/proof.js';
import { sizeLabel, usdLabel } from '../../../../common/price-rule.js';
import { parsePage } from '../../../../common/seo/page-route.js';
import { formatShortUtcDate } from '../../../../common/utc-date.js';
import { ApiRequestError } from '../../lib/api.js';
import { discountPageQuery, discountRecordQuery } from '../../lib/queries.js';
import { useRenderTime } from '../../lib/render-time.js';
import { CodeBadge } from '../components/CodeBadge.js';
import { FinePrint } from '../components/FinePrint.js';
import { DiscountCard } from './DiscountCard.js';
import { NotFoundPage } from './NotFoundPage.js';
import './discounts.css';

const when = (iso: string) => formatShortUtcDate(new Date(iso));
const hourText = (iso: string) => `${when(iso)}, ${iso.slice(11, 16)} UTC`;

/** /discounts/<slug> (issue #30): one code, its prices, when it last worked, its public record and history. */
export function DiscountPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const page = parsePage(params.get('page')) ?? 1;
  const now = useRenderTime();
  const query = useQuery(discountPageQuery(slug));
  const id = query.data?.discount.id;
  const later = useQuery({ ...discountRecordQuery(id ?? 0, page), enabled: id !== undefined && page > 1 });

  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) return <NotFoundPage />;
    return <div className="container"><p role="alert" className="card deals-state">We could not load this code ({query.error.message}). Please try again in a moment.</p></div>;
  }
  if (!query.data) return <div className="container"><div className="card skeleton deal-skeleton" /><p className="visually-hidden" role="status">Loading…</p></div>;

  const { discount: d, ended, endedAt, listed, history } = query.data;
  const record: CodeRecordDto | undefined = page === 1 ? query.data.record : later.data;
  const demoted = isReportedNotWorking(d, now);
  const prices = ended ? [] : codeSizePrices(listed, d, now);
  const offer = codeOfferJsonLd(query.data, '', now);
  const first = query.data.record;

  return (
    <div className="discounts-page code-page">
      <div className="container">
        <nav aria-label="Breadcrumb" className="code-crumbs"><Link to="/discounts">Discounts</Link> › <Link to={firmPath(d.company.slug)}>{d.company.name}</Link></nav>
        <h1 className="code-title">{d.title}</h1>
        <div className="code-status">
          <CodeBadge figures={d} now={now} />
          {ended && <p className="pill pill-failing" role="note">Expired{endedAt ? ` on ${when(endedAt)}` : ''} — this code no longer works</p>}
          {!ended && demoted && <p className="pill pill-failing" role="note">{PROOF_TEXT.notWorking}</p>}
        </div>
        <ul className="code-figures" role="list" data-testid="code-figures">
          <li data-testid="last-worked">{lastWorkedText(first.lastWorkedAt, now)}</li>
          {!ended && <li data-testid="used-today">{RECORD_TEXT.usedToday(first.usedToday)}</li>}
          <li data-testid="success-figure">{successFigureText(first)}</li>
        </ul>

        {ended ? (
          <section className="card code-ended" aria-labelledby="ended-title">
            <h2 id="ended-title">{d.company.name}: what it gave</h2>
            {d.description && <p>{d.description}</p>}
            <FinePrint terms={d} />
            <p><Link to={EXPIRED_DISCOUNTS_PATH}>All expired codes</Link> · <Link to={firmPath(d.company.slug)}>{d.company.name}'s current codes</Link></p>
          </section>
        ) : (
          <div className="code-card"><h2 className="visually-hidden">The code</h2><DiscountCard discount={d} now={now} proof={dailySocialProof(d.id, now)} page /></div>
        )}

        {!ended && (
          <section aria-labelledby="sizes-title" className="code-section">
            <h2 id="sizes-title">Programs and sizes it applies to</h2>
            {prices.length === 0 ? (
              <p className="firm-muted">We have no listed size of {d.company.name} this code applies to.</p>
            ) : (
              // Focusable: a narrow screen scrolls it sideways, and a keyboard must be able to as well.
              <div className="table-scroll" tabIndex={0} role="region" aria-label="Prices with this code, by size">
                <table className="code-prices" data-testid="code-prices">
                  <thead><tr><th scope="col">Program</th><th scope="col">Account</th><th scope="col">Price</th><th scope="col">With the code</th></tr></thead>
                  <tbody>
                    {prices.map((p) => (
                      <tr key={`${p.program}-${p.size}`} data-program={p.program} data-size={p.size}>
                        <td>{p.program}</td><td>{sizeLabel(p.size)}</td><td><s>{usdLabel(p.price)}</s></td><td><strong data-testid="price-after-code">{usdLabel(p.priceAfterCode)}</strong></td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        )}

        <section aria-labelledby="record-title" className="code-section">
          <h2 id="record-title">Public record</h2>
          <p className="firm-muted">
            Every check by our team and every counted visitor answer, newest first. Visitors' answers are dated to the hour and say nothing
            about who gave them; one answer per network a day counts. <Link to={RECORD_TEXT.howWeTestPath}>How we test codes</Link>
          </p>
          {!record ? (
            <p role="status">Loading the record…</p>
          ) : record.items.length === 0 ? (
            <p>No checks or answers {page > 1 ? 'on this page' : 'yet'}.</p>
          ) : (
            <ol className="code-record" data-testid="code-record">
              {record.items.map((item, i) => (
                <li key={`${item.at}-${i}`} className={`record-${item.kind}${item.held ? ' record-held' : ''}`} data-kind={item.kind} data-held={item.held ? 'true' : undefined}>
                  <time dateTime={item.at}>{item.kind === 'check' ? hourText(item.at) : hourText(item.at)}</time>
                  <span className={item.worked ? 'record-worked' : 'record-failed'}>{recordItemText(item)}</span>
                  {item.note && <span className="record-note">{item.note}</span>}
                </li>
              ))}
            </ol>
          )}
          {record && record.pages > 1 && (
            <nav className="pagination" aria-label="Record pages">
              {page > 1 && <Link to={`${discountPath(d.slug)}${page > 2 ? `?page=${page - 1}` : ''}`} rel="prev">Newer</Link>}
              <span>Page {page} of {record.pages}</span>
              {page < record.pages && <Link to={`${discountPath(d.slug)}?page=${page + 1}`} rel="next">Older</Link>}
            </nav>
          )}
        </section>

        <section aria-labelledby="history-title" className="code-section">
          <h2 id="history-title">History of this code</h2>
          <ol className="code-history">
            {history.map((h, i) => <li key={i}><time dateTime={h.at}>{when(h.at)}</time> {h.text}</li>)}
          </ol>
        </section>
        {offer && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(offer).replace(/</g, '\\u003c') }} />}
      </div>
    </div>
  );
}
