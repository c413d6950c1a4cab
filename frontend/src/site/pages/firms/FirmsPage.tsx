import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { FirmRowDto } from '../../../../../common/firm-api-types.js';
import { FIRM_PAGE_TEXT, METHODOLOGY_PATH, firmPath } from '../../../../../common/firm-pages.js';
import {
  DEFAULT_FIRM_STATUSES, FIRM_STATUSES,
  AFFILIATE_STATUS_LABELS, ASSET_CLASSES, DEFAULT_ORDER, DEFAULT_SORT, DRAWDOWN_TYPES, DRAWDOWN_TYPE_LABELS, FIRM_SORTS,
  PLATFORMS, PROGRAM_TYPES, PROGRAM_TYPE_LABELS, firmsQueryString, parseFirmsQuery, type FirmSort, type FirmsQuery,
} from '../../../../../common/firms.js';
import { PAYOUT_TEXT, payoutCell } from '../../../../../common/payouts.js';
import { ASSUMED_PASS_RATE, TRUE_COST_FORMULA, passRateText } from '../../../../../common/true-cost.js';
import { firmsQuery } from '../../../lib/firm-queries.js';
import { useRobotsOverride } from '../../../lib/useRobotsOverride.js';
import { FollowButton, FollowIntentStatus } from './FollowButton.js';
import { AffiliateDisclosure, PriceAfterCode, ScoreLink, StatusBadge, pct, usd } from './firm-ui.js';
import './firms.css';

/** Account sizes offered in the size filter (any other size works by URL). */
const SIZE_CHOICES = [5000, 10000, 25000, 50000, 100000, 200000];
const SORT_LABELS: Record<FirmSort, string> = {
  score: 'Score', price: 'Price', priceAfterCode: 'Price after code', profitSplit: 'Profit split', maxLoss: 'Max loss',
  payouts: PAYOUT_TEXT.column,
  trueCost: 'True cost',
};
const STATUS_CHOICES = [
  { value: '', label: 'Firms selling accounts' },
  { value: 'all', label: 'All, incl. paused and closed' },
  { value: 'under-watch', label: 'Under watch only' },
  { value: 'paused', label: 'Payouts paused only' },
  { value: 'closed', label: 'Closed only' },
];
const DEFAULT_QUERY: FirmsQuery = {
  size: null, type: null, platform: null, asset: null, drawdown: null, maxPrice: null, status: [...DEFAULT_FIRM_STATUSES], sort: DEFAULT_SORT,
  order: DEFAULT_ORDER[DEFAULT_SORT], page: 1, passRate: null,
};

/**
 * /firms (issue #10): the comparison table, one row per program and account size. The filters are a
 * plain GET form (it works with JavaScript off: the server renders the filtered table); with
 * JavaScript the form navigates in the page to the canonical URL, so reloads and shared links keep it.
 */
export function FirmsPage() {
  const [params] = useSearchParams();
  const parsed = useMemo(() => parseFirmsQuery(params, { ignoreUnknown: true }), [params]);
  const query = parsed.ok ? parsed.query : DEFAULT_QUERY;
  const list = useQuery({ ...firmsQuery(query), enabled: parsed.ok, placeholderData: keepPreviousData });
  useRobotsOverride(list.isError ? 'noindex' : null);
  const navigate = useNavigate();

  const apply = (formElement: HTMLFormElement, live: boolean) => {
    const form = new URLSearchParams(new FormData(formElement) as unknown as Record<string, string>);
    const next = parseFirmsQuery(form, { ignoreUnknown: true });
    // While typing, a value that is not valid yet changes nothing; a submitted one gets the page's message.
    if (live && !next.ok) return;
    // A valid form goes to its canonical URL (no empty `size=`); a wrong one is left to the page's message.
    const search = next.ok ? firmsQueryString({ ...next.query, page: 1 }) : form.toString();
    void navigate(`/firms${search ? `?${search}` : ''}`, { replace: live });
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    apply(e.currentTarget, false);
  };
  // With JavaScript the table follows each choice at once (the Apply button stays for the no-script form). Typed
  // amounts apply on Enter or Apply: the inputs are keyed by the URL, so applying each keystroke would take the focus.
  const onChange = (e: FormEvent<HTMLFormElement>) => {
    if (e.target instanceof HTMLSelectElement) apply(e.currentTarget, true);
  };

  const statusValue = query.status.length === FIRM_STATUSES.length ? 'all' : query.status.length === 1 && query.status[0] !== 'active' ? query.status[0] : '';
  const data = list.data;
  const pageLink = (page: number) => `/firms?${firmsQueryString({ ...query, page })}`.replace(/\?$/, '');
  const sortLink = (sort: FirmSort) => {
    const order = query.sort === sort ? (query.order === 'asc' ? 'desc' : 'asc') : DEFAULT_ORDER[sort];
    const qs = firmsQueryString({ ...query, sort, order, page: 1 });
    return `/firms${qs ? `?${qs}` : ''}`;
  };
  const ariaSort = (sort: FirmSort) => (query.sort === sort ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined);
  const SortHeader = ({ sort, children }: { sort: FirmSort; children: string }) => (
    <th scope="col" aria-sort={ariaSort(sort)}>
      <Link to={sortLink(sort)} className="firms-sort" aria-label={`${children}: sort`}>
        {children}
        {query.sort === sort && <span aria-hidden="true"> {query.order === 'asc' ? '\u25B2' : '\u25BC'}</span>}
      </Link>
    </th>
  );

  return (
    <div className="firms-page">
      <section className="hero firms-hero" aria-labelledby="firms-title">
        <div className="container">
          <p className="eyebrow">Tested. Verified. Compared.</p>
          <h1 id="firms-title">{FIRM_PAGE_TEXT.firms.heading}</h1>
          <p className="lead">
            Every program and account size of the firms we test, with the price after our best verified code. Scores follow our{' '}
            <Link to={METHODOLOGY_PATH}>published methodology</Link>; affiliate status never changes a score or an order.
          </p>
        </div>
      </section>

      <div className="container">
        <FollowIntentStatus nameOf={(id) => data?.rows.find((r) => r.firm.id === id)?.firm.name} />
        <form className="firms-filters card" method="get" action="/firms" onSubmit={onSubmit} onChange={onChange} aria-label="Filter and sort firms">
          <Select name="size" label="Account size" value={query.size === null ? '' : String(query.size)}
            options={[{ value: '', label: 'Any size' }, ...withCurrent(SIZE_CHOICES, query.size).map((s) => ({ value: String(s), label: usd(s) }))]} />
          <Select name="type" label="Program type" value={query.type ?? ''}
            options={[{ value: '', label: 'Any type' }, ...PROGRAM_TYPES.map((t) => ({ value: t, label: PROGRAM_TYPE_LABELS[t] }))]} />
          <Select name="platform" label="Platform" value={query.platform ?? ''}
            options={[{ value: '', label: 'Any platform' }, ...PLATFORMS.map((p) => ({ value: p, label: p === 'other' ? 'Other' : p }))]} />
          <Select name="asset" label="Asset class" value={query.asset ?? ''}
            options={[{ value: '', label: 'Any asset' }, ...ASSET_CLASSES.map((a) => ({ value: a, label: a[0]!.toUpperCase() + a.slice(1) }))]} />
          <Select name="drawdown" label="Drawdown" value={query.drawdown ?? ''}
            options={[{ value: '', label: 'Any drawdown' }, ...DRAWDOWN_TYPES.map((d) => ({ value: d, label: DRAWDOWN_TYPE_LABELS[d] }))]} />
          <label className="firms-field">
            <span>Max price after code ($)</span>
            <input name="maxPrice" type="number" min="0" step="0.01" inputMode="decimal" defaultValue={query.maxPrice ?? ''} key={`max-${query.maxPrice}`} />
          </label>
          <label className="firms-field">
            <span>Pass rate if not published (%)</span>
            <input name="passRate" type="number" min="0.01" max="100" step="0.01" inputMode="decimal" placeholder={String(ASSUMED_PASS_RATE)}
              defaultValue={query.passRate ?? ''} key={`pass-${query.passRate}`} aria-describedby="true-cost-formula" />
          </label>
          <Select name="status" label="Firms shown" value={statusValue} options={STATUS_CHOICES} />
          <Select name="sort" label="Sort by" value={query.sort} options={FIRM_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))} />
          <Select name="order" label="Order" value={query.order}
            options={[{ value: 'asc', label: 'Ascending' }, { value: 'desc', label: 'Descending' }]} />
          <div className="firms-actions">
            <button type="submit" className="button">Apply</button>
            <Link to="/firms" className="firms-reset">Reset</Link>
          </div>
        </form>

        {!parsed.ok && (
          <div className="card firms-state" role="alert">
            <h2>{FIRM_PAGE_TEXT.firms.invalid}</h2>
            <ul>
              {Object.entries(parsed.errors).map(([name, message]) => <li key={name}>{message}</li>)}
            </ul>
            <p><Link to="/firms">Show the whole table</Link></p>
          </div>
        )}

        {parsed.ok && (
          <section className="firms-results" aria-labelledby="firms-results-title" aria-busy={list.isFetching}>
            <h2 id="firms-results-title" className="firms-count" aria-live="polite">
              {data ? `${data.total.toLocaleString('en-US')} ${data.total === 1 ? 'account' : 'accounts'}` : 'Accounts'}
              {data && data.totalPages > 1 && <small> &middot; page {data.page} of {data.totalPages}</small>}
            </h2>
            <AffiliateDisclosure />
            <p className="firms-formula" id="true-cost-formula">
              <strong>True cost</strong>: {TRUE_COST_FORMULA}. A firm&apos;s published pass rate is used when it has one; otherwise we
              assume {query.passRate ?? ASSUMED_PASS_RATE} %{query.passRate === null ? ' (our default; change it above)' : ' (your choice)'}.
            </p>

            {list.isPending && <div className="card skeleton firms-skeleton" role="status"><span className="visually-hidden">Loading the table…</span></div>}
            {list.isError && (
              <div className="card firms-state" role="alert">
                <h2>We could not load the table</h2>
                <p>{list.error.message}</p>
                <button type="button" className="button" onClick={() => void list.refetch()}>Try again</button>
              </div>
            )}
            {data && data.rows.length === 0 && (
              <div className="card firms-state">
                <h2>No account matches these filters</h2>
                <p><Link to="/firms">Show the whole table</Link></p>
              </div>
            )}
            {data && data.rows.length > 0 && (
              <table className="firms-table">
                <caption className="visually-hidden">Prop firm programs and account sizes</caption>
                <thead>
                  <tr>
                    <th scope="col">Firm and program</th>
                    <th scope="col">Size</th>
                    <SortHeader sort="price">Price</SortHeader>
                    <SortHeader sort="priceAfterCode">After our code</SortHeader>
                    <th scope="col">Profit target</th>
                    <SortHeader sort="maxLoss">Daily / max loss</SortHeader>
                    <th scope="col">Min days</th>
                    <SortHeader sort="profitSplit">Split</SortHeader>
                    <th scope="col">Payout frequency</th>
                    <SortHeader sort="payouts">{PAYOUT_TEXT.column}</SortHeader>
                    <th scope="col">Platforms</th>
                    <SortHeader sort="trueCost">True cost</SortHeader>
                    <SortHeader sort="score">Score</SortHeader>
                    <th scope="col">Affiliate</th>
                  </tr>
                </thead>
                <tbody>
                  {/* One Follow button per firm on the page: on its first row (a firm has a row per program and size). */}
                  {data.rows.map((row, i) => (
                    <FirmRow key={`${row.program.id}-${row.size}`} row={row} follow={data.rows.findIndex((r) => r.firm.id === row.firm.id) === i} />
                  ))}
                </tbody>
              </table>
            )}
            {data && data.totalPages > 1 && (
              <nav className="firms-pages" aria-label="Pages">
                {data.page > 1 && <Link to={pageLink(data.page - 1)} rel="prev">Previous page</Link>}
                {data.page < data.totalPages && <Link to={pageLink(data.page + 1)} rel="next">Next page</Link>}
              </nav>
            )}
          </section>
        )}
      </div>
    </div>
  );
}

function FirmRow({ row, follow }: { row: FirmRowDto; follow: boolean }) {
  const { firm, program: p } = row;
  const targets = p.profitTargets.length ? p.profitTargets.map(pct).join(' / ') : 'None';
  return (
    <tr className={firm.status === 'active' ? undefined : `firm-row-${firm.status}`} data-firm={firm.slug}>
      <th scope="row" className="firms-firm">
        <Link to={firmPath(firm.slug)}>{firm.name}</Link> <StatusBadge status={firm.status} />
        <span className="firms-program">{p.name} &middot; {PROGRAM_TYPE_LABELS[p.type]}</span>
        {follow && <FollowButton companyId={firm.id} name={firm.name} compact />}
      </th>
      <td data-label="Size">{usd(row.size)}</td>
      <td data-label="Price">{usd(row.price)}</td>
      <td data-label="After our code" data-testid="price-after-code"><PriceAfterCode price={row.price} after={row.priceAfterCode} code={row.code} /></td>
      <td data-label="Profit target">{targets}</td>
      <td data-label="Daily / max loss">
        {/* One element per cell: the phone layout is a grid of label and value. */}
        <span>{p.dailyLoss === null ? 'No daily' : pct(p.dailyLoss)} / {pct(p.maxLoss)} <small>{DRAWDOWN_TYPE_LABELS[p.drawdownType].toLowerCase()}</small></span>
      </td>
      <td data-label="Min days">{p.minTradingDays}</td>
      <td data-label="Split">{pct(p.profitSplit)}</td>
      <td data-label="Payout frequency">{p.payoutFrequency ?? '\u2014'}</td>
      <td data-label={PAYOUT_TEXT.column} data-testid="payouts-180">{payoutCell(firm.payouts)}</td>
      <td data-label="Platforms">{firm.platforms.join(', ') || '\u2014'}</td>
      <td data-label="True cost" data-testid="true-cost">
        <span>{usd(row.trueCost.expectedCost)} <small>{row.trueCost.attempts} attempts at {passRateText(row.trueCost)}</small></span>
      </td>
      <td data-label="Score"><span><ScoreLink rating={firm.rating} source={firm.ratingSource} /></span></td>
      <td data-label="Affiliate">{AFFILIATE_STATUS_LABELS[firm.affiliateStatus]}</td>
    </tr>
  );
}

function withCurrent(choices: number[], current: number | null): number[] {
  return current === null || choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b);
}

function Select({ name, label, value, options }: { name: string; label: string; value: string; options: Array<{ value: string; label: string }> }) {
  return (
    <label className="firms-field">
      <span>{label}</span>
      {/* Keyed by value so a navigation (back button, a sort link) shows the URL's choice. */}
      <select name={name} defaultValue={value} key={`${name}-${value}`}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </label>
  );
}
