/**
 * The ra-data-simple-rest dialect of docs/design.md §3: `sort=["f","ASC"]`, `range=[0,24]`,
 * `filter={...}` in, an array plus `Content-Range` out. Parsing and checking live
 * here once; each service turns `filter` into its own SQL conditions.
 */
import type { Response } from 'express';
import { MSG } from '../../../common/messages.js';
import { ApiError } from './api-error.js';
import { isValidId } from './id.dto.js';
import { checkFilterKeys } from './list-filter.js';

export interface ListQuery {
  sort?: string;
  range?: string;
  filter?: string;
}

export interface ListParams<F extends string = string> {
  sort: { field: F; order: 'ASC' | 'DESC' } | null;
  /** null: the whole list (SPEC's own calls send no range). */
  page: { offset: number; limit: number } | null;
  filter: Record<string, unknown>;
}

export interface ListResult<T> {
  items: T[];
  total: number;
}

const MAX_PAGE = 1000;

/**
 * `filterable`: the filter keys the list knows. Any other key is refused with 400 here, for every list alike
 * (list-filter.ts says why), so no list can forget it.
 */
export function parseListQuery<F extends string>(query: ListQuery, sortable: readonly F[], filterable: readonly string[]): ListParams<F> {
  const sort = parseJson(query.sort, 'sort');
  const range = parseJson(query.range, 'range');
  const filter = parseJson(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || Array.isArray(filter)) throw new ApiError(400, MSG.invalidListParam('filter'));
  checkFilterKeys(filter as Record<string, unknown>, filterable);

  let sortParam: ListParams<F>['sort'] = null;
  if (sort !== undefined && sort !== null) {
    // Exactly ["field", "ASC" | "DESC"]: anything else (an object, a number, a third item) is refused by name.
    if (!Array.isArray(sort) || sort.length !== 2) throw new ApiError(400, MSG.invalidListParam('sort'));
    const [field, order] = sort;
    if (!sortable.includes(field as F) || (order !== 'ASC' && order !== 'DESC')) {
      throw new ApiError(400, MSG.invalidListParam('sort'));
    }
    sortParam = { field: field as F, order };
  }

  let page: ListParams<F>['page'] = null;
  if (range !== undefined && range !== null) {
    // Exactly [start, end], whole numbers PostgreSQL's OFFSET/LIMIT can take.
    if (!Array.isArray(range) || range.length !== 2) throw new ApiError(400, MSG.invalidListParam('range'));
    const [start, end] = range;
    if (!isRangeIndex(start) || !isRangeIndex(end) || end < start) throw new ApiError(400, MSG.invalidListParam('range'));
    page = { offset: start, limit: Math.min(end - start + 1, MAX_PAGE) };
  }
  return { sort: sortParam, page, filter: filter as Record<string, unknown> };
}

function isRangeIndex(n: unknown): n is number {
  return Number.isSafeInteger(n) && (n as number) >= 0;
}

/** Sets the header react-admin reads for the total, e.g. `companies 0-24/319`. */
export function sendContentRange(res: Response, resource: string, params: ListParams, result: ListResult<unknown>): void {
  const start = params.page?.offset ?? 0;
  const end = result.items.length ? start + result.items.length - 1 : start;
  res.setHeader('Content-Range', `${resource} ${start}-${end}/${result.total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
}

/** The `id` filter of getMany: one id or a list of them. */
export function idsFilter(filter: Record<string, unknown>): number[] | undefined {
  if (filter.id === undefined) return undefined;
  const ids = (Array.isArray(filter.id) ? filter.id : [filter.id]).map(Number);
  if (!ids.every(isValidId)) throw new ApiError(400, MSG.invalidListParam('filter'));
  return ids;
}

/** The `q` filter: a trimmed search text, or undefined. Escaped for LIKE. */
export function searchPattern(filter: Record<string, unknown>): string | undefined {
  const q = typeof filter.q === 'string' ? filter.q.trim() : '';
  return q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}

/** One JSON value from one query parameter; a repeated parameter (an array from Express) is refused too. */
function parseJson(value: unknown, name: string): unknown {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new ApiError(400, MSG.invalidListParam(name));
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new ApiError(400, MSG.invalidListParam(name));
  }
}
