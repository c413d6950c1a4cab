import { planPage } from './far-end-page.js';

/** What the plan reads out of 0..total-1 in the asked order: the page the client asked for. */
function read(page: { offset: number; limit: number }, total: number): number[] {
  const all = Array.from({ length: total }, (_, i) => i);
  const plan = planPage(page, total);
  if (!plan.reversed) return all.slice(plan.offset, plan.offset + plan.limit);
  return [...all].reverse().slice(plan.offset, plan.offset + plan.limit).reverse();
}

describe('planPage', () => {
  it('reads a front page forwards as asked', () => {
    expect(planPage({ offset: 0, limit: 20 }, 200_000)).toEqual({ reversed: false, offset: 0, limit: 20 });
  });

  it('reads the last page from the other end, skipping nothing', () => {
    expect(planPage({ offset: 199_980, limit: 20 }, 200_000)).toEqual({ reversed: true, offset: 0, limit: 20 });
    expect(planPage({ offset: 199_990, limit: 20 }, 199_999)).toEqual({ reversed: true, offset: 0, limit: 9 });
  });

  it('answers exactly the asked rows for every page position, short last pages and ranges past the end', () => {
    for (const total of [0, 1, 7, 20, 45]) {
      for (let offset = 0; offset <= total + 3; offset++) {
        for (const limit of [1, 5, 20]) {
          expect(read({ offset, limit }, total)).toEqual(Array.from({ length: total }, (_, i) => i).slice(offset, offset + limit));
        }
      }
    }
  });

  it('never skips more than half the list', () => {
    for (let offset = 0; offset < 1000; offset += 37) {
      const plan = planPage({ offset, limit: 25 }, 1000);
      expect(plan.offset).toBeLessThanOrEqual(500);
    }
  });
});
