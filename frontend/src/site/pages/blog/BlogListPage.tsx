import { useSearchParams } from 'react-router-dom';
import type { BlogCategory, NewsletterSource } from '../../../../../common/enums.js';
import { blogListFilter, type BlogListFilter } from '../../../../../common/blog-view.js';
import { PAGE_TEXT } from '../../../../../common/messages.js';
import { parsePage } from '../../../../../common/seo/page-route.js';
import { NotFoundPage } from '../NotFoundPage.js';
import { BlogPostList } from './BlogPostList.js';
import { BlogSidebar } from './BlogSidebar.js';
import { SearchSummary } from './SearchSummary.js';
import './blog.css';

interface Props {
  /** Set on the category routes (/blog/news, /blog/guides, /blog/reviews). */
  category?: Exclude<BlogCategory, 'general'>;
}

const SIDEBAR_SOURCE: Record<Exclude<BlogCategory, 'general'>, NewsletterSource> = {
  news: 'blog-news-sidebar',
  guide: 'blog-guides-sidebar',
  review: 'blog-reviews-sidebar',
};

/** /blog (?page, ?tag, ?q, ?category) and the category lists (docs/spec.md §2, docs/design.md §7). */
export function BlogListPage({ category: routeCategory }: Props) {
  const [params] = useSearchParams();
  const page = parsePage(params.get('page'));
  const filter = blogListFilter(params, routeCategory);
  const { title, lead } = heading(filter);
  // ?page=abc, 0, -1, 2.5: no such page (the server answers 404 with this same page, and no list).
  if (page === undefined) return <NotFoundPage />;

  return (
    <>
      <section className="blog-hero">
        <div className="container">
          <p className="eyebrow">Blog</p>
          <h1>{title}</h1>
          <p className="lead">{lead}</p>
          <SearchSummary page={page} filter={filter} />
        </div>
      </section>
      <div className="container blog-layout">
        <div className="blog-main">
          <BlogPostList page={page} filter={filter} />
        </div>
        <BlogSidebar
          current={filter.category ?? (filter.tag || filter.q ? undefined : 'all')}
          query={filter.q}
          source={routeCategory ? SIDEBAR_SOURCE[routeCategory] : 'blog-sidebar'}
        />
      </div>
    </>
  );
}

/** The page heading follows what the list shows, in the same words as its <title>. */
function heading(filter: BlogListFilter): { title: string; lead: string } {
  if (filter.q) return { title: PAGE_TEXT.search.title(filter.q), lead: PAGE_TEXT.search.description(filter.q) };
  if (filter.tag) return { title: PAGE_TEXT.tag.title(filter.tag), lead: PAGE_TEXT.tag.description(filter.tag) };
  if (filter.category) return { title: PAGE_TEXT[filter.category].title, lead: PAGE_TEXT[filter.category].description };
  return { title: PAGE_TEXT.blog.title, lead: PAGE_TEXT.blog.description };
}
