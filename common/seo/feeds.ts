/**
 * /sitemap.xml, /rss.xml and /robots.txt as text, from the published posts the server reads.
 * Pure, so the XML (and its escaping) is unit-tested without a database. docs/spec.md §9: blog 0.9,
 * categories 0.8 weekly, posts 0.6 monthly.
 */
import { SITE_DESCRIPTION, SITE_NAME } from '../constants.js';
import { PAGE_TEXT } from '../messages.js';
import { GUARANTEE_PATH } from '../marketing.js';
import { categoryLabel, clip, htmlToText } from './page-head.js';
import { blogCategoryPath } from '../blog-categories.js';
import { BLOG_CATEGORIES, type BlogCategory } from '../enums.js';

export interface SitemapPost {
  slug: string;
  category: BlogCategory;
  updatedAt: Date;
}

export interface RssPost {
  slug: string;
  title: string;
  excerpt: string | null;
  metaDescription?: string | null;
  content?: string | null;
  category: BlogCategory;
  authorName?: string | null;
  publishedAt: Date;
}

/** The 20 newest posts are in the feed. */
export const RSS_ITEM_COUNT = 20;

/** Text for XML element content or a double-quoted attribute; drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** W3C datetime (the sitemap's lastmod), to the second, in UTC. */
export function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** RFC 822 date with a four-digit year, as RSS 2.0 wants it: `Tue, 03 Jun 2025 09:00:00 GMT`. */
export function rfc822Date(date: Date): string {
  return date.toUTCString();
}

export function postUrl(site: string, slug: string): string {
  return `${site}/blog/${encodeURIComponent(slug)}`;
}

interface UrlEntry { loc: string; lastmod?: Date | null; changefreq: string; priority: string }

/** A sitemap holds at most 50,000 URLs (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
/**
 * Posts are split into children of this many ids (issue #21): well inside the protocol's limit, so an
 * uncached child is ~1.5 MB of XML made in tens of milliseconds and kept whole by the cache afterwards.
 */
export const SITEMAP_CHILD_URLS = 10_000;

/** The newest post change overall and per category: the list pages' lastmod. */
export interface SitemapNewest {
  all?: Date | null;
  byCategory: Partial<Record<BlogCategory, Date>>;
}

/** A child of the sitemap index: its URL and when anything in it last changed. */
export interface SitemapChild {
  path: string;
  lastmod?: Date | null;
}

/** Where child `page` (1-based) of the post sitemaps lives: posts with ids in ((page-1)·N, page·N], N = SITEMAP_CHILD_URLS. */
export function postSitemapPath(page: number): string {
  return `/sitemaps/posts-${page}.xml`;
}

export const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml';

/** /sitemap.xml: the index of the child sitemaps, so it stays small however many posts there are. */
export function renderSitemapIndex(siteUrl: string, children: SitemapChild[]): string {
  const site = siteUrl.replace(/\/+$/, '');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...children.map(
      (c) => `<sitemap><loc>${escapeXml(`${site}${c.path}`)}</loc>${c.lastmod ? `<lastmod>${w3cDate(c.lastmod)}</lastmod>` : ''}</sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** A firm profile in the sitemap: its slug and when its record (or its programs and scores) last changed. */
export interface SitemapFirm {
  slug: string;
  updatedAt: Date;
}

/** The site's own pages, the category pages (docs/spec.md §9: blog 0.9, categories 0.8 weekly) and the firm profiles. */
/** Code pages (issue #30): only active codes are listed. */
export function renderPagesSitemap(siteUrl: string, newest: SitemapNewest, firms: SitemapFirm[] = [], codes: SitemapFirm[] = []): string {
  const site = siteUrl.replace(/\/+$/, '');
  const firmsChanged = firms.reduce<Date | null>((max, f) => (!max || f.updatedAt > max ? f.updatedAt : max), null);
  return renderUrlset([
    { loc: `${site}/`, changefreq: 'daily', priority: '1.0' },
    { loc: `${site}/discounts`, changefreq: 'daily', priority: '0.9' },
    { loc: `${site}/firms`, lastmod: firmsChanged, changefreq: 'daily', priority: '0.9' },
    { loc: `${site}/methodology`, changefreq: 'monthly', priority: '0.6' },
    { loc: `${site}/how-we-test-codes`, changefreq: 'monthly', priority: '0.6' },
    { loc: `${site}/simulator`, changefreq: 'monthly', priority: '0.7' },
    ...codes.map((c) => ({ loc: `${site}/discounts/${encodeURIComponent(c.slug)}`, lastmod: c.updatedAt, changefreq: 'daily', priority: '0.7' })),
    { loc: `${site}${GUARANTEE_PATH}`, changefreq: 'weekly', priority: '0.6' },
    ...firms.map((f) => ({ loc: `${site}/firms/${encodeURIComponent(f.slug)}`, lastmod: f.updatedAt, changefreq: 'weekly', priority: '0.8' })),
    { loc: `${site}/about`, changefreq: 'monthly', priority: '0.5' },
    { loc: `${site}/blog`, lastmod: newest.all, changefreq: 'daily', priority: '0.9' },
    // Categories with a list route of their own (general lists at /blog?category=general).
    ...BLOG_CATEGORIES.filter((c) => !blogCategoryPath(c).includes('?')).map((c) => ({
      loc: `${site}${blogCategoryPath(c)}`,
      lastmod: newest.byCategory[c],
      changefreq: 'weekly',
      priority: '0.8',
    })),
  ]);
}

/** One child of published posts (docs/spec.md §9: posts 0.6 monthly); at most SITEMAP_MAX_URLS of them. */
export function renderPostsSitemap(siteUrl: string, posts: Array<Pick<SitemapPost, 'slug' | 'updatedAt'>>): string {
  const site = siteUrl.replace(/\/+$/, '');
  return [URLSET_OPEN, ...posts.map((p) => renderPostUrl(site, p)), URLSET_CLOSE].join('\n');
}

/** One post's <url> in a post sitemap child (`site` without a trailing slash). */
export function renderPostUrl(site: string, post: Pick<SitemapPost, 'slug' | 'updatedAt'>): string {
  return renderUrl({ loc: postUrl(site, post.slug), lastmod: post.updatedAt, changefreq: 'monthly', priority: '0.6' });
}

/** A urlset's opening (the XML declaration and the element) and closing, for children written in parts. */
export const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
export const URLSET_CLOSE = '</urlset>\n';

function renderUrl(e: UrlEntry): string {
  return `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${w3cDate(e.lastmod)}</lastmod>` : ''}` +
    `<changefreq>${e.changefreq}</changefreq><priority>${e.priority}</priority></url>`;
}

function renderUrlset(entries: UrlEntry[]): string {
  return [URLSET_OPEN, ...entries.map(renderUrl), URLSET_CLOSE].join('\n');
}

/** RSS 2.0 of the given posts (newest first), with an atom:link to itself. */
export function renderRss(siteUrl: string, posts: RssPost[]): string {
  const site = siteUrl.replace(/\/+$/, '');
  const el = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;
  const items = posts.map((p) => {
    const link = postUrl(site, p.slug);
    const description =
      p.excerpt?.trim() || p.metaDescription?.trim() || clip(htmlToText(p.content ?? ''), 300) || p.title;
    return [
      '<item>',
      el('title', p.title),
      el('link', link),
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      el('pubDate', rfc822Date(p.publishedAt)),
      el('description', description),
      el('category', categoryLabel(p.category)),
      p.authorName?.trim() ? el('dc:creator', p.authorName.trim()) : '',
      '</item>',
    ].filter(Boolean).join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    el('title', PAGE_TEXT.rssTitle),
    el('link', `${site}/blog`),
    el('description', SITE_DESCRIPTION),
    el('language', 'en-us'),
    el('copyright', `\u00a9 ${SITE_NAME}`),
    ...(posts.length ? [el('lastBuildDate', rfc822Date(posts[0].publishedAt))] : []),
    `<atom:link href="${escapeXml(`${site}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

export function renderRobotsTxt(siteUrl: string): string {
  const site = siteUrl.replace(/\/+$/, '');
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /_api', '', `Sitemap: ${site}/sitemap.xml`, ''].join('\n');
}
