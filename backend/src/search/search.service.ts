import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  asksForCodes, compactName, firmPart, markSnippet, normaliseSearchQuery, SEARCH_PAGE_SIZE, SUGGEST_LIMIT, SUGGEST_MIN_LENGTH,
  type SearchResponse, type SearchResult, type SearchType, type SuggestResponse,
} from '../../../common/search.js';
import { postSearchQuery, searchQuery, type PostFilter, type SearchInput } from './search.queries.js';

export interface PostSearch {
  ids: number[];
  matched: number;
  suggestions: Array<{ slug: string; title: string }>;
}

interface Row {
  results: Array<{ type: SearchType; id: number; title: string; slug: string; score: string | number; snippet: string | null }>;
  firms: number;
  discounts: number;
  posts: number;
  exact_hits: number;
  best_firm: string | null;
}

const URL_OF: Record<SearchType, (slug: string) => string> = {
  firm: (slug) => `/firms/${slug}`,
  discount: (slug) => `/discounts/${slug}`,
  post: (slug) => `/blog/${slug}`,
};

/** Shortest compacted text typos are looked for in: one or two letters are alike to almost every name. */
const FUZZY_MIN = 3;

/** The one search of issue #29: firms, codes and posts, ranked together (rules in search.queries.ts). */
@Injectable()
export class SearchService {
  constructor(private readonly em: EntityManager) {}

  /** `q` already normalised by the DTO (trimmed, at most 200 characters). Empty: nothing, never everything. */
  async search(q: string, type: SearchType | undefined, page: number): Promise<SearchResponse> {
    const empty = { firm: 0, discount: 0, post: 0 };
    if (q === '') return { q, total: 0, results: [], counts: empty, page, totalPages: 0 };
    const row = await this.run(q, { type, limit: SEARCH_PAGE_SIZE, offset: (page - 1) * SEARCH_PAGE_SIZE });
    const counts = { firm: row.firms, discount: row.discounts, post: row.posts };
    const total = type ? counts[type] : counts.firm + counts.discount + counts.post;
    return {
      q,
      total,
      results: row.results.map(toResult),
      counts,
      page,
      totalPages: Math.ceil(total / SEARCH_PAGE_SIZE),
      // Offered only when the words typed matched nothing as they are (a typo found its firm by trigrams alone).
      ...(row.exact_hits === 0 && row.best_firm ? { didYouMean: row.best_firm } : {}),
    };
  }

  /** The header box's list: the best few of every kind, from 2 characters. */
  async suggest(q: string): Promise<SuggestResponse> {
    if ([...q].length < SUGGEST_MIN_LENGTH) return { q, results: [] };
    const row = await this.run(q, { limit: SUGGEST_LIMIT, offset: 0 });
    return { q, results: row.results.map(toResult) };
  }

  /**
   * The blog list's search (`/blog?q=`): this engine's post matching and ranking within a category or tag. The
   * ids of one page in rank order, the matches counted up to `cap`, and alike titles when no post has the words.
   */
  async posts(q: string, filter: PostFilter, page: { limit: number; offset: number; cap: number; suggestions: number }): Promise<PostSearch> {
    const text = normaliseSearchQuery(q);
    if (!text.ok || text.q === '') return { ids: [], matched: 0, suggestions: [] };
    const firmQ = firmPart(text.q).toLowerCase();
    const query = postSearchQuery({ q: text.q, firmQ, fuzzy: compactName(firmQ).length >= FUZZY_MIN, filter, ...page });
    const [row] = await this.em.getConnection().execute<PostSearch[]>(query.sql, query.params);
    return row;
  }

  private async run(q: string, page: Pick<SearchInput, 'type' | 'limit' | 'offset'>): Promise<Row> {
    const firmQ = firmPart(q).toLowerCase();
    const compactQ = compactName(firmQ);
    const query = searchQuery({ q, firmQ, compactQ, fuzzy: compactQ.length >= FUZZY_MIN, codesFirst: asksForCodes(q), ...page });
    const [row] = await this.em.getConnection().execute<Row[]>(query.sql, query.params);
    return row;
  }
}

function toResult(r: Row['results'][number]): SearchResult {
  return {
    type: r.type,
    id: r.id,
    title: r.title,
    url: URL_OF[r.type](r.slug),
    snippet: markSnippet(r.snippet ?? ''),
    score: Number(r.score),
  };
}

