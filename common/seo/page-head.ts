/**
 * The <head> of every page: title, description, canonical, robots, Open Graph, Twitter and JSON-LD.
 * Pure, so the server (first byte, for crawlers and link previews) and the client (while navigating)
 * compute exactly the same values. docs/design.md §3 "SEO on the server".
 */
import { SEARCH_TEXT } from '../search.js';
import { BRAND_COLOR, SITE_DESCRIPTION, SITE_FOUNDING_YEAR, SITE_NAME } from '../constants.js';
import type { BlogCategory } from '../enums.js';
import { PAGE_TEXT } from '../messages.js';
import { ACCOUNT_TEXT } from '../account.js';
import { GUARANTEE_PAGE_TEXT } from '../marketing.js';
import { blogCategoryPath as categoryPath } from '../blog-categories.js';
import type { PageRoute } from './page-route.js';
import { FIRM_PAGE_TEXT } from '../firm-pages.js';
import { EXPIRED_TEXT, HOW_WE_TEST_TEXT } from '../code-record-text.js';
import { SIMULATOR_TEXT } from '../simulator/text.js';
import type { RatingSource } from '../firms.js';

export type Robots = 'index, follow' | 'noindex' | 'noindex, follow' | 'noindex, nofollow';

/** A site default image for link previews (frontend/public/og-default.png), 1200x630. */
export const DEFAULT_OG_IMAGE = { path: '/og-default.png', width: 1200, height: 630 } as const;
/** The square logo of the Organization (frontend/public/logo.png). */
export const LOGO_IMAGE = { path: '/logo.png', width: 512, height: 512 } as const;
export const RSS_PATH = '/rss.xml';

export type JsonLd = Record<string, unknown>;

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL; null on not-found pages (there is nothing to point to). */
  canonical: string | null;
  robots: Robots;
  ogType: 'website' | 'article';
  image: { url: string; alt: string; width?: number; height?: number };
  article?: { publishedTime?: string; modifiedTime?: string; section: string; tags: string[]; author?: string };
  jsonLd: JsonLd[];
  /** Feeds of this page besides the blog's RSS, e.g. a firm's Atom feed of changes (issue #19). */
  feeds?: Array<{ type: 'application/atom+xml'; title: string; href: string }>;
}

/** A firm's Atom feed of changes (issue #19). */
export const firmFeedPath = (slug: string) => `/firms/${slug}/changes.xml`;

/** What a post page needs; dates as Date or ISO text (superjson or plain JSON both fit). */
export interface PostHeadData {
  slug: string;
  title: string;
  excerpt?: string | null;
  /** Sanitised HTML (or its beginning): the description of last resort. */
  content?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  featuredImageUrl?: string | null;
  publishedAt?: Date | string | null;
  updatedAt?: Date | string | null;
  authorName?: string | null;
  category: BlogCategory;
  tags?: string[] | null;
}

/** What a firm profile's head needs. */
export interface FirmHeadData {
  slug: string;
  name: string;
  description?: string | null;
  logoUrl?: string | null;
  websiteUrl?: string | null;
  rating: number | null;
  ratingSource: RatingSource;
  foundedYear?: number | null;
  lastTestedAt?: string | null;
}

/** What a code page's head needs (issue #30). */
export interface DiscountHeadData {
  title: string;
  firmName: string;
  description?: string | null;
  ended: boolean;
}

export interface PageHeadData {
  /** /discounts/:slug: the code, or null when there is none. */
  discount?: DiscountHeadData | null;
  /** /firms/:slug: the firm, or null when there is none. */
  firm?: FirmHeadData | null;
  /** /firms/compare: the firms' names in the order asked, or null when a slug names no firm. */
  compareNames?: string[] | null;
  /** Post routes: the published post, or null when there is none to show (missing, draft, scheduled...). */
  post?: PostHeadData | null;
  /** A list page past its last page. */
  pageOutOfRange?: boolean;
  /** /admin/blog-posts/:id/edit: the post's title once known, null when there is no such post. */
  adminPostTitle?: string | null;
  /** /admin/blog-posts/:id/edit while the client is still fetching the post (client only). */
  adminPostLoading?: boolean;
}

/** True when the page answers HTTP 404: unknown route, missing post, page past the end. */
export function isNotFoundPage(route: PageRoute, data: PageHeadData = {}): boolean {
  return (
    route.kind === 'notFound' ||
    (route.kind === 'post' && !data.post) ||
    (route.kind === 'blog' && !!data.pageOutOfRange) ||
    (route.kind === 'discounts-expired' && !!data.pageOutOfRange) ||
    (route.kind === 'firm' && !data.firm) ||
    (route.kind === 'discount' && data.discount === null) ||
    (route.kind === 'compare' && route.slugs !== null && data.compareNames === null)
  );
}

/** The page's own parameters are wrong (the page says what is wrong): /firms filters, /firms/compare's list. */
export function isBadRequestPage(route: PageRoute): boolean {
  return (route.kind === 'firms' && !route.query.ok) || (route.kind === 'compare' && route.slugs === null) || (route.kind === 'search' && !!route.error);
}

/** The HTTP status a page answers with, from its route and what it read. */
export function pageStatus(route: PageRoute, data: PageHeadData = {}): 200 | 400 | 404 {
  if (isBadRequestPage(route)) return 400;
  return isNotFoundPage(route, data) ? 404 : 200;
}

const CATEGORY_NAMES: Record<BlogCategory, string> = { review: 'Reviews', guide: 'Guides', news: 'News', general: 'General' };
const DESCRIPTION_MAX = 160;

/** The head of a page. `siteUrl` is the public base without a trailing slash (config.publicSiteUrl). */
export function pageHead(route: PageRoute, data: PageHeadData, siteUrl: string): PageHead {
  const site = siteUrl.replace(/\/+$/, '');
  const base = baseJsonLd(site);
  const page = (title: string, description: string, path: string | null, robots: Robots = 'index, follow', extra: JsonLd[] = []): PageHead => ({
    title,
    description,
    canonical: path === null ? null : site + path,
    robots,
    ogType: 'website',
    image: defaultImage(site),
    jsonLd: [...base, ...extra],
  });
  /** A page of prose (the method, the guarantee): its breadcrumbs and a WebPage. */
  const webPage = (path: string, crumb: string, t: { title: string; description: string; heading: string }): PageHead =>
    page(withSiteName(t.title), t.description, path, 'index, follow', [breadcrumbs(site, [{ name: 'Home', path: '/' }, { name: crumb, path }]), {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      '@id': site + path,
      name: t.heading,
      description: t.description,
      url: site + path,
      publisher: { '@id': `${site}/#organization` },
      inLanguage: 'en-US',
    }]);

  if (isNotFoundPage(route, data)) {
    if (route.kind === 'firm') return page(withSiteName(FIRM_PAGE_TEXT.firmNotFound.title), FIRM_PAGE_TEXT.firmNotFound.description, null, 'noindex');
    if (route.kind === 'post') {
      return page(withSiteName(PAGE_TEXT.postNotFound.title), PAGE_TEXT.postNotFound.description, null, 'noindex');
    }
    return page(PAGE_TEXT.notFound.title, PAGE_TEXT.notFound.description, null, 'noindex');
  }

  switch (route.kind) {
    case 'home':
    case 'about':
    case 'discounts': {
      const text = PAGE_TEXT[route.kind];
      return page(withSiteName(text.title), text.description, route.path);
    }
    case 'accept-invite':
      // A personal link (its token is in the URL): never indexed, never the canonical of anything.
      return page(withSiteName(PAGE_TEXT.acceptInvite.title), PAGE_TEXT.acceptInvite.description, null, 'noindex');
    case 'login':
    case 'unsubscribe': {
      const text = PAGE_TEXT[route.kind];
      return page(withSiteName(text.title), text.description, route.path, 'noindex');
    }
    case 'blog': {
      const { title, description } = listText(route);
      const suffix = route.page > 1 ? PAGE_TEXT.pageSuffix(route.page) : '';
      // Filtered views point at their list; a category filter on /blog at that category's own route.
      const listPath = route.path === '/blog' && route.category && route.category !== 'general' ? categoryPath(route.category) : route.path;
      const canonicalPath = listPath + (route.page > 1 ? `?page=${route.page}` : '');
      const crumbs: Crumb[] = [{ name: 'Home', path: '/' }, { name: 'Blog', path: '/blog' }];
      if (route.category) crumbs.push({ name: CATEGORY_NAMES[route.category], path: categoryPath(route.category) });
      // A search's results are not a page of their own to index (nor are they ours to rank); their links are followed.
      const robots: Robots = route.q ? 'noindex, follow' : 'index, follow';
      return page(withSiteName(title + suffix), description, canonicalPath, robots, [breadcrumbs(site, crumbs)]);
    }
    case 'post':
      return postHead(site, route.path, data.post!, base);
    case 'firms': {
      const t = FIRM_PAGE_TEXT.firms;
      const crumbs = breadcrumbs(site, [{ name: 'Home', path: '/' }, { name: 'Firms', path: '/firms' }]);
      // Filtered and sorted views are the same page: one canonical, and only the plain table indexed.
      const robots: Robots = route.query.ok && !hasFilters(route) ? 'index, follow' : 'noindex, follow';
      return page(withSiteName(route.query.ok ? t.title : t.invalid), t.description, route.path, robots, [crumbs, collectionPage(site, route.path, t.heading, t.description)]);
    }
    case 'firm':
      return firmHead(site, route.path, data.firm!, page);
    case 'compare': {
      const t = FIRM_PAGE_TEXT.compare;
      const names = route.slugs && data.compareNames ? data.compareNames : null;
      const crumbs = breadcrumbs(site, [{ name: 'Home', path: '/' }, { name: 'Firms', path: '/firms' }, { name: 'Compare', path: '/firms/compare' }]);
      if (!names) return page(withSiteName(t.titleInvalid), t.descriptionInvalid, null, 'noindex', [crumbs]);
      const canonical = `${route.path}?firms=${route.slugs!.join(',')}`;
      return page(withSiteName(t.title(names)), t.description(names), canonical, 'index, follow', [crumbs, {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: t.title(names),
        itemListElement: names.map((name, i) => ({ '@type': 'ListItem', position: i + 1, name, url: `${site}/firms/${route.slugs![i]}` })),
      }]);
    }
    case 'methodology':
      return webPage(route.path, 'Methodology', FIRM_PAGE_TEXT.methodology);
    case 'how-we-test':
      return webPage(route.path, 'How we test codes', HOW_WE_TEST_TEXT);
    case 'simulator':
      return webPage(route.path, 'Simulator', SIMULATOR_TEXT);
    case 'discounts-expired': {
      const suffix = route.page > 1 ? PAGE_TEXT.pageSuffix(route.page) : '';
      return page(withSiteName(EXPIRED_TEXT.title + suffix), EXPIRED_TEXT.description, route.path + (route.page > 1 ? `?page=${route.page}` : ''), 'noindex, follow');
    }
    case 'discount': {
      const d = data.discount;
      if (!d) return page(withSiteName('Discount code'), PAGE_TEXT.discounts.description, route.path);
      const title = `${d.firmName}: ${d.title}${d.ended ? ' (expired)' : ''}`;
      const crumbs = breadcrumbs(site, [{ name: 'Home', path: '/' }, { name: 'Discounts', path: '/discounts' }, { name: d.title, path: route.path }]);
      // The record's later pages are the same code: one canonical; an ended code is kept for the record, not ranked.
      return page(withSiteName(title), d.description || `${d.title} at ${d.firmName}: when it last worked, who checked it, and every answer.`, route.path,
        d.ended || route.page > 1 ? 'noindex, follow' : 'index, follow', [crumbs]);
    }
    case 'search':
      // Results are not a page of their own to index; their links are followed.
      return page(withSiteName(route.q ? `${SEARCH_TEXT.pageTitle}: ${route.q}` : SEARCH_TEXT.pageTitle), SEARCH_TEXT.label, null, 'noindex, follow');
    case 'account':
      return page(withSiteName(ACCOUNT_TEXT.title), ACCOUNT_TEXT.description, null, 'noindex, nofollow');
    case 'payout-guarantee':
      return webPage(route.path, 'Payout guarantee', GUARANTEE_PAGE_TEXT);
    case 'admin':
      return page(adminTitle(route, data), PAGE_TEXT.admin.description, route.path, 'noindex, nofollow');
  }
  return page(PAGE_TEXT.notFound.title, PAGE_TEXT.notFound.description, null, 'noindex');
}

function hasFilters(route: Extract<PageRoute, { kind: 'firms' }>): boolean {
  if (!route.query.ok) return true;
  const q = route.query.query;
  return q.size !== null || !!q.type || !!q.platform || !!q.asset || !!q.drawdown || q.maxPrice !== null || q.page !== 1 ||
    // The default statuses (common/firms.ts DEFAULT_FIRM_STATUSES, in FIRM_STATUSES order); that module stays out of this bundle.
    q.status.join(',') !== 'active,under-watch';
}

function collectionPage(site: string, path: string, name: string, description: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    '@id': site + path,
    name,
    description,
    url: site + path,
    isPartOf: { '@id': `${site}/#website` },
    inLanguage: 'en-US',
  };
}

/**
 * A profile: our review of the firm (an Organization), with the score as its rating when the
 * whole method scored it — an entered rating is not the published method, so it is not marked up.
 */
function firmHead(
  site: string,
  path: string,
  firm: FirmHeadData,
  page: (title: string, description: string, path: string | null, robots?: Robots, extra?: JsonLd[]) => PageHead,
): PageHead {
  const t = FIRM_PAGE_TEXT.firm;
  const org: JsonLd = {
    '@type': 'Organization',
    name: firm.name,
    ...(firm.websiteUrl ? { url: firm.websiteUrl } : {}),
    ...(absoluteUrl(site, firm.logoUrl) ? { logo: absoluteUrl(site, firm.logoUrl) } : {}),
    ...(firm.foundedYear ? { foundingDate: String(firm.foundedYear) } : {}),
  };
  const review: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Review',
    name: t.title(firm.name),
    url: site + path,
    itemReviewed: org,
    author: { '@id': `${site}/#organization` },
    publisher: { '@id': `${site}/#organization` },
    ...(firm.lastTestedAt ? { dateModified: firm.lastTestedAt } : {}),
    ...(firm.rating !== null && firm.ratingSource === 'criteria'
      ? { reviewRating: { '@type': 'Rating', ratingValue: firm.rating, bestRating: 5, worstRating: 0 } }
      : {}),
  };
  const crumbs = breadcrumbs(site, [{ name: 'Home', path: '/' }, { name: 'Firms', path: '/firms' }, { name: firm.name, path }]);
  const description = clip(t.description(firm.name, firm.rating), DESCRIPTION_MAX);
  const head = page(withSiteName(t.title(firm.name)), description, path, 'index, follow', [review, crumbs]);
  return { ...head, feeds: [{ type: 'application/atom+xml', title: t.feedTitle(firm.name), href: firmFeedPath(firm.slug) }] };
}

function listText(route: Extract<PageRoute, { kind: 'blog' }>): { title: string; description: string } {
  if (route.q) return { title: PAGE_TEXT.search.title(clip(route.q, 60)), description: PAGE_TEXT.search.description(clip(route.q, 60)) };
  if (route.tag) return { title: PAGE_TEXT.tag.title(clip(route.tag, 60)), description: PAGE_TEXT.tag.description(clip(route.tag, 60)) };
  if (route.category) return PAGE_TEXT[route.category];
  return PAGE_TEXT.blog;
}

function adminTitle(route: Extract<PageRoute, { kind: 'admin' }>, data: PageHeadData): string {
  const a = PAGE_TEXT.admin;
  switch (route.section) {
    case 'dashboard': return a.dashboard + a.suffix;
    case 'companies': return a.companies + a.suffix;
    case 'discounts': return a.discounts + a.suffix;
    case 'blog-posts': return a.blogPosts + a.suffix;
    case 'newsletter': return a.newsletter + a.suffix;
    case 'new-post': return a.newPost + a.suffix;
    case 'firm-changes': return a.firmChanges + a.suffix;
    case 'new-firm-change': return a.newFirmChange + a.suffix;
    case 'edit-firm-change': return a.editFirmChange + a.suffix;
    case 'edit-post':
      if (data.adminPostTitle) return a.editPost(data.adminPostTitle) + a.suffix;
      if (data.adminPostLoading) return a.editPost(a.editPostLoading) + a.suffix;
      return a.editPostUnknown + a.suffix;
    default: return a.other;
  }
}

function postHead(site: string, path: string, post: PostHeadData, base: JsonLd[]): PageHead {
  const canonical = site + path;
  const title = post.title.trim();
  const description =
    post.metaDescription?.trim() ||
    clip(post.excerpt ?? '', DESCRIPTION_MAX) ||
    clip(htmlToText(post.content ?? ''), DESCRIPTION_MAX) ||
    SITE_DESCRIPTION;
  const featured = absoluteUrl(site, post.featuredImageUrl);
  const image = featured ? { url: featured, alt: title } : defaultImage(site);
  const publishedTime = isoDate(post.publishedAt);
  const modifiedTime = isoDate(post.updatedAt) ?? publishedTime;
  const section = categoryLabel(post.category);
  const tags = (post.tags ?? []).filter((t) => t.trim() !== '');
  const author = post.authorName?.trim() || undefined;
  const organization = { '@type': 'Organization', '@id': `${site}/#organization`, name: SITE_NAME, url: `${site}/` };

  const posting: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: clip(title, 110),
    description,
    image: [image.url],
    datePublished: publishedTime,
    dateModified: modifiedTime,
    author: author ? { '@type': 'Person', name: author } : organization,
    publisher: { ...organization, logo: { '@type': 'ImageObject', url: site + LOGO_IMAGE.path } },
    articleSection: section,
    keywords: tags,
    inLanguage: 'en-US',
    url: canonical,
    mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
  };
  const crumbs: Crumb[] = [
    { name: 'Home', path: '/' },
    { name: 'Blog', path: '/blog' },
    { name: CATEGORY_NAMES[post.category], path: categoryPath(post.category) },
    { name: title, path },
  ];
  return {
    title: withSiteName(post.metaTitle?.trim() || title),
    description,
    canonical,
    robots: 'index, follow',
    ogType: 'article',
    image,
    article: { publishedTime, modifiedTime, section, tags, author },
    jsonLd: [...base, posting, breadcrumbs(site, crumbs)],
  };
}

/** Display label of a category, capitalised as the blog cards show it. */
export function categoryLabel(category: BlogCategory): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

function baseJsonLd(site: string): JsonLd[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${site}/#organization`,
      name: SITE_NAME,
      url: `${site}/`,
      logo: { '@type': 'ImageObject', url: site + LOGO_IMAGE.path, width: LOGO_IMAGE.width, height: LOGO_IMAGE.height },
      foundingDate: String(SITE_FOUNDING_YEAR),
      description: SITE_DESCRIPTION,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': `${site}/#website`,
      name: SITE_NAME,
      url: `${site}/`,
      description: SITE_DESCRIPTION,
      inLanguage: 'en-US',
      publisher: { '@id': `${site}/#organization` },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${site}/blog?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

interface Crumb { name: string; path: string }

function breadcrumbs(site: string, crumbs: Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: site + c.path })),
  };
}

function defaultImage(site: string): PageHead['image'] {
  return { url: site + DEFAULT_OG_IMAGE.path, alt: PAGE_TEXT.defaultImageAlt, width: DEFAULT_OG_IMAGE.width, height: DEFAULT_OG_IMAGE.height };
}

/** Search results show about 70 characters of a title and cut the rest (html-validate's long-title rule). */
export const TITLE_MAX = 70;

/**
 * Adds the site name unless the title already carries it, or the two together would be cut off in
 * search results: then the page's own words come first and alone, clipped at a word to fit.
 */
export function withSiteName(title: string): string {
  if (title.includes(SITE_NAME)) return clip(title, TITLE_MAX);
  const named = `${title} | ${SITE_NAME}`;
  return named.length <= TITLE_MAX ? named : clip(title, TITLE_MAX);
}

/** An absolute http(s) URL for an image field (`/media/x.webp` gets the site base); undefined for anything else. */
export function absoluteUrl(site: string, value: string | null | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^https?:\/\//i.test(v)) return v;
  if (v.startsWith('//')) return `https:${v}`;
  if (v.startsWith('/')) return site + v;
  return undefined;
}

function isoDate(value: Date | string | null | undefined): string | undefined {
  if (!value) return undefined;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** Shortens text to at most `max` characters at a word boundary, with an ellipsis. */
export function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.5 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?\u2013-]+$/, '')}\u2026`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of (sanitised) HTML, for descriptions: tags dropped, common entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text for an HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * JSON for a <script type="application/ld+json">: valid JSON that can never close the script
 * element or start a comment (`<`, `>`, `&` and the JS line separators are \u-escaped).
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The tags of a head, every value escaped; the server injects them, the client swaps them in. */
export function renderHeadTags(head: PageHead): string {
  return headTagList(head).join('\n');
}

/** renderHeadTags one tag per entry (the server lays them out with the shell's indentation). */
export function headTagList(head: PageHead): string[] {
  const meta = (attr: 'name' | 'property', key: string, content: string | number | undefined) =>
    content === undefined || content === '' ? '' : `<meta ${attr}="${key}" content="${escapeHtml(String(content))}">`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'robots', head.robots),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    meta('name', 'theme-color', BRAND_COLOR),
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(PAGE_TEXT.rssTitle)}" href="${RSS_PATH}">`,
    ...(head.feeds ?? []).map((f) => `<link rel="alternate" type="${f.type}" title="${escapeHtml(f.title)}" href="${escapeHtml(f.href)}">`),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'en_US'),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical ?? undefined),
    meta('property', 'og:image', head.image.url),
    meta('property', 'og:image:width', head.image.width),
    meta('property', 'og:image:height', head.image.height),
    meta('property', 'og:image:alt', head.image.alt),
    meta('property', 'article:published_time', head.article?.publishedTime),
    meta('property', 'article:modified_time', head.article?.modifiedTime),
    meta('property', 'article:author', head.article?.author),
    meta('property', 'article:section', head.article?.section),
    ...(head.article?.tags ?? []).map((t) => meta('property', 'article:tag', t)),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image.url),
    meta('name', 'twitter:image:alt', head.image.alt),
    ...head.jsonLd.map((item) => `<script type="application/ld+json">${jsonLdText(item)}</script>`),
  ];
  return tags.filter(Boolean);
}

/**
 * The elements of <head> that renderHeadTags owns (besides <title>): the client removes these
 * before it inserts a page's tags, and the server strips them from the built index.html.
 */
export const MANAGED_HEAD_SELECTOR = [
  'meta[name="description"]',
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'meta[name="theme-color"]',
  'link[rel="alternate"][type="application/rss+xml"]',
  'link[rel="alternate"][type="application/atom+xml"]',
  'meta[property^="og:"]',
  'meta[property^="article:"]',
  'meta[name^="twitter:"]',
  'script[type="application/ld+json"]',
].join(', ');
