import { useQuery } from '@tanstack/react-query';
import { useMemo, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { COMPARE_MAX, COMPARE_MESSAGE, parseCompareFirms } from '../../../../../common/firms.js';
import { compareRows } from '../../../../../common/firm-compare.js';
import { FIRM_PAGE_TEXT, METHODOLOGY_PATH, comparePath, firmPath } from '../../../../../common/firm-pages.js';
import { companiesQuery, compareQuery } from '../../../lib/queries.js';
import { ApiRequestError } from '../../../lib/api.js';
import { NotFoundPage } from '../NotFoundPage.js';
import { StatusBadge } from './firm-ui.js';
import './firms.css';

/** The slugs a visitor picked: `firms=a,b,c` or, from the plain form, `firms=a&firms=b&firms=c`. */
export function compareSlugsFromParams(params: URLSearchParams): string[] | null {
  return parseCompareFirms(params.getAll('firms').join(','));
}

/** /firms/compare?firms=a,b,c (issue #10): two or three firms, every fact on one row, the better value marked. */
export function ComparePage() {
  const [params] = useSearchParams();
  const slugs = useMemo(() => compareSlugsFromParams(params), [params]);
  const compare = useQuery({ ...compareQuery(slugs ?? []), enabled: slugs !== null });

  if (compare.error instanceof ApiRequestError && compare.error.status === 404) return <NotFoundPage />;
  const firms = compare.data?.firms;
  const rows = firms ? compareRows(firms) : [];
  const picked = slugs ?? params.getAll('firms').join(',').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);

  return (
    <div className="firms-page compare-page">
      <section className="hero firms-hero" aria-labelledby="compare-title">
        <div className="container">
          <p className="eyebrow"><Link to="/firms">Firms</Link></p>
          <h1 id="compare-title">{firms ? FIRM_PAGE_TEXT.compare.title(firms.map((f) => f.firm.name)) : FIRM_PAGE_TEXT.compare.titleInvalid}</h1>
          <p className="lead">
            Every fact on one row; the cheaper or better value is marked <span className="compare-best-mark">Best</span>. Scores follow our{' '}
            <Link to={METHODOLOGY_PATH}>published methodology</Link>.
          </p>
        </div>
      </section>
      <div className="container">
        <CompareChooser picked={picked} />
        {slugs === null && <p className="card firms-state" role="alert">{COMPARE_MESSAGE}</p>}
        {compare.isPending && slugs !== null && <div className="card skeleton firms-skeleton" role="status"><span className="visually-hidden">Loading…</span></div>}
        {compare.isError && (
          <div className="card firms-state" role="alert">
            <h2>We could not load the comparison</h2>
            <p>{compare.error.message}</p>
          </div>
        )}
        {firms && (
          <>
            <div className="compare-scroll">
              <table className="compare-table">
                <caption className="visually-hidden">Side-by-side comparison</caption>
                <thead>
                  <tr>
                    <td />
                    {firms.map((f) => (
                      <th scope="col" key={f.firm.slug}>
                        <Link to={firmPath(f.firm.slug)}>{f.firm.name}</Link> <StatusBadge status={f.firm.status} />
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.key} data-row={r.key}>
                      <th scope="row">
                        {r.key === 'score' || r.key.startsWith('criterion:') ? <Link to={METHODOLOGY_PATH}>{r.label}</Link> : r.label}
                      </th>
                      {r.values.map((v, i) => (
                        <td key={i} className={r.best.includes(i) ? 'compare-best' : undefined} data-label={firms[i]!.firm.name}>
                          {v}
                          {r.best.includes(i) && <span className="compare-best-mark">Best</span>}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

/** Picks 2–3 firms: a plain GET form (works without JavaScript); with it, goes to the canonical URL. */
function CompareChooser({ picked }: { picked: string[] }) {
  const companies = useQuery(companiesQuery());
  const navigate = useNavigate();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const chosen = new FormData(e.currentTarget).getAll('firms').map(String).filter(Boolean);
    const slugs = parseCompareFirms(chosen.join(','));
    if (!slugs) return; // the plain submit shows the page's message
    e.preventDefault();
    void navigate(comparePath(slugs));
  };
  const options = companies.data ?? [];
  return (
    <form className="card firms-filters compare-chooser" method="get" action="/firms/compare" onSubmit={onSubmit} aria-label="Choose firms to compare">
      {Array.from({ length: COMPARE_MAX }, (_, i) => (
        <label className="firms-field" key={`${i}-${picked[i] ?? ''}`}>
          <span>Firm {i + 1}{i === COMPARE_MAX - 1 ? ' (optional)' : ''}</span>
          <select name="firms" defaultValue={picked[i] ?? ''}>
            <option value="">Choose a firm</option>
            {options.map((c) => <option key={c.slug} value={c.slug}>{c.name}</option>)}
          </select>
        </label>
      ))}
      <div className="firms-actions"><button type="submit" className="button">Compare</button></div>
    </form>
  );
}
