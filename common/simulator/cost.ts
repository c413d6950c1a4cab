/**
 * Expected cost to funded from a simulated pass probability: the site's one price function (common/true-cost.ts)
 * with the simulated rate in place of the published one, so the simulator and the firm pages cannot disagree.
 */
import { trueCost } from '../true-cost.js';

export interface CostInput {
  /** The fee after our best code. */
  feeAfterCode: number;
  resetPrice: number | null;
  activationFee: number | null;
}

/** Expected cost in dollars (to the cent) at pass probability p (0..1); null when p is 0 (never funded). */
export function costToFunded(input: CostInput, passProbability: number): number | null {
  if (!(passProbability > 0)) return null;
  return trueCost({ ...input, publishedPassRate: Math.min(1, passProbability) * 100 }).expectedCost;
}
