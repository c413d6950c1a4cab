import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { firmPath } from '../../../../common/firm-pages.js';
import { matchRoute } from '../../../../common/seo/page-route.js';
import {
  SEARCH_MAX_LENGTH, SEARCH_TEXT, SEARCH_TYPE_LABELS, SEARCH_TYPES, searchHref, type SearchResult, type SearchType,
} from '../../../../common/search.js';
import { companiesQuery, searchResultsQuery } from '../../lib/queries.js';
import './search.css';

/** The kinds in the order of their best result on this page (the ranking puts the likeliest kind first). */
function groups(results: SearchResult[]): Array<[SearchType, SearchResult[]]> {
  const byKind = new Map<SearchType, SearchResult[]>();
  for (const r of results) byKind.set(r.type, [...(byKind.get(r.type) ?? []), r]);
  return [...byKind.entries()];
}

function ResultList({ results }: { results: SearchResult[] }) {
  return (
    <ol className="search-results" role="list">
      {results.map((r) => (
        <li key={`${r.type}-${r.id}`} className="card search-result" data-type={r.type}>
          <h3><Link to={r.url}>{r.title}</Link></h3>
          {/* The API escapes the text itself; <mark> around the matched words is its only markup. */}
          {r.snippet && <p className="search-snippet" dangerouslySetInnerHTML={{ __html: r.snippet }} />}
        </li>
      ))}
    </ol>
  );
}

/** /search?q=&type=&page= (issue #29): results grouped by kind with counts, tabs per kind, firms to try when nothing matched. */
export function SearchPage() {
  const [params] = useSearchParams();
  const route = matchRoute('/search', params);
  const { q, type, page, error } = route.kind === 'search' ? route : { q: '', type: undefined, page: 1, error: undefined };
  const results = useQuery({ ...searchResultsQuery(q, type, page), enabled: q !== '' && !error });
  const firms = useQuery(companiesQuery());
  const data = results.data;
  const empty = !error && (q === '' || (data && data.total === 0));

  return (
    <div className="search-page container">
      <h1 id="search-title">{q ? <>{SEARCH_TEXT.pageTitle}: <q>{q}</q></> : SEARCH_TEXT.pageTitle}</h1>
      <form className="search-form" role="search" action="/search" method="get" aria-labelledby="search-title">
        <label htmlFor="search-page-q">{SEARCH_TEXT.label}</label>
        <div className="search-form-row">
          <input id="search-page-q" name="q" type="search" defaultValue={q} key={q} maxLength={SEARCH_MAX_LENGTH} placeholder={SEARCH_TEXT.placeholder} />
          {type && <input type="hidden" name="type" value={type} />}
          <button type="submit" className="btn btn-primary">{SEARCH_TEXT.submit}</button>
        </div>
      </form>

      {error && <p role="alert" className="card search-state">{error}</p>}
      {q === '' && !error && <p className="search-state">{SEARCH_TEXT.emptyPrompt}</p>}
      {results.isError && <p role="alert" className="card search-state">We could not search just now ({results.error.message}).</p>}
      {q !== '' && !error && !data && !results.isError && <p role="status">Searching…</p>}

      {data && data.didYouMean && (
        <p className="search-did-you-mean">
          {SEARCH_TEXT.didYouMean} <Link to={searchHref(data.didYouMean, type)}>{data.didYouMean}</Link>?
        </p>
      )}

      {data && q !== '' && (
        <nav className="search-tabs" aria-label="Kinds of result">
          <Link to={searchHref(q)} aria-current={!type ? 'page' : undefined}>
            All <span className="search-count">{data.counts.firm + data.counts.discount + data.counts.post}</span>
          </Link>
          {SEARCH_TYPES.map((kind) => (
            <Link key={kind} to={searchHref(q, kind)} aria-current={type === kind ? 'page' : undefined}>
              {SEARCH_TYPE_LABELS[kind]} <span className="search-count">{data.counts[kind]}</span>
            </Link>
          ))}
        </nav>
      )}

      {data && data.total > 0 && (
        type ? <ResultList results={data.results} /> : groups(data.results).map(([kind, list]) => (
          <section key={kind} className="search-group" aria-labelledby={`search-group-${kind}`}>
            <h2 id={`search-group-${kind}`}>
              {SEARCH_TYPE_LABELS[kind]} <span className="search-count">({data.counts[kind]})</span>
            </h2>
            <ResultList results={list} />
            {data.counts[kind] > list.length && <p><Link to={searchHref(q, kind)}>All {data.counts[kind]} {SEARCH_TYPE_LABELS[kind].toLowerCase()}</Link></p>}
          </section>
        ))
      )}

      {empty && (
        <section className="search-empty" aria-labelledby="search-empty-title">
          {q !== '' && <p className="search-state">{SEARCH_TEXT.noResults(q)}</p>}
          <h2 id="search-empty-title">{SEARCH_TEXT.tryFirms}</h2>
          <ul className="search-firms" role="list">
            {(firms.data ?? []).filter((f) => f.status !== 'closed').slice(0, 8).map((f) => (
              <li key={f.id}><Link to={firmPath(f.slug)}>{f.name}</Link></li>
            ))}
          </ul>
        </section>
      )}

      {data && data.totalPages > 1 && (
        <nav className="pagination" aria-label="Result pages">
          {page > 1 && <Link to={searchHref(q, type, page - 1)} rel="prev">Previous</Link>}
          <span>Page {page} of {data.totalPages}</span>
          {page < data.totalPages && <Link to={searchHref(q, type, page + 1)} rel="next">Next</Link>}
        </nav>
      )}
    </div>
  );
}
