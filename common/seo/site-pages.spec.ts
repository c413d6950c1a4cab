import { matchRoute } from './page-route.js';
import { findPage, routePath, SITE_PAGES } from './site-pages.js';

describe('the list of pages', () => {
  it('gives each page one id', () => {
    expect(new Set(SITE_PAGES.map((p) => p.id)).size).toBe(SITE_PAGES.length);
  });

  it('is what matchRoute matches: every page path, its parameters filled, is a page of its own kind', () => {
    for (const page of SITE_PAGES) {
      const path = page.path.replace(/:\w+/g, 'sample-slug').replace('*', 'anything');
      expect({ path, kind: matchRoute(path).kind }).toEqual({ path, kind: page.kind });
    }
  });

  it('ranks a static segment above a parameter, as react-router does, and keeps the parameter as typed', () => {
    expect(findPage(['firms', 'compare'])?.page.id).toBe('firms-compare');
    expect(findPage(['Firms', 'ftmo'])).toMatchObject({ page: { id: 'firm' }, params: { slug: 'ftmo' } });
    expect(findPage(['discounts', 'expired'])?.page.id).toBe('discounts-expired');
    expect(findPage(['blog', 'News'])?.page.id).toBe('blog-news');
    expect(findPage(['blog', 'My-Post'])).toMatchObject({ page: { id: 'post' }, params: { slug: 'My-Post' } });
    expect(findPage(['admin', 'blog-posts', '4', 'edit'])?.page.id).toBe('admin');
    expect(findPage(['about', 'team'])).toBeUndefined();
  });

  it('writes the router paths relative, as nested react-router routes take them', () => {
    expect(routePath('discount')).toBe('discounts/:slug');
    expect(routePath('admin')).toBe('admin/*');
  });
});
