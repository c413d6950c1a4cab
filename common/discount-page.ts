/**
 * Pure rules of the public /discounts page (docs/spec.md §2, §4, §9): the results header's best
 * percentage, the urgency label on a card, and the traders-used / trending draws.
 * No framework, no DOM: `now` and the random source are parameters, so tests pin them.
 */
import { TRADERS_USED_MAX, TRADERS_USED_MIN, TRENDING_CHANCE } from './constants.js';
import { daysLeft, discountUrgency, type DiscountUrgency } from './discount-rules.js';
import { DISCOUNTS_PAGE } from './messages.js';

/** A source of numbers in [0, 1), like Math.random. */
export type Rng = () => number;

/**
 * The largest discountPercentage among `discounts` (docs/spec.md §2 results header), or null when none
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
 * docs/spec.md §4 urgency with a visible label, for critical (≤ 3 days) and warning (≤ 7 days) deals;
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
  /** docs/spec.md §9: 400 to 899 inclusive. */
  tradersUsed: number;
  /** docs/spec.md §9: true with 40% chance. */
  trending: boolean;
}

/** One draw of docs/spec.md §9's traders-used count and trending badge. */
export function drawSocialProof(rng: Rng): SocialProof {
  const span = TRADERS_USED_MAX - TRADERS_USED_MIN + 1;
  const tradersUsed = TRADERS_USED_MIN + Math.min(span - 1, Math.max(0, Math.floor(rng() * span)));
  const trending = rng() < TRENDING_CHANCE;
  return { tradersUsed, trending };
}

/** A small, fast PRNG (mulberry32): the same seed gives the same sequence on the server and in the browser. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string, as a 32-bit seed. */
function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * docs/spec.md §9's draw for one discount on one UTC day: seeded by the discount's id and the date, so the
 * server-rendered page and the browser that hydrates it agree, and a reload shows the same numbers
 * until the next day.
 */
export function dailySocialProof(discountId: number, now: Date): SocialProof {
  return drawSocialProof(seededRng(hashSeed(`${discountId}:${now.toISOString().slice(0, 10)}`)));
}
