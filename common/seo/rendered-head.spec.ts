import { matchRoute } from './page-route.js';
import { headDataFromReads, isPreviewPost } from './rendered-head.js';

describe('the head from what a render read', () => {
  const now = new Date('2026-06-01T12:00:00Z');

  it('marks as a preview only a post no visitor could see yet', () => {
    expect(isPreviewPost({ status: 'published', publishedAt: '2026-05-01T00:00:00Z' }, now)).toBe(false);
    expect(isPreviewPost({ status: 'published', publishedAt: new Date('2026-07-01T00:00:00Z') }, now)).toBe(true);
    expect(isPreviewPost({ status: 'draft', publishedAt: null }, now)).toBe(true);
    expect(isPreviewPost({ status: 'published', publishedAt: null }, now)).toBe(true);
  });

  it('says a post, firm or code that failed to read is missing, and a list page past the end is out of range', () => {
    expect(headDataFromReads(matchRoute('/blog/gone'), { post: null })).toEqual({ post: null });
    expect(headDataFromReads(matchRoute('/firms/gone'), { firm: null })).toEqual({ firm: null });
    expect(headDataFromReads(matchRoute('/discounts/gone'), { discount: null })).toEqual({ discount: null });
    const list = { items: [], pagination: { page: 9, limit: 10, total: 3, totalPages: 1 } };
    expect(headDataFromReads(matchRoute('/blog', 'page=9'), { list: list as never })).toEqual({ pageOutOfRange: true });
    expect(headDataFromReads(matchRoute('/about'), {})).toEqual({});
  });
});
