/** Pure page-list rule of the admin subscriber table (docs/spec.md §9); no framework imports. */

/** Up to this many pages every page number is shown; beyond it, ellipses stand for the gaps. */
export const PAGE_LIST_ALL_MAX = 7;

export type PageListItem = number | 'ellipsis';

/**
 * The page links to show for `current` of `total` pages (1-based): every page when there are 7 or
 * fewer, else the first and last page, the current one with a neighbour on each side, and an
 * 'ellipsis' for each gap. Near either end the window widens so the list keeps 7 items, e.g.
 * 1 2 3 4 5 … 20, 1 … 9 10 11 … 20, 1 … 16 17 18 19 20.
 */
export function pageList(current: number, total: number): PageListItem[] {
  const last = Math.max(0, Math.floor(total));
  if (last <= PAGE_LIST_ALL_MAX) return Array.from({ length: last }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, Math.floor(current) || 1), last);
  if (page <= 4) return [1, 2, 3, 4, 5, 'ellipsis', last];
  if (page >= last - 3) return [1, 'ellipsis', last - 4, last - 3, last - 2, last - 1, last];
  return [1, 'ellipsis', page - 1, page, page + 1, 'ellipsis', last];
}

/** Number of pages for `total` rows at `pageSize` per page (0 rows: 0 pages). */
export function pageCount(total: number, pageSize: number): number {
  return total > 0 && pageSize > 0 ? Math.ceil(total / pageSize) : 0;
}
