import {
  BLOG_SIDEBAR_CATEGORIES, blogCategoryListName, blogListApiPath, blogSearchPath, blogTagPath, formatPublishedDate, headingIds, pageHref, blogEmptyText, searchCountLabel,
} from './blog-view.js';
import { BLOG_CATEGORIES } from './enums.js';
import { BLOG_TEXT } from './messages.js';

describe('what an empty blog list says (issue 22: say what was searched, lead back to all posts)', () => {
  it.each([
    ['a search that found nothing', 1, 0, { q: 'zzzqqq' }, BLOG_TEXT.noSearchResults('zzzqqq'), true],
    ['an unknown tag', 1, 0, { tag: 'nope' }, BLOG_TEXT.noTaggedPosts('nope'), true],
    ['a page past the end', 7, 4, {}, BLOG_TEXT.pastTheEnd(7, 4), true],
    ['a search page past its end', 3, 1, { q: 'payout' }, BLOG_TEXT.pastTheEnd(3, 1), true],
    ['an empty category', 1, 0, { category: 'news' as const }, BLOG_TEXT.emptyText, true],
    ['no posts at all (SPEC §2 words)', 1, 0, {}, BLOG_TEXT.emptyText, false],
  ])('%s', (_name, page, totalPages, filter, text, allPosts) => {
    expect(blogEmptyText(page, totalPages, filter)).toEqual({ text, allPosts });
  });

  it('keeps SPEC §2 words for the list that is simply empty', () => {
    expect(BLOG_TEXT.emptyText).toBe('There are no published posts to display at this time.');
    expect(BLOG_TEXT.pastTheEnd(2, 1)).toBe('There is no page 2 of this list: it has 1 page.');
  });
});

describe('blog list call (docs/spec.md §7: only provided parameters are sent)', () => {
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

describe('published date on the cards (docs/spec.md §2)', () => {
  it('uses the long US format', () => {
    expect(formatPublishedDate(new Date(2025, 0, 5, 12))).toBe('January 5, 2025');
    expect(formatPublishedDate(new Date(2024, 11, 31, 9).toISOString())).toBe('December 31, 2024');
  });

  it.each([null, undefined, '', 'not a date'])("shows 'N/A' for %p", (value) => {
    expect(formatPublishedDate(value)).toBe('N/A');
  });
});

describe('pagination links (docs/spec.md §2: ?page={n})', () => {
  it('sets the page and keeps the other parameters', () => {
    expect(pageHref('/blog', '?tag=futures', 2)).toBe('/blog?tag=futures&page=2');
    expect(pageHref('/blog/news', '?page=2', 3)).toBe('/blog/news?page=3');
  });

  it('drops the parameter for page 1', () => {
    expect(pageHref('/blog', '?page=2', 1)).toBe('/blog');
    expect(pageHref('/blog', '?q=ftmo&page=2', 1)).toBe('/blog?q=ftmo');
  });
});

describe('tag and search links (docs/spec.md §2)', () => {
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
