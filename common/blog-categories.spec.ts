import { blogCategoryFromPath, blogCategoryLabel, blogCategoryPath } from './blog-categories.js';
import { BLOG_CATEGORIES } from './enums.js';

describe('blog category routes (docs/design.md §7)', () => {
  it.each([
    ['review', '/blog/reviews'],
    ['guide', '/blog/guides'],
    ['news', '/blog/news'],
    ['general', '/blog?category=general'],
  ] as const)('%s -> %s', (category, path) => {
    expect(blogCategoryPath(category)).toBe(path);
  });

  it('has a route for every category', () => {
    for (const category of BLOG_CATEGORIES) expect(blogCategoryPath(category)).toMatch(/^\/blog/);
  });

  it.each([
    ['/blog/reviews', 'review'],
    ['/blog/guides/', 'guide'],
    ['/blog/news?page=2', 'news'],
  ] as const)('reads %s back as %s', (path, category) => {
    expect(blogCategoryFromPath(path)).toBe(category);
  });

  it.each(['/blog', '/blog/review', '/blog/some-post', '/blog?category=general', '/about'])('%s is no category list', (path) => {
    expect(blogCategoryFromPath(path)).toBeUndefined();
  });

  it('capitalises labels', () => {
    expect(blogCategoryLabel('review')).toBe('Review');
    expect(blogCategoryLabel('news')).toBe('News');
  });
});
