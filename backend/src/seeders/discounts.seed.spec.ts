import { maxDiscountPercentage } from '../../../common/discount-page.js';
import { CLAIMS } from '../../../common/marketing.js';
import { DEMO_DISCOUNTS, demoPriceExample } from './discounts.seed.js';

describe('demo discounts agree with what the pages claim', () => {
  it("make /discounts' 'Save up to N% OFF' the home page's 'up to 50% off' (docs/spec.md §1)", () => {
    const listed = DEMO_DISCOUNTS.filter((d) => d.status !== 'expired');
    expect(maxDiscountPercentage(listed)).toBe(CLAIMS.maxDiscountPercent);
    for (const d of DEMO_DISCOUNTS) expect({ title: d.title, over: (d.discountPercentage ?? 0) > CLAIMS.maxDiscountPercent }).toEqual({ title: d.title, over: false });
  });

  it('every active demo code with a value applies to a listed size of its firm, and no price is $0', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    for (const { firm, validUntilDays, validFromDays: _f, ...d } of DEMO_DISCOUNTS) {
      if (d.status !== 'active' || !d.discountCode || !(d.discountPercentage || d.discountAmount)) continue;
      const validUntil = validUntilDays === undefined ? null : new Date(now.getTime() + validUntilDays * 86_400_000);
      const example = demoPriceExample(firm, { ...d, validUntil }, now);
      expect({ title: d.title, applies: example !== null }).toEqual({ title: d.title, applies: true });
      expect(example!.priceAfterCode).toBeGreaterThan(0);
      expect(example!.priceAfterCode).toBeLessThan(example!.price);
    }
  });
});
