import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { firmPath } from '../../../../../common/firm-pages.js';
import { blogCategoryLabel, blogCategoryPath } from '../../../../../common/blog-categories.js';
import { blogCategoryListName, blogTagPath, headingIds } from '../../../../../common/blog-view.js';
import { BLOG_RELATED_COUNT } from '../../../../../common/constants.js';
import { BLOG_TEXT } from '../../../../../common/messages.js';
import { blogPostQuery } from '../../../lib/queries.js';
import { useRenderTime } from '../../../lib/render-time.js';
import { useRobotsOverride } from '../../../lib/useRobotsOverride.js';
import { NewsletterSignup } from '../../components/NewsletterSignup.js';
import { PostCard, PostCardSkeleton, PublishedDate } from './PostCard.js';
import './blog.css';

/** /blog/{slug}: the post, its tags, a signup and 3 related articles (docs/spec.md §2). */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = useQuery(blogPostQuery(slug));
  const now = useRenderTime();
  // docs/spec.md §2: a post that is missing or failed to load is not indexed, whatever the server first said.
  useRobotsOverride(post.isError ? 'noindex' : null);

  if (post.isPending) return <PostSkeleton />;
  if (post.isError) return <PostNotFound />;

  const p = post.data;
  // Only an admin is ever sent an unpublished post (the server's draft preview).
  const preview = p.status !== 'published' || !p.publishedAt || p.publishedAt > now;
  return (
    <div className="blog-post-page">
      <article className="container blog-article">
        {preview && (
          <p className="post-preview-note" role="note">
            <strong>Preview</strong> &mdash; this post is not public yet ({p.status === 'published' ? 'scheduled' : p.status}); only
            admins can see this page.
          </p>
        )}
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <ol>
            <li><Link to="/blog">Blog</Link></li>
            <li><Link to={blogCategoryPath(p.category)}>{blogCategoryListName(p.category)}</Link></li>
          </ol>
        </nav>
        <header className="article-header">
          <Link className={`post-category cat-${p.category}`} to={blogCategoryPath(p.category)}>
            {blogCategoryLabel(p.category)}
          </Link>
          <h1>{p.title}</h1>
          <p className="post-meta">
            <PublishedDate value={p.publishedAt} />
            {p.authorName && (
              <>
                <span aria-hidden="true"> · </span>
                <span>By <span className="post-author">{p.authorName}</span></span>
              </>
            )}
          </p>
        </header>
        {p.featuredImageUrl && (
          <img className="article-image" src={p.featuredImageUrl} alt={p.title} decoding="async" />
        )}
        <PostContent html={p.content} />
        {p.firms.length > 0 && (
          <aside className="article-firms" aria-labelledby="article-firms-title">
            <h2 id="article-firms-title" className="article-firms-title">{p.firms.length === 1 ? 'The firm in this article' : 'The firms in this article'}</h2>
            <ul role="list">
              {p.firms.map((f) => (
                <li key={f.id}><Link to={firmPath(f.slug)}>{f.name}: profile, prices and codes</Link></li>
              ))}
            </ul>
          </aside>
        )}
        {p.tags.length > 0 && (
          <footer className="article-tags">
            <h2 className="visually-hidden">Tags</h2>
            <ul role="list" aria-label="Tags">
              {p.tags.map((tag) => (
                <li key={tag}><Link className="tag-link" to={blogTagPath(tag)}>#{tag}</Link></li>
              ))}
            </ul>
          </footer>
        )}
      </article>
      <div className="container article-signup">
        <NewsletterSignup
          source={`blog-post-${p.slug}`}
          title="Enjoyed this article?"
          description="Get verified prop firm discounts and our newest reviews and guides in your inbox."
        />
      </div>
      {p.related.length > 0 && (
        <section className="container related-posts" aria-labelledby="related-title">
          <h2 id="related-title">Related articles</h2>
          <ul className="post-grid compact" role="list">
            {p.related.slice(0, BLOG_RELATED_COUNT).map((r) => (
              <li key={r.id}><PostCard post={r} compact headingLevel={3} /></li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * The post's HTML (sanitised by the server when it was saved). Its headings get anchor ids
 * so a link such as /blog/{slug}#payout-speed lands on that section.
 */
function PostContent({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const headings = [...root.querySelectorAll<HTMLElement>('h2, h3, h4')].filter((h) => !h.id);
    const taken = [...document.querySelectorAll('[id]')].map((el) => el.id);
    headingIds(headings.map((h) => h.textContent ?? ''), taken).forEach((id, i) => (headings[i].id = id));
  }, [html]);
  // The one field rendered as HTML: sanitised by the server on write (docs/design.md §3 "Content safety").
  return <div ref={ref} className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}

function PostNotFound() {
  return (
    <section className="container section narrow center blog-not-found">
      <h1>{BLOG_TEXT.postNotFoundTitle}</h1>
      <p>{BLOG_TEXT.postNotFoundText}</p>
      <Link className="button" to="/blog">{BLOG_TEXT.backToBlog}</Link>
    </section>
  );
}

function PostSkeleton() {
  return (
    <div className="blog-post-page" aria-busy="true" aria-label="Loading post">
      <div className="container blog-article">
        <span className="skeleton-line short" />
        <span className="skeleton-line title" />
        <span className="skeleton-line title medium" />
        <span className="skeleton-line short" />
        <div className="prose-skeleton">
          {Array.from({ length: 8 }, (_, i) => <span key={i} className={`skeleton-line${i % 4 === 3 ? ' medium' : ''}`} />)}
        </div>
      </div>
      <div className="container related-posts">
        <div className="post-grid compact">
          {Array.from({ length: BLOG_RELATED_COUNT }, (_, i) => <PostCardSkeleton key={i} compact />)}
        </div>
      </div>
    </div>
  );
}
