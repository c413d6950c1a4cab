import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { EXPIRED_TEXT } from '../../../../common/code-record-text.js';
import { EXPIRED_DISCOUNTS_PATH, discountPath, lastWorkedText, successFigureText } from '../../../../common/code-record.js';
import { formatPercentage } from '../../../../common/discount-page.js';
import { firmPath } from '../../../../common/firm-pages.js';
import { parsePage } from '../../../../common/seo/page-route.js';
import { formatShortUtcDate } from '../../../../common/utc-date.js';
import { expiredDiscountsQuery } from '../../lib/queries.js';
import { useRenderTime } from '../../lib/render-time.js';
import { NotFoundPage } from './NotFoundPage.js';
import './discounts.css';

/** /discounts/expired (issue #30): every expired or withdrawn code, the newest ended first, with its final record. */
export function ExpiredDiscountsPage() {
  const [params] = useSearchParams();
  const page = parsePage(params.get('page')) ?? 1;
  const now = useRenderTime();
  const query = useQuery(expiredDiscountsQuery(page));
  const data = query.data;
  if (data && page > data.pages) return <NotFoundPage />;

  return (
    <div className="discounts-page expired-page">
      <section className="hero discounts-hero" aria-labelledby="expired-title">
        <div className="container">
          <p className="eyebrow">The archive</p>
          <h1 id="expired-title">{EXPIRED_TEXT.heading}</h1>
          <p className="lead">{EXPIRED_TEXT.description} <Link to="/discounts">See the codes that work today</Link>.</p>
        </div>
      </section>
      <div className="container">
        {query.isError && <p role="alert" className="card deals-state">We could not load the archive ({query.error.message}).</p>}
        {!data && !query.isError && <p role="status">Loading the archive…</p>}
        {data && data.items.length === 0 && <p className="card deals-state">No code has expired yet.</p>}
        {data && data.items.length > 0 && (
          <ul className="expired-list" role="list">
            {data.items.map(({ discount: d, endedAt, ...record }) => (
              <li key={d.id} className="card expired-item" data-discount-id={d.id}>
                <h2><Link to={discountPath(d.slug)}>{d.title}</Link></h2>
                <p className="expired-firm"><Link to={firmPath(d.company.slug)}>{d.company.name}</Link></p>
                <dl className="expired-facts">
                  <div><dt>It gave</dt><dd>{d.discountPercentage !== null ? `${formatPercentage(d.discountPercentage)}% off` : d.discountAmount !== null ? `$${d.discountAmount} off` : 'A deal through our link'}</dd></div>
                  <div><dt>Ended</dt><dd>{endedAt ? formatShortUtcDate(new Date(endedAt)) : 'Withdrawn'}</dd></div>
                  <div><dt>Final record</dt><dd>{lastWorkedText(record.lastWorkedAt, now)} · {successFigureText(record)}</dd></div>
                </dl>
              </li>
            ))}
          </ul>
        )}
        {data && data.pages > 1 && (
          <nav className="pagination" aria-label="Archive pages">
            {page > 1 && <Link to={`${EXPIRED_DISCOUNTS_PATH}${page > 2 ? `?page=${page - 1}` : ''}`} rel="prev">Newer</Link>}
            <span>Page {page} of {data.pages}</span>
            {page < data.pages && <Link to={`${EXPIRED_DISCOUNTS_PATH}?page=${page + 1}`} rel="next">Older</Link>}
          </nav>
        )}
      </div>
    </div>
  );
}
