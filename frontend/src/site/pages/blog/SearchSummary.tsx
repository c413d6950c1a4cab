import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { searchCountLabel, type BlogListFilter } from '../../../../../common/blog-view.js';
import { BLOG_LIST_PAGE_SIZE } from '../../../../../common/constants.js';
import { BLOG_TEXT } from '../../../../../common/messages.js';
import { blogListQuery } from '../../../lib/queries.js';

/**
 * Under a search's heading (issue #21): how many posts match ("1,000+" past the cap) and, when none do,
 * posts whose titles look like the text. Reads the list's own query (the same cache entry, no second fetch).
 */
export function SearchSummary({ page, filter }: { page: number; filter: BlogListFilter }) {
  const list = useQuery(blogListQuery(page, BLOG_LIST_PAGE_SIZE, filter));
  const search = list.data?.search;
  if (!filter.q || !search) return null;
  return (
    <>
      <p className="search-count">{searchCountLabel(search)}</p>
      {search.suggestions.length > 0 && (
        <p className="search-suggestions">
          {BLOG_TEXT.searchSuggestions}{' '}
          {search.suggestions.map((s, i) => (
            <span key={s.slug}>
              {i > 0 && ', '}
              <Link to={`/blog/${encodeURIComponent(s.slug)}`}>{s.title}</Link>
            </span>
          ))}
        </p>
      )}
    </>
  );
}
