import { isPreviewPost } from './rendered-head.js';

describe('the head from what a render read', () => {
  const now = new Date('2026-06-01T12:00:00Z');

  it('marks as a preview only a post no visitor could see yet', () => {
    expect(isPreviewPost({ status: 'published', publishedAt: '2026-05-01T00:00:00Z' }, now)).toBe(false);
    expect(isPreviewPost({ status: 'published', publishedAt: new Date('2026-07-01T00:00:00Z') }, now)).toBe(true);
    expect(isPreviewPost({ status: 'draft', publishedAt: null }, now)).toBe(true);
    expect(isPreviewPost({ status: 'published', publishedAt: null }, now)).toBe(true);
  });
});
