import { dealCardTexts, digestContent, digestHtml, type DigestDiscount } from './campaigns.js';

const now = new Date('2026-11-30T14:00:00Z');
const since = new Date('2026-11-23T14:00:00Z');
const deal = (id: number, over: Partial<DigestDiscount> = {}): DigestDiscount => ({
  id, title: `Deal ${id}`, companyName: 'Firm', discountCode: `CODE${id}`, discountPercentage: 10 * id,
  createdAt: '2026-11-01T00:00:00Z', validUntil: null, lastVerifiedAt: '2026-11-29T10:00:00Z', ...over,
});

describe('digest content rules', () => {
  it('an empty week drafts nothing', () => {
    expect(digestContent({ discounts: [deal(1)], posts: [{ id: 1, title: 'Old', publishedAt: '2026-11-01T00:00:00Z' }], firmChanges: [] }, since, now)).toBeNull();
  });

  it('takes deals added since the last digest, and deals ending within 7 days, each once', () => {
    const c = digestContent({
      discounts: [
        deal(1, { createdAt: '2026-11-25T00:00:00Z' }),
        deal(2, { createdAt: '2026-11-25T00:00:00Z', validUntil: '2026-12-02T00:00:00Z' }), // new and ending: listed as new only
        deal(3, { validUntil: '2026-12-05T00:00:00Z' }), // ending in 5 days
        deal(4, { validUntil: '2026-12-20T00:00:00Z' }), // ending later: not in
        deal(5, { validUntil: '2026-11-29T00:00:00Z' }), // already over: not in
        deal(6, { createdAt: '2026-11-20T00:00:00Z' }), // before the last digest
      ],
      posts: [{ id: 9, title: 'New post', publishedAt: '2026-11-26T00:00:00Z' }],
      firmChanges: [{ id: 1, companyName: 'Acme', date: '2026-11-24', change: 'Payouts weekly' }, { id: 2, companyName: 'Old', date: '2026-11-23', change: 'x' }],
    }, since, now)!;
    expect(c.newDeals.map((d) => d.id)).toEqual([1, 2]);
    expect(c.endingSoon.map((d) => d.id)).toEqual([3]);
    expect(c.posts.map((p) => p.id)).toEqual([9]);
    expect(c.firmChanges.map((f) => f.id)).toEqual([1]);
    expect(c.subject).toBe('2 new verified deals this week: up to 20% off');
    expect(c.previewText).toBe('2 new deals · 1 ending soon · 1 new post · 1 firm change');
    const html = digestHtml(c);
    expect(html).toContain('<p>{{deal:1}}</p><p>{{deal:2}}</p><h2>Ending soon</h2><p>{{deal:3}}</p>');
    expect(html).toContain('<li><strong>Acme</strong> (2026-11-24): Payouts weekly</li>');
  });

  it('a week with only an ending deal says so in the subject', () => {
    const c = digestContent({ discounts: [deal(3, { validUntil: '2026-12-01T00:00:00Z' })], posts: [], firmChanges: [] }, since, now)!;
    expect(c.subject).toBe('1 deal ending soon');
  });

  it('deal cards use the site’s verification label and percentage format', () => {
    expect(dealCardTexts({ discountPercentage: 12.5, discountCode: 'SAVE', lastVerifiedAt: '2026-11-30T01:00:00Z' }, now)).toEqual({ off: '12.5% off', code: 'SAVE', verified: 'Verified today' });
    expect(dealCardTexts({ discountPercentage: null, discountCode: null, lastVerifiedAt: null }, now).off).toBeNull();
  });
});
