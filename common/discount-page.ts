/**
 * Pure rules of the public /discounts page (SPEC §2, §4, §9): the results header's best
 * percentage, the urgency label on a card, and the traders-used / trending draws.
 * No framework, no DOM: `now` and the random source are parameters, so tests pin them.
 */
import { TRADERS_USED_MAX, TRADERS_USED_MIN, TRENDING_CHANCE } from './constants.js';
import { daysLeft, discountUrgency, type DiscountUrgency } from './discount-rules.js';
import { DISCOUNTS_PAGE } from './messages.js';

/** A source of numbers in [0, 1), like Math.random. */
export type Rng = () => number;

/**
 * The largest discountPercentage among `discounts` (SPEC §2 results header), or null when none
 * has a usable one. Percentages outside SPEC's 0-100, zero, and non-numbers do not count.
 */
export function maxDiscountPercentage(discounts: ReadonlyArray<{ discountPercentage?: number | string | null }>): number | null {
  let max: number | null = null;
  for (const { discountPercentage } of discounts) {
    if (discountPercentage === null || discountPercentage === undefined || discountPercentage === '') continue;
    const n = Number(discountPercentage);
    if (!Number.isFinite(n) || n <= 0 || n > 100) continue;
    if (max === null || n > max) max = n;
  }
  return max;
}

/** 90 → '90', 12.5 → '12.5' (at most two decimals). */
export function formatPercentage(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

export interface UrgencyInfo {
  urgency: Exclude<DiscountUrgency, 'normal' | 'none'>;
  /** 'Ends today', 'Ends tomorrow', 'Ends in N days'. */
  label: string;
}

/**
 * SPEC §4 urgency with a visible label, for critical (≤ 3 days) and warning (≤ 7 days) deals;
 * null for normal, past, missing or invalid dates (nothing to show).
 */
export function discountUrgencyInfo(validUntil: Date | string | null | undefined, now: Date): UrgencyInfo | null {
  const urgency = discountUrgency(validUntil, now);
  if (urgency !== 'critical' && urgency !== 'warning') return null;
  const days = daysLeft(validUntil, now)!;
  const label = days === 0 ? DISCOUNTS_PAGE.endsToday : days === 1 ? DISCOUNTS_PAGE.endsTomorrow : DISCOUNTS_PAGE.endsInDays(days);
  return { urgency, label };
}

export interface SocialProof {
  /** SPEC §9: 400 to 899 inclusive. */
  tradersUsed: number;
  /** SPEC §9: true with 40% chance. */
  trending: boolean;
}

/** One draw of SPEC §9's traders-used count and trending badge. */
export function drawSocialProof(rng: Rng): SocialProof {
  const span = TRADERS_USED_MAX - TRADERS_USED_MIN + 1;
  const tradersUsed = TRADERS_USED_MIN + Math.min(span - 1, Math.max(0, Math.floor(rng() * span)));
  const trending = rng() < TRENDING_CHANCE;
  return { tradersUsed, trending };
}

/**
 * Draws once per key and remembers it (DESIGN §7: "once per discount per visit", stable across
 * re-renders and navigations within the visit; a reload is a new visit).
 */
export function socialProofStore(rng: Rng): (key: number) => SocialProof {
  const drawn = new Map<number, SocialProof>();
  return (key) => {
    let proof = drawn.get(key);
    if (!proof) {
      proof = drawSocialProof(rng);
      drawn.set(key, proof);
    }
    return proof;
  };
}
