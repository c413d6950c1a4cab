/**
 * Per-resource checks of a list's `filter={...}` (rest-list.ts parses it; each service says which keys it knows).
 * A key the resource does not filter by is refused rather than ignored: a list silently unfiltered would look
 * like a right answer to the admin who asked for less.
 */
import { MSG } from '../../../common/messages.js';
import { ApiError } from './api-error.js';

export function checkFilterKeys(filter: Record<string, unknown>, known: readonly string[]): void {
  const unknown = Object.keys(filter).filter((key) => !known.includes(key));
  if (unknown.length) {
    throw new ApiError(400, MSG.invalidListParam('filter'), { filter: MSG.unknownProperties(unknown) });
  }
}

/** A boolean filter (react-admin sends booleans; a select may send 'true'/'false'); absent or empty → undefined. */
export function booleanFilter(filter: Record<string, unknown>, key: string): boolean | undefined {
  const value = filter[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new ApiError(400, MSG.invalidListParam('filter'), { [`filter.${key}`]: MSG.invalidListParam('filter') });
}

/**
 * The ORDER BY direction of an admin sort: empty values last in both directions. Only a nullable column says
 * NULLS LAST: PostgreSQL matches an index to ORDER BY by its NULLS order too, and a plain index read backwards
 * is DESC NULLS FIRST, so `id desc nulls last` would sort the whole table where `id desc` reads 25 index entries.
 */
export function sortDirection(order: 'ASC' | 'DESC', nullable: boolean): 'asc' | 'desc' | 'asc nulls last' | 'desc nulls last' {
  const dir = order === 'ASC' ? 'asc' : 'desc';
  return nullable ? `${dir} nulls last` : dir;
}
