/**
 * OFFSET pages cost what they skip: the last page of 200,000 rows walks 200,000 index entries. A page in the
 * back half of a list is the same rows read from the other end in the reverse order, skipping only what lies
 * behind it, then turned round. Pure, so the arithmetic is unit-tested.
 */
export interface PagePlan {
  /** Read in the reverse order, then reverse the rows. */
  reversed: boolean;
  offset: number;
  limit: number;
}

export function planPage(page: { offset: number; limit: number }, total: number): PagePlan {
  const end = Math.min(page.offset + page.limit, total);
  if (page.offset >= total) return { reversed: false, offset: page.offset, limit: 0 };
  if (page.offset <= total - end) return { reversed: false, offset: page.offset, limit: page.limit };
  return { reversed: true, offset: total - end, limit: end - page.offset };
}
