import { maxDiscountPercentage } from '../../../../common/discount-page.js';
import { CLAIMS } from '../../../../common/marketing.js';
import { DEMO_DISCOUNTS } from './discounts.seed.js';

describe('demo discounts agree with what the pages claim', () => {
  it("make /discounts' 'Save up to N% OFF' the home page's 'up to 50% off' (docs/spec.md §1)", () => {
    const listed = DEMO_DISCOUNTS.filter((d) => d.status !== 'expired');
    expect(maxDiscountPercentage(listed)).toBe(CLAIMS.maxDiscountPercent);
    for (const d of DEMO_DISCOUNTS) expect({ title: d.title, over: (d.discountPercentage ?? 0) > CLAIMS.maxDiscountPercent }).toEqual({ title: d.title, over: false });
  });

  it('price pairs match their percentage', () => {
    for (const d of DEMO_DISCOUNTS) {
      if (d.discountPercentage === undefined || d.originalPrice === undefined || d.discountedPrice === undefined) continue;
      expect({ title: d.title, price: d.discountedPrice }).toEqual({
        title: d.title,
        price: Math.round(d.originalPrice * (100 - d.discountPercentage)) / 100,
      });
    }
  });
});
