import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { blogCategoryPath } from '../../../../../common/blog-categories.js';
import { BLOG_SIDEBAR_CATEGORIES, blogSearchPath } from '../../../../../common/blog-view.js';
import type { BlogCategory, NewsletterSource } from '../../../../../common/enums.js';
import { MSG } from '../../../../../common/messages.js';
import { NewsletterSignup } from '../../components/NewsletterSignup.js';

interface Props {
  /** The list the page shows ('all' for every post), marked as the current link. */
  current?: BlogCategory | 'all';
  /** The search text the page shows, so the box keeps it. */
  query?: string;
  source: NewsletterSource;
}

/** docs/spec.md §2 "Blog sidebar": search, category links, newsletter form. */
export function BlogSidebar({ current, query = '', source }: Props) {
  return (
    <aside className="blog-sidebar" aria-label="Blog sidebar">
      <BlogSearch initial={query} />
      <nav className="card sidebar-card" aria-labelledby="blog-categories-title">
        <h2 id="blog-categories-title" className="sidebar-title">Categories</h2>
        <ul className="category-links" role="list">
          <li>
            <Link to="/blog" aria-current={current === 'all' ? 'page' : undefined}>All posts</Link>
          </li>
          {BLOG_SIDEBAR_CATEGORIES.map(({ category, name }) => (
            <li key={category}>
              <Link to={blogCategoryPath(category)} aria-current={current === category ? 'page' : undefined}>{name}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <NewsletterSignup
        source={source}
        compact
        title="Get verified deals first"
        description="New verified discounts and honest reviews, straight to your inbox."
        invalidEmailMessage={MSG.newsletterEmailInvalidShort}
      />
    </aside>
  );
}

/** The search box: goes to /blog?q={text} when the text is not blank. */
function BlogSearch({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const inputId = useId();
  const [text, setText] = useState(initial);
  useEffect(() => setText(initial), [initial]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const path = blogSearchPath(text);
    if (path) navigate(path);
  };

  return (
    <form role="search" className="card sidebar-card blog-search" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="sidebar-title">Search the blog</label>
      <div className="blog-search-row">
        <input
          id={inputId}
          type="search"
          name="q"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search articles..."
          maxLength={200}
          autoComplete="off"
        />
        <button type="submit" className="button" aria-label="Search">
          <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
        </button>
      </div>
    </form>
  );
}
