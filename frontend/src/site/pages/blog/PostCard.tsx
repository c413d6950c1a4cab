import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { BlogPostCardDto } from '../../../../../common/api-types.js';
import { blogCategoryLabel } from '../../../../../common/blog-categories.js';
import { formatPublishedDate } from '../../../../../common/blog-view.js';
import type { BlogCategory } from '../../../../../common/enums.js';

interface Props {
  post: BlogPostCardDto;
  /** Smaller card for the related articles under a post. */
  compact?: boolean;
  /** Heading level of the title: h2 on list pages, h3 under a section heading. */
  headingLevel?: 2 | 3;
}

/**
 * A blog card (docs/spec.md §2 "Blog list"): featured image, capitalised category, title, excerpt,
 * published date, author, and a link to /blog/{slug} that covers the whole card.
 */
export function PostCard({ post, compact = false, headingLevel = 2 }: Props) {
  const Heading = `h${headingLevel}` as const;
  const href = `/blog/${encodeURIComponent(post.slug)}`;
  return (
    <article className={`post-card${compact ? ' compact' : ''}`}>
      <div className="post-card-media">
        {post.featuredImageUrl ? (
          <img src={post.featuredImageUrl} alt="" loading="lazy" decoding="async" />
        ) : (
          <PostImagePlaceholder category={post.category} />
        )}
      </div>
      <div className="post-card-body">
        <p className={`post-category cat-${post.category}`}>{blogCategoryLabel(post.category)}</p>
        <Heading className="post-card-title">
          <Link to={href} className="post-card-link">{post.title}</Link>
        </Heading>
        {post.excerpt && <p className="post-card-excerpt">{post.excerpt}</p>}
        <p className="post-meta">
          <PublishedDate value={post.publishedAt} />
          {post.authorName && (
            <>
              <span aria-hidden="true"> · </span>
              <span className="post-author">{post.authorName}</span>
            </>
          )}
        </p>
      </div>
    </article>
  );
}

export function PublishedDate({ value }: { value: Date | null }) {
  const text = formatPublishedDate(value);
  const iso = value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : undefined;
  return iso ? <time dateTime={iso}>{text}</time> : <span>{text}</span>;
}

/** Shown when a post has no featured image: a quiet, category-tinted panel with an icon. */
export function PostImagePlaceholder({ category }: { category: BlogCategory }) {
  return (
    <div className={`post-image-placeholder cat-${category}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="44" height="44" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
        {ICONS[category]}
      </svg>
    </div>
  );
}

const ICONS: Record<BlogCategory, ReactNode> = {
  // A newspaper.
  news: (
    <>
      <path d="M4 5h13v14H6a2 2 0 0 1-2-2V5Z" />
      <path d="M17 9h3v8a2 2 0 0 1-2 2h-1" />
      <path d="M7 9h7M7 12h7M7 15h4" />
    </>
  ),
  // An open book.
  guide: (
    <>
      <path d="M3 5.5C5.5 4 9 4 12 6c3-2 6.5-2 9-.5V19c-2.5-1.5-6-1.5-9 .5-3-2-6.5-2-9-.5V5.5Z" />
      <path d="M12 6v13.5" />
    </>
  ),
  // A shield with a check mark: tested and verified.
  review: (
    <>
      <path d="M12 3 5 6v5c0 4.5 3 8 7 10 4-2 7-5.5 7-10V6l-7-3Z" />
      <path d="m9 12 2 2 4-4" />
    </>
  ),
  // A rising chart.
  general: (
    <>
      <path d="M4 19h16" />
      <path d="m5 15 4-4 3 3 6-7" />
      <path d="M15 7h3v3" />
    </>
  ),
};

/** Grey stand-in while posts load (docs/spec.md §2: 9 in the grid, 3 in the compact layout). */
export function PostCardSkeleton({ compact = false }: { compact?: boolean }) {
  return (
    <div className={`post-card skeleton-card${compact ? ' compact' : ''}`} aria-hidden="true">
      <div className="post-card-media skeleton-block" />
      <div className="post-card-body">
        <span className="skeleton-line short" />
        <span className="skeleton-line" />
        <span className="skeleton-line" />
        <span className="skeleton-line medium" />
      </div>
    </div>
  );
}
