import type { BlogPostJson } from './api-types.js';
import { MSG } from './messages.js';
import { EMPTY_POST, fromDateInput, fromDateTimeInput, parseTags, timeZoneLabel, toDateTimeInput, POST_RULES, toDateInput, toPayload, valuesFromPost } from './post-form.js';

const localMidnight = (y: number, mo: number, d: number) => new Date(y, mo - 1, d).toISOString();

const post: BlogPostJson = {
  id: 5, slug: 'funded-in-30-days', title: 'Funded in 30 days', excerpt: 'How it went', content: '<p>Body</p>',
  metaTitle: 'Funded', metaDescription: null, featuredImageUrl: '/media/cd.webp', publishedAt: localMidnight(2026, 3, 9),
  authorName: 'Ana', category: 'guide', tags: ['funding', 'risk'], companyIds: [3], status: 'published',
  createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', version: 3,
};

describe('post form values', () => {
  it('fills the form from a stored post: tags as one text, the date and time in the local zone', () => {
    expect(valuesFromPost(post)).toEqual({
      title: 'Funded in 30 days', slug: 'funded-in-30-days', content: '<p>Body</p>', metaTitle: 'Funded', metaDescription: '',
      status: 'published', publishedAt: '2026-03-09T00:00', category: 'guide', tags: 'funding, risk', companyIds: [3],
      featuredImageUrl: '/media/cd.webp', excerpt: 'How it went', authorName: 'Ana',
    });
  });

  it('sends the stored post back unchanged', () => {
    expect(toPayload(valuesFromPost(post), post)).toEqual({
      title: post.title, slug: post.slug, content: post.content, status: 'published', category: 'guide',
      excerpt: 'How it went', featuredImageUrl: '/media/cd.webp', authorName: 'Ana', tags: ['funding', 'risk'], companyIds: [3],
      publishedAt: post.publishedAt, metaTitle: 'Funded', metaDescription: null,
    });
  });

  it('keeps a scheduled minute: saving unchanged sends the stored instant itself, seconds included (issue #18)', () => {
    const scheduled = { ...post, publishedAt: new Date(2026, 10, 26, 14, 56, 30).toISOString() };
    const values = valuesFromPost(scheduled);
    expect(values.publishedAt).toBe('2026-11-26T14:56');
    expect(toPayload(values, scheduled).publishedAt).toBe(scheduled.publishedAt);
    // A changed minute is the editor's local time.
    expect(toPayload({ ...values, publishedAt: '2026-11-26T15:10' }, scheduled).publishedAt).toBe(new Date(2026, 10, 26, 15, 10).toISOString());
  });

  it('round-trips every minute of a day through the local date-time input', () => {
    for (let m = 0; m < 24 * 60; m += 7) {
      const iso = new Date(2026, 2, 29, 0, m).toISOString(); // a DST change day in Europe
      expect(fromDateTimeInput(toDateTimeInput(iso))).toBe(iso);
    }
    expect(fromDateTimeInput('2026-01-31')).toBe(localMidnight(2026, 1, 31));
    expect(fromDateTimeInput('31.01.2026 10:00')).toBeNull();
  });

  it('names the editor\'s time zone with its offset', () => {
    expect(timeZoneLabel(new Date(), 'Europe/Paris')).toMatch(/^Europe\/Paris \(UTC[+-]\d{2}:\d{2}\)$/);
  });

  it('sends empty optional fields as null, trims text, and a draft without a publish date', () => {
    const payload = toPayload({ ...EMPTY_POST, title: '  Hello ', slug: ' hello ', content: 'x', excerpt: '  ', publishedAt: '2026-03-09' });
    expect(payload).toEqual({
      title: 'Hello', slug: 'hello', content: 'x', status: 'draft', category: 'general', excerpt: null,
      featuredImageUrl: null, authorName: null, tags: [], companyIds: [], publishedAt: null, metaTitle: null, metaDescription: null,
    });
  });

  it('keeps the publish date of an archived post', () => {
    expect(toPayload({ ...EMPTY_POST, status: 'archived', publishedAt: '2025-12-31' }).publishedAt).toBe(localMidnight(2025, 12, 31));
  });

  it('splits tags on commas, trims them and drops empty ones (docs/spec.md §5)', () => {
    expect(parseTags(' a , b,,  ,c ')).toEqual(['a', 'b', 'c']);
    expect(parseTags('')).toEqual([]);
  });

  it('maps the date input to local midnight and back', () => {
    expect(fromDateInput('2026-01-31')).toBe(localMidnight(2026, 1, 31));
    expect(toDateInput(fromDateInput('2026-01-31'))).toBe('2026-01-31');
    expect(fromDateInput('')).toBeNull();
    expect(fromDateInput('31.01.2026')).toBeNull();
    expect(toDateInput(null)).toBe('');
    expect(toDateInput('garbage')).toBe('');
  });

  it('fills defaults for a post with missing optional fields', () => {
    const bare = { ...post, tags: [], publishedAt: null, excerpt: null, authorName: null, featuredImageUrl: null, metaTitle: null };
    expect(valuesFromPost(bare)).toMatchObject({ tags: '', publishedAt: '', excerpt: '', authorName: '', featuredImageUrl: '', metaTitle: '' });
  });
});

describe('post form rules (docs/spec.md §5)', () => {
  it('answers the messages of common/messages.ts', () => {
    expect(POST_RULES.title('  ')).toBe(MSG.titleRequired);
    expect(POST_RULES.title('A')).toBe(true);
    expect(POST_RULES.slug('')).toBe(MSG.slugRequired);
    expect(POST_RULES.slug('Not A Slug')).toBe(MSG.slugFormat);
    expect(POST_RULES.slug('a-good-slug')).toBe(true);
    expect(POST_RULES.content(' ')).toBe(MSG.contentRequired);
  });
});
