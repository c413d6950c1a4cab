/**
 * The site search (issue #29) as one SQL statement, kept here so the service that runs it and the plan test
 * that EXPLAINs it read the same text. Firms and codes are few (hundreds), so they are scored row by row;
 * posts are many, so they are found only through the GIN indexes on search_vector and on the title's trigrams.
 * Placeholders are `?`, in order.
 */
import { compactNameSql, MARK_END, MARK_START, SEARCH_CONFIG, type SearchType } from '../../../common/search.js';
import type { BlogCategory } from '../../../common/enums.js';

export interface SqlQuery {
  sql: string;
  params: unknown[];
}

export interface SearchInput {
  /** The whole normalised query: full text. */
  q: string;
  /** The part that may name a firm (code words dropped), lower case. */
  firmQ: string;
  /** compactName(firmQ): equality with a compacted name or alias is an exact firm match. */
  compactQ: string;
  /** Trigram (typo) matching on: off for one- and two-letter queries, which look like everything. */
  fuzzy: boolean;
  /** The query asks for codes ("apex coupon"): a matched firm's codes rank just above it, not just below. */
  codesFirst: boolean;
  type?: SearchType;
  limit: number;
  offset: number;
}

/** Names closer than this (0–1, pg_trgm) count as the name typed with a typo. */
export const NAME_SIMILARITY = 0.5;
/** A firm this close is offered as "did you mean" when nothing else matched. */
export const DID_YOU_MEAN_SIMILARITY = 0.3;
/** Post matches counted and ranked at most, the newest (a common word would otherwise read a large share of the table). */
export const POST_COUNT_CAP = 1000;
/**
 * When no post matches the words themselves, the newest this many titles are compared with the text (typos).
 * A window, not the title's trigram index: a mistyped common word shares trigrams with a large share of
 * 100,000 titles, and rechecking them all cost hundreds of milliseconds; comparing 2,000 titles costs a few.
 */
const FUZZY_POST_WINDOW = 2000;
const FUZZY_POST_SIMILARITY = 0.45;

/** Tiers of the one ranking: an exact firm first, its codes next to it, codes by code, fuzzy firms, text matches, posts. */
const SCORE = { exactFirm: 1000, exactCode: 950, fuzzyFirm: 500, fuzzyFirmSpan: 400, textFirm: 250, textCode: 300, fuzzyCode: 200, post: 100, fuzzyPost: 50 };

/** The start of a post's body a snippet is cut from: ts_headline parses all it is given, 20 times a page. */
const SNIPPET_SOURCE_CHARS = 1500;

const VISIBLE_POST = `p."status" = 'published' and p."published_at" <= now()`;
const ACTIVE_CODE = `d."status" = 'active' and (d."valid_until" is null or d."valid_until" > now())`;
const strip = (html: string) => `regexp_replace(regexp_replace(${html}, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g')`;
const HEADLINE_OPTIONS = `StartSel="${MARK_START}", StopSel="${MARK_END}", MaxWords=32, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/** Which posts a search looks in: the blog list's category and tag (the site search passes none). */
export interface PostFilter {
  category?: BlogCategory;
  tag?: string;
}

interface PostPart {
  q: string;
  firmQ: string;
  fuzzy: boolean;
  filter?: PostFilter;
  /** Matches counted and ranked at most, the newest. */
  cap: number;
  /** Ranked rows kept: the requested page's end. */
  candidates: number;
}

const tsqOf = (p: (value: unknown) => string, q: string) => `websearch_to_tsquery(${p(SEARCH_CONFIG)}::regconfig, ${p(q)}::text)`;

/**
 * The post half of the search, shared by the site search and the blog list's `q` (one ranking, stemming and
 * typo rule for both): post_matches (the newest `cap` matches of the words within the filter, through the GIN
 * index), post_text (those ranked, the first `candidates`), post_fuzzy (titles alike to the text when no word
 * matched). The filter narrows the matches only: alike titles are offered from every category and tag, as the
 * blog's suggestions always were, and the window stays a walk of the public order's index.
 */
function postCtes(input: PostPart, p: (value: unknown) => string): string {
  const filter = (alias: string) => [
    input.filter?.category ? ` and ${alias}."category" = ${p(input.filter.category)}` : '',
    input.filter?.tag ? ` and ${alias}."tags" @> array[${p(input.filter.tag)}::text]` : '',
  ].join('');
  return `post_matches as (
      -- The newest matches only, up to the count cap: a common word matches thousands of posts, and ranking
      -- reads each one's document; the cap bounds that work whatever the word.
      select p."id", p."title", p."slug", p."published_at" as "at", p."search_vector"
      from "blog_posts" p
      where p."search_vector" @@ ${tsqOf(p, input.q)} and ${VISIBLE_POST}${filter('p')}
      order by p."published_at" desc, p."id" desc
      limit ${input.cap}
    ),
    post_text as (
      select m."id", m."title", m."slug", m."at", ${SCORE.post} * ts_rank_cd(m."search_vector", ${tsqOf(p, input.q)}, 32) as "score"
      from post_matches m
      order by "score" desc, m."at" desc, m."id" desc
      limit ${input.candidates}
    ),
    post_fuzzy as (
      select s."id", s."title", s."slug", s."at", ${SCORE.fuzzyPost} * s."sim" as "score" from (
        -- word_similarity alone: the whole title is one of the extents it compares, so it is never below
        -- similarity(title, text), and the greatest of the two cost twice the trigram work for the same number.
        select r."id", r."title", r."slug", r."at", word_similarity(${p(input.firmQ)}::text, r."title") as "sim"
        from (
          select p."id", p."title", p."slug", p."published_at" as "at" from "blog_posts" p
          where ${input.fuzzy ? 'true' : 'false'} and not exists (select 1 from post_text) and ${VISIBLE_POST}
          order by p."published_at" desc, p."id" desc
          limit ${FUZZY_POST_WINDOW}
        ) r
      ) s where s."sim" >= ${FUZZY_POST_SIMILARITY}
      order by s."sim" desc, s."at" desc limit ${input.candidates}
    )`;
}

export interface PostSearchInput extends Omit<PostPart, 'candidates'> {
  limit: number;
  offset: number;
  /** Alike titles offered when no post has the words. */
  suggestions: number;
}

/**
 * The blog list's search (`/blog?q=`): the site search's post half with the list's category and tag, as the
 * ids of one page in rank order, the matches counted up to the cap, and alike titles when none matched.
 */
export function postSearchQuery(input: PostSearchInput): SqlQuery {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return '?';
  };
  const candidates = Math.max(input.offset + input.limit, input.suggestions);
  const sql = `with ${postCtes({ ...input, candidates }, p)}
    select
      (select coalesce(json_agg(t."id" order by t."score" desc, t."at" desc, t."id" desc), '[]'::json) from (
        select * from post_text order by "score" desc, "at" desc, "id" desc limit ${p(input.limit)} offset ${p(input.offset)}
      ) t) as "ids",
      (select count(*)::int from post_matches) as "matched",
      (select coalesce(json_agg(json_build_object('slug', z."slug", 'title', z."title") order by z."score" desc, z."at" desc, z."id" desc), '[]'::json) from (
        select * from post_fuzzy order by "score" desc, "at" desc, "id" desc limit ${p(input.suggestions)}
      ) z) as "suggestions"`;
  return { sql, params };
}

export function searchQuery(input: SearchInput): SqlQuery {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return '?';
  };
  // Inlined at each use (not a CTE column): a constant tsquery lets the planner take the GIN index.
  const tsq = () => tsqOf(p, input.q);
  const nameSim = (name: string) => input.fuzzy
    ? `greatest(similarity(${name}, ${p(input.firmQ)}::text), word_similarity(${name}, ${p(input.firmQ)}::text), word_similarity(${p(input.firmQ)}::text, ${name}))`
    : '0';
  const firmDoc = `to_tsvector('${SEARCH_CONFIG}'::regconfig, c."name" || ' ' || array_to_string(c."aliases", ' ') || ' ' || coalesce(c."description", ''))`;
  const codeDoc = `to_tsvector('${SEARCH_CONFIG}'::regconfig, d."title" || ' ' || coalesce(d."discount_code", '') || ' ' || coalesce(d."description", '') || ' ' || c."name")`;
  const postCandidates = input.offset + input.limit;

  const sql = `with
    firm_scores as (
      select c."id", c."name", c."slug", c."description",
        (${compactNameSql('c."name"')} = ${p(input.compactQ)} or exists (
          select 1 from unnest(c."aliases") a where ${compactNameSql('a')} = ${p(input.compactQ)})) as "exact",
        (select max(${nameSim('n')}) from unnest(array[c."name"] || c."aliases") n) as "sim",
        ${firmDoc} @@ ${tsq()} as "text",
        ts_rank_cd(${firmDoc}, ${tsq()}, 32) as "rank"
      from "companies" c
    ),
    firm_hits as (
      select 'firm'::text as "kind", f."id", f."name" as "title", f."slug", null::timestamptz as "at",
        case when f."exact" then ${SCORE.exactFirm}
             when f."sim" >= ${NAME_SIMILARITY} then ${SCORE.fuzzyFirm} + ${SCORE.fuzzyFirmSpan} * f."sim"
             else ${SCORE.textFirm} + 100 * f."rank" end as "score",
        f."exact" as "exact", f."text" as "text"
      from firm_scores f where f."exact" or f."sim" >= ${NAME_SIMILARITY} or f."text"
    ),
    code_hits as (
      select 'discount'::text as "kind", d."id", d."title", d."slug", d."created_at" as "at",
        case when ${compactNameSql('d."discount_code"')} = ${p(input.compactQ)} and ${p(input.compactQ)} <> '' then ${SCORE.exactCode}
             when fh."id" is not null then fh."score" + ${input.codesFirst ? 0.5 : -0.5}
             when ${codeDoc} @@ ${tsq()} then ${SCORE.textCode} + 100 * ts_rank_cd(${codeDoc}, ${tsq()}, 32)
             else ${SCORE.fuzzyCode} + 100 * greatest(${nameSim('d."title"')}, ${nameSim('coalesce(d."discount_code", \'\')')}) end as "score",
        ${compactNameSql('d."discount_code"')} = ${p(input.compactQ)} as "exact",
        ${codeDoc} @@ ${tsq()} as "text"
      from "discounts" d
      join "companies" c on c."id" = d."company_id"
      left join firm_hits fh on fh."id" = d."company_id" and fh."score" >= ${SCORE.fuzzyFirm}
      where ${ACTIVE_CODE} and (
        fh."id" is not null
        or (${compactNameSql('d."discount_code"')} = ${p(input.compactQ)} and ${p(input.compactQ)} <> '')
        or ${codeDoc} @@ ${tsq()}
        or greatest(${nameSim('d."title"')}, ${nameSim('coalesce(d."discount_code", \'\')')}) >= ${NAME_SIMILARITY})
    ),
    ${postCtes({ ...input, cap: POST_COUNT_CAP, candidates: postCandidates }, p)},
    post_hits as (
      select 'post'::text as "kind", t."id", t."title", t."slug", t."at", t."score", false as "exact", true as "text" from post_text t
      union all
      select 'post'::text, z."id", z."title", z."slug", z."at", z."score", false, false from post_fuzzy z
    ),
    hits as (
      select * from firm_hits union all select * from code_hits union all select * from post_hits
    ),
    page as (
      select h.* from hits h ${input.type ? `where h."kind" = ${p(input.type)}` : ''}
      order by h."score" desc, h."at" desc nulls last, h."kind", h."id"
      limit ${p(input.limit)} offset ${p(input.offset)}
    )
    select
      (select coalesce(json_agg(json_build_object(
          'type', g."kind", 'id', g."id", 'title', g."title", 'slug', g."slug", 'score', round(g."score"::numeric, 3),
          'snippet', case g."kind"
            when 'firm' then (select ts_headline('${SEARCH_CONFIG}'::regconfig, coalesce(c."description", ''), ${tsq()}, ${p(HEADLINE_OPTIONS)})
                               from "companies" c where c."id" = g."id")
            when 'discount' then (select ts_headline('${SEARCH_CONFIG}'::regconfig,
                                   concat_ws(' · ', c."name", nullif(d."discount_code", ''), ${strip(`coalesce(d."description", '')`)}), ${tsq()}, ${p(HEADLINE_OPTIONS)})
                                   from "discounts" d join "companies" c on c."id" = d."company_id" where d."id" = g."id")
            else (select ts_headline('${SEARCH_CONFIG}'::regconfig,
                    coalesce(nullif(p."excerpt", ''), '') || ' ' || ${strip(`left(p."content", ${SNIPPET_SOURCE_CHARS})`)}, ${tsq()}, ${p(HEADLINE_OPTIONS)})
                  from "blog_posts" p where p."id" = g."id") end)
        order by g."score" desc, g."at" desc nulls last, g."kind", g."id"), '[]'::json) from page g) as "results",
      (select count(*)::int from firm_hits) as "firms",
      (select count(*)::int from code_hits) as "discounts",
      (select count(*)::int from post_matches) + (select count(*)::int from post_fuzzy) as "posts",
      (select count(*)::int from firm_hits where "exact" or "text") + (select count(*)::int from code_hits where "exact" or "text")
        + (select count(*)::int from post_text) as "exact_hits",
      (select f."name" from firm_scores f where f."sim" >= ${DID_YOU_MEAN_SIMILARITY} order by f."sim" desc, f."id" limit 1) as "best_firm"`;
  return { sql, params };
}
