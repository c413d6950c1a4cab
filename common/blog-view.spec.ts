import {
  BLOG_SIDEBAR_CATEGORIES, blogCategoryListName, blogListApiPath, blogSearchPath, blogTagPath, formatPublishedDate, headingIds, pageFromParam, pageHref, searchCountLabel,
} from './blog-view.js';
import { BLOG_CATEGORIES } from './enums.js';

describe('blog list page number from the URL (SPEC §5)', () => {
  it.each([
    [null, 1],
    ['', 1],
    ['1', 1],
    ['3', 3],
    ['2abc', 2],
    ['abc', 1],
    ['0', 1],
    ['-4', 1],
    ['1e3', 1],
    ['99999999999999999999', 1],
  ])('%p -> %p', (value, page) => {
    expect(pageFromParam(value)).toBe(page);
  });
});

describe('blog list call (SPEC §7: only provided parameters are sent)', () => {
  it('sends page and limit alone when nothing filters the list', () => {
    expect(blogListApiPath(1, 9)).toBe('/_api/blog-posts?page=1&limit=9');
  });

  it('adds category, tag and q when given, encoded', () => {
    expect(blogListApiPath(2, 9, { category: 'guide', tag: 'risk management', q: 'payout & speed' })).toBe(
      '/_api/blog-posts?page=2&limit=9&category=guide&tag=risk+management&q=payout+%26+speed',
    );
  });

  it('leaves out blank filters', () => {
    expect(blogListApiPath(1, 9, { tag: '  ', q: '' })).toBe('/_api/blog-posts?page=1&limit=9');
  });
});

describe('published date on the cards (SPEC §2)', () => {
  it('uses the long US format', () => {
    expect(formatPublishedDate(new Date(2025, 0, 5, 12))).toBe('January 5, 2025');
    expect(formatPublishedDate(new Date(2024, 11, 31, 9).toISOString())).toBe('December 31, 2024');
  });

  it.each([null, undefined, '', 'not a date'])("shows 'N/A' for %p", (value) => {
    expect(formatPublishedDate(value)).toBe('N/A');
  });
});

describe('pagination links (SPEC §2: ?page={n})', () => {
  it('sets the page and keeps the other parameters', () => {
    expect(pageHref('/blog', '?tag=futures', 2)).toBe('/blog?tag=futures&page=2');
    expect(pageHref('/blog/news', '?page=2', 3)).toBe('/blog/news?page=3');
  });

  it('drops the parameter for page 1', () => {
    expect(pageHref('/blog', '?page=2', 1)).toBe('/blog');
    expect(pageHref('/blog', '?q=ftmo&page=2', 1)).toBe('/blog?q=ftmo');
  });
});

describe('tag and search links (SPEC §2)', () => {
  it('goes to /blog?tag={tag}', () => {
    expect(blogTagPath('payouts')).toBe('/blog?tag=payouts');
    expect(blogTagPath('profit split')).toBe('/blog?tag=profit+split');
  });

  it('goes to /blog?q={text} only when the text is not blank', () => {
    expect(blogSearchPath('  drawdown ')).toBe('/blog?q=drawdown');
    expect(blogSearchPath('   ')).toBeUndefined();
  });
});

describe('heading anchors of a post', () => {
  it('slugifies the headings and keeps them unique', () => {
    expect(headingIds(['Payout speed', 'The Rules', 'Payout speed', '!!!'])).toEqual(['payout-speed', 'the-rules', 'payout-speed-2', 'section']);
  });

  it('does not reuse ids the page already has', () => {
    expect(headingIds(['Main'], ['main'])).toEqual(['main-2']);
  });
});

describe('sidebar categories', () => {
  it('lists every category once', () => {
    expect(BLOG_SIDEBAR_CATEGORIES.map((c) => c.category).sort()).toEqual([...BLOG_CATEGORIES].sort());
  });

  it('names each list in the plural where it has one', () => {
    expect(BLOG_CATEGORIES.map(blogCategoryListName)).toEqual(['Reviews', 'Guides', 'News', 'General']);
  });
});

describe('searchCountLabel (issue #21: exact up to the cap, then "1,000+")', () => {
  it('counts exactly below the cap, with thousands separated', () => {
    expect(searchCountLabel({ total: 0, more: false })).toBe('0 results');
    expect(searchCountLabel({ total: 1, more: false })).toBe('1 result');
    expect(searchCountLabel({ total: 999, more: false })).toBe('999 results');
    expect(searchCountLabel({ total: 1000, more: false })).toBe('1,000 results');
  });

  it('says "1,000+" when matches went uncounted past the cap', () => {
    expect(searchCountLabel({ total: 1000, more: true })).toBe('1,000+ results');
  });
});
