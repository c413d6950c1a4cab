import { matchRoute, parsePage, trailingSlashRedirect } from './page-route.js';

describe('matchRoute', () => {
  it.each([
    ['/', 'home'],
    ['/about', 'about'],
    ['/discounts', 'discounts'],
    ['/login', 'login'],
    ['/accept-invite', 'accept-invite'],
    ['/account', 'account'],
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

describe('firm pages', () => {
  it('matches /firms with its filters, /firms/:slug, /firms/compare and /methodology', () => {
    const firms = matchRoute('/firms', 'platform=mt5&size=100000&sort=priceAfterCode&utm_source=x');
    expect(firms.kind).toBe('firms');
    expect(firms.kind === 'firms' && firms.query.ok && firms.query.query).toMatchObject({ platform: 'MT5', size: 100000, sort: 'priceAfterCode' });
    expect(matchRoute('/firms/ftmo')).toEqual({ kind: 'firm', path: '/firms/ftmo', slug: 'ftmo' });
    expect(matchRoute('/firms/compare', 'firms=ftmo,the5ers')).toEqual({ kind: 'compare', path: '/firms/compare', slugs: ['ftmo', 'the5ers'] });
    expect(matchRoute('/methodology')).toEqual({ kind: 'methodology', path: '/methodology' });
  });
  it('keeps invalid filters and compare lists as their pages (they answer 400), and unknown shapes as not found', () => {
    const firms = matchRoute('/firms', 'size=big');
    expect(firms.kind === 'firms' && !firms.query.ok && firms.query.errors).toEqual({ size: 'size must be a whole number of US dollars, e.g. 100000' });
    expect(matchRoute('/firms/compare', 'firms=one')).toMatchObject({ kind: 'compare', slugs: null });
    expect(matchRoute('/firms/a/b').kind).toBe('notFound');
    expect(matchRoute('/firms/Bad_Slug').kind).toBe('notFound');
  });
});
