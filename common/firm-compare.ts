/**
 * /firms/compare (issue #10): every fact of two or three firms on one row, with the cheaper or
 * better value marked. Pure, so the rule is tested once and the page only lays rows out.
 */
import type { FirmProfileDto } from './firm-api-types.js';
import {
  AFFILIATE_STATUS_LABELS, ASSET_CLASSES, DRAWDOWN_TYPE_LABELS, FIRM_STATUS_LABELS, PROGRAM_TYPE_LABELS,
} from './firms.js';

/** Which end of a row wins; null: a fact with no better side (a country, a list of platforms). */
export type Better = 'lower' | 'higher' | null;

export interface CompareRow {
  key: string;
  label: string;
  /** One text per firm, in the firms' order ('—' when the firm has no value). */
  values: string[];
  /** Indexes of the firms holding the best value; empty when nothing is comparable or all are equal. */
  best: number[];
}

export const NO_VALUE = '\u2014';

/**
 * The indexes of the best values: at least two firms must have one, and they must differ (a row
 * where every firm is equal marks nobody). Ties for the best are all marked.
 */
export function bestIndexes(values: ReadonlyArray<number | null | undefined>, better: Better): number[] {
  if (!better) return [];
  const present = values.flatMap((v, i) => (typeof v === 'number' && Number.isFinite(v) ? [{ v, i }] : []));
  if (present.length < 2) return [];
  const target = better === 'lower' ? Math.min(...present.map((p) => p.v)) : Math.max(...present.map((p) => p.v));
  const winners = present.filter((p) => p.v === target).map((p) => p.i);
  return winners.length === present.length ? [] : winners;
}

// One formatter each: toLocaleString builds a new Intl.NumberFormat per call, which dominated the /firms render.
const WHOLE_USD = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const CENTS_USD = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Dollars as the pages write them: $1,234 or $1,234.50. */
export const usd = (n: number) => `$${(n % 1 ? CENTS_USD : WHOLE_USD).format(n)}`;
export const pct = (n: number) => `${Number(n.toFixed(2))}%`;

type Profile = Pick<FirmProfileDto, 'firm' | 'criteria' | 'programs'>;

const min = (ns: number[]) => (ns.length ? Math.min(...ns) : null);
const max = (ns: number[]) => (ns.length ? Math.max(...ns) : null);

/** The rows of the comparison, in reading order: the score, the method's criteria, then the facts. */
export function compareRows(profiles: readonly Profile[]): CompareRow[] {
  const rows: CompareRow[] = [];
  const row = (key: string, label: string, numbers: Array<number | null>, better: Better, text: (n: number, i: number) => string) => {
    rows.push({ key, label, values: numbers.map((n, i) => (n === null ? NO_VALUE : text(n, i))), best: bestIndexes(numbers, better) });
  };
  const textRow = (key: string, label: string, values: string[]) => rows.push({ key, label, values: values.map((v) => v || NO_VALUE), best: [] });

  row('score', 'Score (of 5)', profiles.map((p) => p.firm.rating), 'higher', (n) => n.toFixed(1));
  const criteria = profiles[0]?.criteria ?? [];
  for (const c of criteria) {
    row(`criterion:${c.criterion}`, `${c.label} (${c.weight}%)`, profiles.map((p) => p.criteria.find((x) => x.criterion === c.criterion)?.score ?? null), 'higher', (n) => n.toFixed(1));
  }
  textRow('status', 'Status', profiles.map((p) => FIRM_STATUS_LABELS[p.firm.status]));
  textRow('affiliate', 'Affiliate status', profiles.map((p) => AFFILIATE_STATUS_LABELS[p.firm.affiliateStatus]));
  row('founded', 'Founded', profiles.map((p) => p.firm.foundedYear), 'lower', (n) => String(n));
  textRow('headquarters', 'Headquarters', profiles.map((p) => p.firm.headquarters ?? ''));
  textRow('platforms', 'Platforms', profiles.map((p) => p.firm.platforms.join(', ')));
  textRow('assets', 'Asset classes', profiles.map((p) => ASSET_CLASSES.filter((a) => p.firm.assetClasses.includes(a)).join(', ')));
  row('restricted', 'Restricted countries', profiles.map((p) => p.firm.restrictedCountries.length), 'lower', (n, i) =>
    n === 0 ? 'None listed' : profiles[i]!.firm.restrictedCountries.join(', '));
  textRow('programs', 'Programs', profiles.map((p) => p.programs.map((x) => `${x.name} (${PROGRAM_TYPE_LABELS[x.type]})`).join(', ')));

  const sizes = profiles.map((p) => p.programs.flatMap((x) => x.sizes));
  textRow('sizes', 'Account sizes', sizes.map((s) => {
    const lo = min(s.map((x) => x.size));
    const hi = max(s.map((x) => x.size));
    return lo === null || hi === null ? '' : lo === hi ? usd(lo) : `${usd(lo)} \u2013 ${usd(hi)}`;
  }));
  row('cheapest', 'Cheapest account after our code', sizes.map((s) => min(s.map((x) => x.priceAfterCode))), 'lower', (n, i) => {
    const cheapest = sizes[i]!.reduce((a, b) => (b.priceAfterCode < a.priceAfterCode ? b : a));
    return `${usd(n)} (${usd(cheapest.size)} account)`;
  });
  // The same account size at every firm is the fairest price comparison; the largest size they all sell.
  const common = [...new Set(sizes[0]?.map((s) => s.size) ?? [])].filter((size) => sizes.every((s) => s.some((x) => x.size === size)));
  const shared = max(common);
  if (shared !== null) {
    row(`price-${shared}`, `${usd(shared)} account after our code (cheapest program)`,
      sizes.map((s) => min(s.filter((x) => x.size === shared).map((x) => x.priceAfterCode))), 'lower', (n) => usd(n));
    // The true cost of getting funded at that size (common/true-cost.ts), the program where it is lowest.
    const costs = sizes.map((s) => s.filter((x) => x.size === shared).map((x) => x.trueCost).sort((a, b) => a.expectedCost - b.expectedCost)[0] ?? null);
    row(`true-cost-${shared}`, `True cost to get funded, ${usd(shared)} account`, costs.map((c) => c?.expectedCost ?? null), 'lower',
      (n, i) => `${usd(n)} (${costs[i]!.attempts} attempts at ${costs[i]!.passRate} % ${costs[i]!.passRateSource})`);
  }
  const programs = profiles.map((p) => p.programs);
  row('split', 'Best profit split', programs.map((ps) => max(ps.map((x) => x.profitSplit))), 'higher', pct);
  row('target', 'Lowest first-phase profit target', programs.map((ps) => min(ps.flatMap((x) => x.profitTargets.slice(0, 1)))), 'lower', pct);
  textRow('daily-loss', 'Daily loss limits', programs.map((ps) => unique(ps.map((x) => (x.dailyLoss === null ? 'None' : pct(x.dailyLoss))))));
  textRow('max-loss', 'Max loss limits', programs.map((ps) => unique(ps.map((x) => `${pct(x.maxLoss)} ${DRAWDOWN_TYPE_LABELS[x.drawdownType].toLowerCase()}`))));
  row('min-days', 'Fewest minimum trading days', programs.map((ps) => min(ps.map((x) => x.minTradingDays))), 'lower', (n) => `${n} day${n === 1 ? '' : 's'}`);
  row('first-payout', 'Earliest first payout', programs.map((ps) => min(ps.flatMap((x) => (x.firstPayoutDays === null ? [] : [x.firstPayoutDays])))), 'lower',
    (n) => `after ${n} day${n === 1 ? '' : 's'}`);
  textRow('payout-frequency', 'Payout frequency', programs.map((ps) => unique(ps.map((x) => x.payoutFrequency ?? ''))));
  textRow('refundable', 'Refundable fee', programs.map((ps) => unique(ps.map((x) => (x.refundableFee ? 'Yes' : 'No')))));
  row('last-tested', 'Last tested', profiles.map((p) => (p.firm.lastTestedAt ? Date.parse(`${p.firm.lastTestedAt}T00:00:00Z`) : null)), 'higher',
    (_n, i) => profiles[i]!.firm.lastTestedAt!);
  return rows;
}

function unique(values: string[]): string {
  return [...new Set(values.filter(Boolean))].join(', ');
}
