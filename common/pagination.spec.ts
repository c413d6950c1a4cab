import { pageCount, pageList } from './pagination.js';

describe('pageList (docs/spec.md §9: all pages when 7 or fewer, else ellipses)', () => {
  it('lists every page up to 7 pages', () => {
    expect(pageList(1, 0)).toEqual([]);
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(3, 3)).toEqual([1, 2, 3]);
    expect(pageList(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('uses ellipses from 8 pages on, keeping first, last and the current page with its neighbours', () => {
    expect(pageList(1, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 8]);
    expect(pageList(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(pageList(5, 20)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 20]);
    expect(pageList(10, 20)).toEqual([1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]);
    expect(pageList(16, 20)).toEqual([1, 'ellipsis', 15, 16, 17, 'ellipsis', 20]);
    expect(pageList(17, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
    expect(pageList(20, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
    expect(pageList(2500, 5000)).toEqual([1, 'ellipsis', 2499, 2500, 2501, 'ellipsis', 5000]);
  });

  it('always holds 7 items, the current page, and the first and last page', () => {
    for (let total = 8; total <= 30; total++) {
      for (let page = 1; page <= total; page++) {
        const list = pageList(page, total);
        expect(list).toHaveLength(7);
        expect(list).toContain(page);
        expect(list[0]).toBe(1);
        expect(list.at(-1)).toBe(total);
      }
    }
  });

  it('clamps a current page outside 1..total', () => {
    expect(pageList(0, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 10]);
    expect(pageList(99, 10)).toEqual([1, 'ellipsis', 6, 7, 8, 9, 10]);
  });
});

describe('pageCount', () => {
  it('rounds up and gives 0 pages for no rows', () => {
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(1, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(100_000, 20)).toBe(5000);
  });
});
