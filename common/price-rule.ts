/**
 * The one price rule (issue #18): what an account costs with one of our codes, read from the code's
 * fine print. Every place that shows a price — discount cards, a firm's price table and code cards,
 * /firms, /firms/compare, JSON-LD `Offer`, the digest — asks `priceAfterCode` (or `bestCode`, which
 * asks it for each code), so no two places can disagree. Pure: `on` is a parameter.
 *
 * The SQL twin of these rules (the /firms table sorts and filters by the price after code in SQL)
 * lives in backend/src/firms/price-rule.sql.ts; backend/test/price-rule-twins.e2e-spec.ts runs both
 * over generated cases.
 */

/** A code's value and its fine print, as the discounts table keeps them. */
export interface CodeTerms {
  id: number;
  status: string;
  discountCode: string | null;
  discountPercentage: number | string | null;
  discountAmount: number | string | null;
  /** ISO instant or Date; null: no expiry. */
  validUntil: string | Date | null;
  /** Program names the code is for (any case); empty: every program of the firm. */
  eligiblePrograms: readonly string[];
  /** Account sizes (USD) the code is for; empty: every size. */
  eligibleSizes: readonly number[];
  /** The code applies only to an account listed at this price or more (USD); null: any price. */
  minPrice: number | string | null;
  /** Only for a trader's first account with the firm. */
  newAccountsOnly: boolean;
  /** Whether the code also takes money off a reset. */
  appliesToResets: boolean;
  /** Whether it can be combined with the firm's own sales or other codes. */
  stacks: boolean;
}

/** What is being bought: one size of one program, new or as a reset. */
export interface PriceTarget {
  program: string;
  size: number;
  /** The listed price (USD) of this purchase: the size's price, or the program's reset price. */
  price: number;
  /** 'new': buying the account (the listed prices); 'reset': restarting a failed one. */
  purchase: 'new' | 'reset';
  /** The moment the price is for: a code past its end applies to nothing. */
  on: Date;
}

export type CodeKind = 'percentage' | 'amount' | 'none';

export type NotAppliedReason =
  | 'not-usable' | 'expired' | 'program' | 'size' | 'min-price' | 'reset' | 'would-be-free';

export type CodeOutcome =
  | { applies: true; price: number }
  | { applies: false; price: number; reason: NotAppliedReason };

/** A percentage wins over an amount when a discount has both (as its badge does); zero counts as none. */
export function codeKind(d: Pick<CodeTerms, 'discountPercentage' | 'discountAmount'>): CodeKind {
  if (positive(d.discountPercentage) !== null) return 'percentage';
  if (positive(d.discountAmount) !== null) return 'amount';
  return 'none';
}

/**
 * Whether a trader can use the code at all on `on`: active, with a code to type, not past its end.
 * (The public list shows coming-soon deals too; a price is never computed with one.)
 */
export function isUsableCode(d: Pick<CodeTerms, 'status' | 'discountCode' | 'validUntil'>, on: Date): boolean {
  if (d.status !== 'active' || !d.discountCode || d.discountCode.trim() === '') return false;
  return d.validUntil === null || new Date(d.validUntil).getTime() > on.getTime();
}

/**
 * The code's effect on one purchase, and why it has none. The fine print decides first (usable,
 * program, size, minimum price, resets — a new-accounts-only code never applies to a reset, which is
 * of an account already bought); then a percentage takes its share off, or an amount is taken off.
 * An amount of the whole price or more does not apply (a code never makes an account free unless it
 * says 100 %), nor does a percentage under 100 whose result would round to $0.00. Cents, two decimals.
 */
export function applyCode(target: PriceTarget, code: CodeTerms): CodeOutcome {
  // Whole cents, so the answer is exact and equal to the SQL twin's numeric arithmetic.
  const cents = toCents(target.price);
  const price = cents / 100;
  const no = (reason: NotAppliedReason): CodeOutcome => ({ applies: false, price, reason });
  if (!isUsableCode(code, target.on)) {
    return code.validUntil !== null && new Date(code.validUntil).getTime() <= target.on.getTime() ? no('expired') : no('not-usable');
  }
  if (code.eligiblePrograms.length && !code.eligiblePrograms.some((p) => sameName(p, target.program))) return no('program');
  if (code.eligibleSizes.length && !code.eligibleSizes.map(Number).includes(target.size)) return no('size');
  const min = positive(code.minPrice);
  if (min !== null && cents < toCents(min)) return no('min-price');
  if (target.purchase === 'reset' && (!code.appliesToResets || code.newAccountsOnly)) return no('reset');
  const pct = positive(code.discountPercentage);
  if (pct !== null) {
    const basisPoints = Math.min(Math.round(pct * 100), 10_000);
    // Half up, as PostgreSQL's round() of a positive numeric.
    const after = Math.round((cents * (10_000 - basisPoints)) / 10_000);
    if (after <= 0 && basisPoints < 10_000) return no('would-be-free');
    return { applies: true, price: after / 100 };
  }
  const amount = positive(code.discountAmount);
  if (amount !== null) {
    if (toCents(amount) >= cents) return no('would-be-free');
    return { applies: true, price: (cents - toCents(amount)) / 100 };
  }
  return { applies: true, price };
}

/** What the purchase costs with this code: the listed price wherever the fine print says the code does not apply. */
export function priceAfterCode(target: PriceTarget, code: CodeTerms | null | undefined): number {
  return code ? applyCode(target, code).price : roundCents(target.price);
}

/**
 * The code that makes this purchase cheapest among those that apply, the oldest (lowest id) on a tie;
 * null when none applies. A code without a value that applies still counts (price unchanged).
 */
export function bestCode<T extends CodeTerms>(target: PriceTarget, codes: readonly T[]): { code: T; price: number } | null {
  let best: { code: T; price: number } | null = null;
  for (const code of codes) {
    const outcome = applyCode(target, code);
    if (!outcome.applies) continue;
    if (!best || outcome.price < best.price || (outcome.price === best.price && code.id < best.code.id)) best = { code, price: outcome.price };
  }
  return best;
}

/** One size of one program of a firm, as the profiles list them. */
export interface ListedSize {
  program: string;
  size: number;
  price: number;
}

/**
 * A card's "Was … now …": the firm's cheapest listed new account the code applies to (smallest size on a
 * price tie), with its price after the code; null when the code applies to none of the listed sizes.
 */
export function cheapestEligible(
  sizes: readonly ListedSize[], code: CodeTerms, on: Date,
): (ListedSize & { priceAfterCode: number }) | null {
  let best: (ListedSize & { priceAfterCode: number }) | null = null;
  for (const s of sizes) {
    const outcome = applyCode({ ...s, purchase: 'new', on }, code);
    if (!outcome.applies) continue;
    if (!best || s.price < best.price || (s.price === best.price && s.size < best.size)) best = { ...s, priceAfterCode: outcome.price };
  }
  return best;
}

/** A card's "Was … now …" in words: the same on /discounts, the profile's code card and the digest mail. */
export interface PriceExampleTexts {
  was: string;
  now: string;
  /** Which listed account the prices are of: "Evaluation, $50K account". */
  account: string;
}

/** The texts of a cheapestEligible answer; null when there is none or the code takes nothing off. */
export function priceExampleTexts(e: (ListedSize & { priceAfterCode: number }) | null): PriceExampleTexts | null {
  if (!e || !(e.priceAfterCode < e.price)) return null;
  return { was: usdLabel(e.price), now: usdLabel(e.priceAfterCode), account: `${e.program}, ${sizeLabel(e.size)} account` };
}

// ---------------------------------------------------------------------------------------------
// Fine print as text, shown wherever the code is shown
// ---------------------------------------------------------------------------------------------

export const FINE_PRINT_TEXT = {
  allPrograms: 'All programs and account sizes',
  programs: (names: readonly string[]) => `Programs: ${names.join(', ')}`,
  sizes: (sizes: readonly number[]) => `Account sizes: ${sizes.map(sizeLabel).join(', ')}`,
  minPrice: (usd: number) => `Accounts from ${usdLabel(usd)}`,
  newAccountsOnly: 'New accounts only',
  anyAccount: 'New and existing accounts',
  resetsYes: 'Applies to resets',
  resetsNo: 'Not valid on resets',
  stacksYes: 'Can be combined with other offers',
  stacksNo: 'Cannot be combined with other offers',
  expires: (iso: string) => `Expires ${new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`,
  noExpiry: 'No expiry date',
} as const;

/** The fine print in plain lines, in a fixed order: what it applies to, limits, resets, stacking, expiry. */
export function finePrintLines(
  d: Pick<CodeTerms, 'eligiblePrograms' | 'eligibleSizes' | 'minPrice' | 'newAccountsOnly' | 'appliesToResets' | 'stacks'> & {
    validUntil: string | null;
  },
): string[] {
  const lines: string[] = [];
  if (!d.eligiblePrograms.length && !d.eligibleSizes.length) lines.push(FINE_PRINT_TEXT.allPrograms);
  if (d.eligiblePrograms.length) lines.push(FINE_PRINT_TEXT.programs(d.eligiblePrograms));
  if (d.eligibleSizes.length) lines.push(FINE_PRINT_TEXT.sizes([...d.eligibleSizes].sort((a, b) => a - b)));
  const min = positive(d.minPrice);
  if (min !== null) lines.push(FINE_PRINT_TEXT.minPrice(min));
  lines.push(d.newAccountsOnly ? FINE_PRINT_TEXT.newAccountsOnly : FINE_PRINT_TEXT.anyAccount);
  lines.push(d.appliesToResets && !d.newAccountsOnly ? FINE_PRINT_TEXT.resetsYes : FINE_PRINT_TEXT.resetsNo);
  lines.push(d.stacks ? FINE_PRINT_TEXT.stacksYes : FINE_PRINT_TEXT.stacksNo);
  lines.push(d.validUntil ? FINE_PRINT_TEXT.expires(d.validUntil) : FINE_PRINT_TEXT.noExpiry);
  return lines;
}

/** Limits the admin form and the API both check. */
export const FINE_PRINT_LIMITS = { programs: 20, programLength: 200, sizes: 20 } as const;

/** $100K, $6K, $2.5K, $1M. */
export function sizeLabel(size: number): string {
  if (size >= 1_000_000) return `$${trim(size / 1_000_000)}M`;
  if (size >= 1_000) return `$${trim(size / 1_000)}K`;
  return `$${size}`;
}

/** $49, $549.99. */
export function usdLabel(n: number): string {
  return `$${n.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;
}

function trim(n: number): string {
  return String(Math.round(n * 100) / 100);
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function positive(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function roundCents(n: number): number {
  return toCents(n) / 100;
}

function toCents(n: number): number {
  return Math.round(n * 100);
}
