import { matchRoute, parsePage, trailingSlashRedirect } from './page-route.js';

describe('matchRoute', () => {
  it.each([
    ['/', 'home'],
    ['/about', 'about'],
    ['/discounts', 'discounts'],
    ['/login', 'login'],
    ['/newsletter/unsubscribe', 'unsubscribe'],
    ['/About', 'about'],
    ['/nope', 'notFound'],
    ['/about/team', 'notFound'],
    ['/blog/news/extra', 'notFound'],
    ['/blog/%E0%A4%A', 'notFound'],
    ['/blog/a%2Fb', 'notFound'],
  ])('%s is %s', (path, kind) => {
    expect(matchRoute(path).kind).toBe(kind);
  });

  it('reads blog lists with page, tag, search and category', () => {
    expect(matchRoute('/blog')).toEqual({ kind: 'blog', path: '/blog', page: 1 });
    expect(matchRoute('/blog', '?page=3&tag=%20risk%20&q=ftmo&category=General')).toEqual({
      kind: 'blog', path: '/blog', page: 3, tag: 'risk', q: 'ftmo', category: 'general',
    });
    expect(matchRoute('/blog', 'category=bogus')).toEqual({ kind: 'blog', path: '/blog', page: 1 });
    expect(matchRoute('/blog/news', '?page=2')).toEqual({ kind: 'blog', path: '/blog/news', page: 2, category: 'news' });
    expect(matchRoute('/blog/guides')).toMatchObject({ category: 'guide' });
    expect(matchRoute('/blog/reviews')).toMatchObject({ category: 'review' });
    expect(matchRoute('/blog/reviews', new URLSearchParams('tag=x'))).toEqual({ kind: 'blog', path: '/blog/reviews', page: 1, category: 'review' });
  });

  it('treats a page that is not a positive integer as not found', () => {
    for (const page of ['0', '-1', 'abc', '1.5', '99999999999']) expect(matchRoute('/blog', `page=${page}`).kind).toBe('notFound');
    expect(matchRoute('/blog', 'page=')).toMatchObject({ kind: 'blog', page: 1 });
  });

  it('reads a post slug, decoded, with its case kept', () => {
    expect(matchRoute('/blog/my-first-post')).toEqual({ kind: 'post', path: '/blog/my-first-post', slug: 'my-first-post' });
    expect(matchRoute('/blog/caf%C3%A9')).toEqual({ kind: 'post', path: '/blog/caf%C3%A9', slug: 'caf\u00e9' });
    expect(matchRoute(`/blog/${'a'.repeat(201)}`).kind).toBe('notFound');
  });

  it('reads the admin sections', () => {
    expect(matchRoute('/admin')).toMatchObject({ kind: 'admin', section: 'dashboard' });
    expect(matchRoute('/admin/companies')).toMatchObject({ section: 'companies' });
    expect(matchRoute('/admin/discounts/5')).toMatchObject({ section: 'discounts' });
    expect(matchRoute('/admin/blog-posts')).toMatchObject({ section: 'blog-posts' });
    expect(matchRoute('/admin/blog-posts/new')).toMatchObject({ section: 'new-post' });
    expect(matchRoute('/admin/blog-posts/42/edit')).toEqual({ kind: 'admin', path: '/admin/blog-posts/42/edit', section: 'edit-post', postId: 42 });
    expect(matchRoute('/admin/blog-posts/x/edit')).toEqual({ kind: 'admin', path: '/admin/blog-posts/x/edit', section: 'edit-post' });
    expect(matchRoute('/admin/newsletter')).toMatchObject({ section: 'newsletter' });
    expect(matchRoute('/admin/whatever')).toMatchObject({ kind: 'admin', section: 'other' });
  });
});

describe('trailingSlashRedirect', () => {
  it('moves old trailing-slash URLs to the path without it, keeping the query', () => {
    expect(trailingSlashRedirect('/blog/')).toBe('/blog');
    expect(trailingSlashRedirect('/about/', '?ref=x')).toBe('/about?ref=x');
    expect(trailingSlashRedirect('/blog/news//', 'page=2')).toBe('/blog/news?page=2');
  });

  it('leaves / and clean paths alone, and never redirects off the site', () => {
    expect(trailingSlashRedirect('/')).toBeNull();
    expect(trailingSlashRedirect('/blog')).toBeNull();
    expect(trailingSlashRedirect('//evil.example/')).toBe('/evil.example');
  });
});

describe('parsePage', () => {
  it('parses pages', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('7')).toBe(7);
    expect(parsePage('0')).toBeUndefined();
  });
});
