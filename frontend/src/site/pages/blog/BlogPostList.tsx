import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { blogEmptyText, pageHref, type BlogListFilter } from '../../../../../common/blog-view.js';
import { BLOG_LIST_PAGE_SIZE } from '../../../../../common/constants.js';
import { BLOG_TEXT } from '../../../../../common/messages.js';
import { blogListQuery } from '../../../lib/queries.js';
import { PostCard, PostCardSkeleton } from './PostCard.js';

export type BlogListLayout = 'grid' | 'compact';

interface Props {
  page: number;
  filter: BlogListFilter;
  layout?: BlogListLayout;
  limit?: number;
}

const SKELETONS: Record<BlogListLayout, number> = { grid: 9, compact: 3 };

/**
 * One page of published posts (docs/spec.md §2 "Blog list"): cards, skeletons while loading, the empty
 * and error messages, and Previous / Next links that move through ?page={n}.
 */
export function BlogPostList({ page, filter, layout = 'grid', limit = BLOG_LIST_PAGE_SIZE }: Props) {
  const list = useQuery(blogListQuery(page, limit, filter));

  if (list.isPending) {
    return (
      <div className={`post-grid ${layout}`} aria-busy="true" aria-label="Loading posts">
        {Array.from({ length: SKELETONS[layout] }, (_, i) => <PostCardSkeleton key={i} compact={layout === 'compact'} />)}
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className="blog-state card" role="alert">
        <h2>{BLOG_TEXT.errorTitle}</h2>
        <p>{BLOG_TEXT.errorText}</p>
      </div>
    );
  }

  const { posts, pagination } = list.data;
  const empty = blogEmptyText(page, pagination.totalPages, filter);
  return (
    <>
      {posts.length === 0 ? (
        <div className="blog-state card" role="status">
          <h2>{BLOG_TEXT.emptyTitle}</h2>
          <p>{empty.text}</p>
          {empty.allPosts && <Link className="button" to="/blog">{BLOG_TEXT.allPosts}</Link>}
        </div>
      ) : (
        <ul className={`post-grid ${layout}`} role="list">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} compact={layout === 'compact'} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} totalPages={pagination.totalPages} showCount={layout !== 'compact'} />
    </>
  );
}

function Pagination({ page, totalPages, showCount }: { page: number; totalPages: number; showCount: boolean }) {
  const { pathname, search } = useLocation();
  if (totalPages <= 1 && page <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < totalPages;
  // Past the last page (an old link), Previous leads back to the last page that has posts.
  const previousPage = Math.min(page - 1, totalPages);
  return (
    <nav className="pagination" aria-label="Pagination">
      {hasPrevious ? (
        <Link className="button pager-link" to={pageHref(pathname, search, previousPage)} rel="prev">
          <span aria-hidden="true">&larr;</span> {BLOG_TEXT.previous}
        </Link>
      ) : (
        <span className="button pager-link" aria-disabled="true">
          <span aria-hidden="true">&larr;</span> {BLOG_TEXT.previous}
        </span>
      )}
      {showCount && totalPages > 1 && <p className="pagination-count">{BLOG_TEXT.pageOf(page, totalPages)}</p>}
      {hasNext ? (
        <Link className="button pager-link" to={pageHref(pathname, search, page + 1)} rel="next">
          {BLOG_TEXT.next} <span aria-hidden="true">&rarr;</span>
        </Link>
      ) : (
        <span className="button pager-link" aria-disabled="true">
          {BLOG_TEXT.next} <span aria-hidden="true">&rarr;</span>
        </span>
      )}
    </nav>
  );
}
