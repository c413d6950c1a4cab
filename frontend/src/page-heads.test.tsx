/**
 * A page's head data comes from its head builder (page-heads.ts, named by its entry in pages.tsx), for the server
 * render and for a navigation alike: what decides a 404 head, a list past its end, a comparison's names and the
 * admin's loading title.
 */
import { describe, expect, it } from '@jest/globals';
import type { BlogListResponse, BlogPostWithRelated } from '../../common/api-types.js';
import type { FirmCompareDto } from '../../common/firm-api-types.js';
import { matchRoute } from '../../common/seo/page-route.js';
import { ApiRequestError } from './lib/api.js';
import { ADMIN_HEAD, BLOG_LIST_HEAD, COMPARE_HEAD, POST_HEAD, type HeadAnswer } from './page-heads.js';

const answer = <T,>(data: T | undefined, more: Partial<HeadAnswer<T>> = {}): HeadAnswer<T> =>
  ({ data, error: undefined, pending: false, server: true, ...more }) as HeadAnswer<T>;

describe('the pages\' head builders', () => {
  it('names a post that loaded, and says a post that failed to load is missing (a 404 head)', () => {
    const route = matchRoute('/blog/hello');
    const head = POST_HEAD;
    expect(head.query(route)?.queryKey).toEqual(['blog-post', 'hello']);
    const post = { slug: 'hello', title: 'Hello', content: `<p>${'x'.repeat(5000)}</p>`, category: 'news' } as unknown as BlogPostWithRelated;
    const data = head.data(route, answer(post as never));
    expect(data.post?.title).toBe('Hello');
    // Only the beginning of the HTML: enough for a description, not the whole post in the head data.
    expect(data.post?.content?.length).toBe(2000);
    expect(head.data(route, answer(undefined, { error: new ApiRequestError('Not found', 404) }))).toEqual({ post: null });
  });

  it('judges a list page past its end on the server only, and never page 1 or a search', () => {
    const head = BLOG_LIST_HEAD;
    expect(head.serverOnly).toBe(true);
    expect(head.query(matchRoute('/blog', 'page=1'))).toBeUndefined();
    expect(head.query(matchRoute('/blog', 'page=2&q=futures'))).toBeUndefined();
    const list = { items: [], pagination: { page: 9, limit: 9, total: 3, totalPages: 1 } } as unknown as BlogListResponse;
    expect(head.data(matchRoute('/blog', 'page=9'), answer(list as never))).toEqual({ pageOutOfRange: true });
    expect(head.data(matchRoute('/blog', 'page=1'), answer(list as never))).toEqual({ pageOutOfRange: false });
  });

  it('says a comparison is missing when a firm is unknown, or on the server when its read failed; a navigation keeps its head otherwise', () => {
    const route = matchRoute('/firms/compare', 'firms=a,b');
    const head = COMPARE_HEAD;
    const names = { firms: [{ firm: { name: 'A' } }, { firm: { name: 'B' } }] } as unknown as FirmCompareDto;
    expect(head.data(route, answer(names as never))).toEqual({ compareNames: ['A', 'B'] });
    const down = new ApiRequestError('Service unavailable', 503);
    expect(head.data(route, answer(undefined, { error: down }))).toEqual({ compareNames: null });
    expect(head.data(route, answer(undefined, { error: down, server: false }))).toEqual({});
    expect(head.data(route, answer(undefined, { error: new ApiRequestError('Not found', 404), server: false }))).toEqual({ compareNames: null });
  });

  it('shows the admin edit page as loading until the post\'s title is known, without waiting for it', () => {
    const route = matchRoute('/admin/blog-posts/7/edit');
    const head = ADMIN_HEAD;
    expect(head.waits).toBe(false);
    expect(head.query(route)?.queryKey).toEqual(['page-head', 'admin-post', 7]);
    expect(head.data(route, answer(undefined, { pending: true }))).toEqual({ adminPostTitle: null, adminPostLoading: true });
    expect(head.data(route, answer('Draft' as never))).toEqual({ adminPostTitle: 'Draft', adminPostLoading: false });
    expect(head.query(matchRoute('/admin/blog-posts/abc/edit'))).toBeUndefined();
  });
});
