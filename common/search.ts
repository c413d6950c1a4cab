/**
 * The site search's pure rules (issue #29), shared by the API (which validates and ranks) and the pages
 * (which link, count and show snippets): what a query is once normalised, what counts as the same firm
 * name, and how a snippet's marked words become safe HTML.
 */

export const SEARCH_TYPES = ['firm', 'discount', 'post'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * The text configuration of the full-text search: posts' search_vector (blog-post.entity.ts) and every query
 * (websearch_to_tsquery) use this one, so a query's words stem as the documents' did.
 */
export const SEARCH_CONFIG = 'english';

/** Longest query accepted, counted after trimming. */
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_PAGE_SIZE = 20;
/** Suggestions under the header box start at this many characters. */
export const SUGGEST_MIN_LENGTH = 2;
export const SUGGEST_LIMIT = 6;
/** Deepest page served: the ranking reads candidates per kind, so past this nothing new would appear. */
export const SEARCH_MAX_PAGE = 50;

export const SEARCH_TEXT = {
  tooLong: `Search text must be at most ${SEARCH_MAX_LENGTH} characters`,
  badType: `Type must be one of ${SEARCH_TYPES.join(', ')}`,
  badPage: `Page must be a whole number from 1 to ${SEARCH_MAX_PAGE}`,
  label: 'Search firms, codes and articles',
  placeholder: 'Search firms, codes, articles…',
  submit: 'Search',
  pageTitle: 'Search',
  didYouMean: 'Did you mean',
  noResults: (q: string) => `Nothing matches “${q}”.`,
  tryFirms: 'Try one of these firms:',
  emptyPrompt: 'Type a firm, a code or a topic, e.g. “FTMO”, “topstep coupon” or “payout denied”.',
} as const;

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = { firm: 'Firms', discount: 'Codes', post: 'Articles' };

export type NormalisedQuery = { ok: true; q: string } | { ok: false; message: string };

/**
 * Trimmed, inner whitespace collapsed, control characters (NUL breaks PostgreSQL's text) removed. Anything
 * else, punctuation included, is kept: websearch_to_tsquery and pg_trgm take any text without a syntax error.
 */
export function normaliseSearchQuery(raw: unknown): NormalisedQuery {
  const text = typeof raw === 'string' ? raw : Array.isArray(raw) ? String(raw[0] ?? '') : raw == null ? '' : String(raw);
  // eslint-disable-next-line no-control-regex
  const q = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  if ([...q].length > SEARCH_MAX_LENGTH) return { ok: false, message: SEARCH_TEXT.tooLong };
  return { ok: true, q };
}

/** Words that say "a code for" rather than name a firm: "topstep coupon" names Topstep. */
const CODE_WORDS = new Set([
  'code', 'codes', 'coupon', 'coupons', 'discount', 'discounts', 'promo', 'promos', 'deal', 'deals', 'offer', 'offers', 'voucher', 'vouchers',
]);

/** Lower case, accents dropped, letters and digits only: "The 5%ers", "the5ers" and "THE 5ERS" are one name. */
export function compactName(text: string): string {
  return text.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** The SQL twin of compactName for ASCII names (held equal by the search API suite). */
export const compactNameSql = (column: string) => `regexp_replace(lower(${column}), '[^a-z0-9]+', '', 'g')`;

/** The part of a query that could be a firm's name: the words left once code words are dropped. */
export function firmPart(q: string): string {
  const words = q.split(' ').filter((w) => w && !CODE_WORDS.has(compactName(w)));
  return words.length ? words.join(' ') : q;
}

/** Whether the query asks for codes ("apex coupon"), which puts a firm's codes before its profile. */
export function asksForCodes(q: string): boolean {
  return q.split(' ').some((w) => CODE_WORDS.has(compactName(w)));
}

/** Marks the database puts around matched words; characters no text we index is expected to hold. */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * A snippet as HTML: everything escaped (no markup from the content survives), the database's marks turned
 * into `<mark>`. Stray or nested marks are dropped, so the tags always pair up.
 */
export function markSnippet(raw: string): string {
  let out = '';
  let open = false;
  for (const part of raw.split(new RegExp(`([${MARK_START}${MARK_END}])`))) {
    if (part === MARK_START) {
      if (!open) out += '<mark>';
      open = true;
    } else if (part === MARK_END) {
      if (open) out += '</mark>';
      open = false;
    } else {
      out += escapeHtml(part);
    }
  }
  if (open) out += '</mark>';
  return out.replace(/<mark><\/mark>/g, '').replace(/\s+/g, ' ').trim();
}

/** Plain text of an escaped snippet (for a suggestion list that shows no marks). */
export const snippetText = (html: string) =>
  html.replace(/<\/?mark>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '');

/** The page's address for a query (and kind, page), as the header form would build it. */
export function searchHref(q: string, type?: SearchType, page = 1): string {
  const params = new URLSearchParams({ q });
  if (type) params.set('type', type);
  if (page > 1) params.set('page', String(page));
  return `/search?${params.toString()}`;
}

export interface SearchResult {
  type: SearchType;
  id: number;
  title: string;
  url: string;
  /** HTML: escaped text with the matched words in `<mark>`. */
  snippet: string;
  score: number;
}

export interface SearchResponse {
  q: string;
  /** Matches of the asked kind (every kind without `type`). */
  total: number;
  results: SearchResult[];
  /** The best-matching firm name when nothing matched the query as typed. */
  didYouMean?: string;
  /** Matches per kind, for the page's tabs. */
  counts: Record<SearchType, number>;
  page: number;
  totalPages: number;
}

export interface SuggestResponse {
  q: string;
  results: SearchResult[];
}
