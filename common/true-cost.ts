/**
 * The true cost of getting funded (issue #19): what a trader should expect to pay, on average, to
 * pass a program's evaluation — not the sticker fee. Pure, so the API, the pages, the comparison and
 * the table's SQL sort (FirmsService, held equal by the tests) all say the same.
 *
 * With a pass rate p, attempts until the first pass follow a geometric distribution: 1 / p expected
 * attempts. The first is bought at the fee after our code; each further one costs a reset when a reset
 * is cheaper than a new account, else the fee again. An activation fee is paid once, on passing:
 *
 *   expected cost = fee after code + (1 / p − 1) × min(reset price, fee after code) + activation fee
 */

/** The pass rate we assume for a firm that publishes none (percent of attempts); a reader may choose another. */
export const ASSUMED_PASS_RATE = 10;

export type PassRateSource = 'published' | 'assumed';

export interface TrueCostInput {
  /** The fee with our best code (priceAfterCode of common/firms.ts). */
  feeAfterCode: number;
  resetPrice: number | null;
  activationFee: number | null;
  /** The firm's published pass rate, percent; null when it publishes none. */
  publishedPassRate: number | null;
  /** The rate to assume when none is published, percent (default ASSUMED_PASS_RATE). */
  assumedPassRate?: number | null;
}

export interface TrueCost {
  /** Percent of attempts that pass. */
  passRate: number;
  passRateSource: PassRateSource;
  /** Expected attempts to pass once (1 / p), to 2 decimals. */
  attempts: number;
  /** Expected total cost in US dollars, to the cent. */
  expectedCost: number;
  /** What each further attempt costs, and whether that is a reset or a new account. */
  retryCost: number;
  retryKind: 'reset' | 'new account';
  activationFee: number;
}

export function trueCost(input: TrueCostInput): TrueCost {
  const published = input.publishedPassRate !== null && input.publishedPassRate > 0;
  const passRate = published ? input.publishedPassRate! : (input.assumedPassRate ?? ASSUMED_PASS_RATE);
  const fee = input.feeAfterCode;
  const resetCheaper = input.resetPrice !== null && input.resetPrice < fee;
  const retryCost = resetCheaper ? input.resetPrice! : fee;
  const activationFee = input.activationFee ?? 0;
  const attempts = 100 / passRate;
  return {
    passRate,
    passRateSource: published ? 'published' : 'assumed',
    attempts: round2(attempts),
    expectedCost: round2(fee + (attempts - 1) * retryCost + activationFee),
    retryCost,
    retryKind: resetCheaper ? 'reset' : 'new account',
    activationFee,
  };
}

/** What the API carries of a true cost; the rest (retry, activation) is the program's own fields. */
export interface TrueCostDto {
  passRate: number;
  passRateSource: PassRateSource;
  attempts: number;
  expectedCost: number;
}

export function trueCostDto(tc: TrueCost): TrueCostDto {
  return { passRate: tc.passRate, passRateSource: tc.passRateSource, attempts: tc.attempts, expectedCost: tc.expectedCost };
}

/** The formula in words, written next to every result. */
export const TRUE_COST_FORMULA = 'Expected cost = fee after code + (1 \u00f7 pass rate \u2212 1) \u00d7 the cheaper of a reset and a new account + activation fee';

/** The formula with this result's numbers: "$90 + (10 − 1) × $79 reset + $0 activation = $801". */
export function trueCostWorking(feeAfterCode: number, tc: TrueCost): string {
  return `${usd(feeAfterCode)} + (${tc.attempts} \u2212 1) \u00d7 ${usd(tc.retryCost)} ${tc.retryKind} + ${usd(tc.activationFee)} activation = ${usd(tc.expectedCost)}`;
}

/** "10 % published" or "10 % assumed". */
export function passRateText(tc: Pick<TrueCost, 'passRate' | 'passRateSource'>): string {
  return `${tc.passRate} % ${tc.passRateSource}`;
}

/** A reader's pass rate: a percentage above 0 and at most 100, at most 2 decimals. */
export const PASS_RATE_MESSAGE = 'passRate must be a percentage above 0 and at most 100, e.g. 10';
export function parsePassRate(raw: string): number | null {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= 100 ? n : null;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });
function usd(n: number): string {
  return USD.format(n);
}
