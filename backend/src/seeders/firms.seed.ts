/**
 * DEMO DATA (issue #10): believable but invented profiles, programs, prices, scores and changelog
 * entries for the 8 demo firms, for a first start to show a full /firms table. Not verified facts;
 * the owner replaces them. Like every seed step, each fills its own table only when it is empty.
 */
import type { EntityManager, RequiredEntityData } from '@mikro-orm/postgresql';
import { weightedScore, type CriterionKey, type DrawdownType, type ProgramType } from '../../../common/firms.js';
import { Company } from '../companies/company.entity.js';
import { FirmChange } from '../companies/firm-change.entity.js';
import { FirmProgram, FirmProgramSize } from '../companies/firm-program.entity.js';
import { FirmScore } from '../companies/firm-score.entity.js';

const DAY = 24 * 60 * 60 * 1000;
/** A calendar day this many days before the seed runs. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
const SANCTIONED = ['Afghanistan', 'Cuba', 'Iran', 'North Korea', 'Russia', 'Syria'];

interface DemoProfile extends Omit<Partial<RequiredEntityData<Company>>, 'lastTestedAt'> {
  /** Days before seeding; one firm is past the 90-day retest mark on purpose. */
  lastTestedDaysAgo: number;
}

export const DEMO_FIRM_PROFILES: Record<string, DemoProfile> = {
  FundedNext: {
    foundedYear: 2022, headquarters: 'United Arab Emirates', platforms: ['MT4', 'MT5', 'cTrader', 'Match-Trader'],
    assetClasses: ['forex', 'indices', 'commodities', 'crypto'], restrictedCountries: SANCTIONED, affiliateStatus: 'partner', lastTestedDaysAgo: 12,
  },
  FTMO: {
    foundedYear: 2015, headquarters: 'Czech Republic', platforms: ['MT4', 'MT5', 'cTrader', 'DXtrade'],
    assetClasses: ['forex', 'indices', 'commodities', 'crypto', 'stocks'], restrictedCountries: [...SANCTIONED, 'Vietnam'], affiliateStatus: 'partner', lastTestedDaysAgo: 20,
  },
  The5ers: {
    foundedYear: 2016, headquarters: 'Israel', platforms: ['MT5', 'cTrader'],
    assetClasses: ['forex', 'indices', 'commodities', 'crypto'], restrictedCountries: SANCTIONED, affiliateStatus: 'partner', lastTestedDaysAgo: 34,
  },
  Topstep: {
    foundedYear: 2012, headquarters: 'United States', platforms: ['NinjaTrader', 'TradingView', 'Tradovate', 'Rithmic'],
    assetClasses: ['futures'], restrictedCountries: [...SANCTIONED, 'Pakistan'], affiliateStatus: 'partner', lastTestedDaysAgo: 41,
  },
  'Apex Trader Funding': {
    foundedYear: 2021, headquarters: 'United States', platforms: ['NinjaTrader', 'Rithmic', 'Tradovate', 'TradingView'],
    assetClasses: ['futures'], restrictedCountries: SANCTIONED, affiliateStatus: 'partner', lastTestedDaysAgo: 55,
  },
  'E8 Markets': {
    foundedYear: 2021, headquarters: 'United States', platforms: ['MT5', 'Match-Trader', 'cTrader'],
    assetClasses: ['forex', 'indices', 'commodities', 'crypto'], restrictedCountries: SANCTIONED, affiliateStatus: 'partner', lastTestedDaysAgo: 70,
    // One under-watch, one paused and one closed firm, so /firms?status=all, the profiles and the cards show
    // how each is marked (e2e/firms.e2e.ts). Invented, like the rest of the demo data.
    status: 'paused',
    statusSince: daysAgo(9),
    statusReason: 'The firm stopped processing payout requests while it changes payment provider.',
    statusSource: 'https://example.com/e8-markets-payout-notice',
  },
  'Alpha Capital Group': {
    foundedYear: 2021, headquarters: 'United Kingdom', platforms: ['MT5', 'cTrader'],
    assetClasses: ['forex', 'indices', 'commodities'], restrictedCountries: SANCTIONED, affiliateStatus: 'partner', lastTestedDaysAgo: 88,
    status: 'closed',
    statusSince: daysAgo(40),
    statusReason: 'The firm announced it has stopped selling accounts and is winding down.',
    statusSource: 'https://example.com/alpha-capital-closure',
  },
  'Funding Pips': {
    foundedYear: 2022, headquarters: 'United Arab Emirates', platforms: ['MT5', 'Match-Trader', 'cTrader'],
    assetClasses: ['forex', 'indices', 'commodities', 'crypto'], restrictedCountries: SANCTIONED, affiliateStatus: 'partner', lastTestedDaysAgo: 104,
    status: 'under-watch',
    statusSince: daysAgo(5),
    statusReason: 'Traders report payouts taking three weeks instead of the promised five days.',
    statusSource: 'https://example.com/funding-pips-payout-delays',
  },
};

/** The profile fields a demo company is created with (companies.seed.ts). */
export function demoFirmProfile(name: string, now = new Date()): Partial<RequiredEntityData<Company>> {
  const profile = DEMO_FIRM_PROFILES[name];
  if (!profile) return {};
  const { lastTestedDaysAgo, ...fields } = profile;
  return { ...fields, lastTestedAt: new Date(now.getTime() - lastTestedDaysAgo * DAY).toISOString().slice(0, 10) };
}

interface DemoProgram {
  name: string;
  type: ProgramType;
  profitTargets: number[];
  dailyLoss: number | null;
  maxLoss: number;
  drawdownType: DrawdownType;
  minTradingDays: number;
  timeLimitDays: number | null;
  profitSplit: number;
  firstPayoutDays: number | null;
  payoutFrequency: string;
  refundableFee: boolean;
  activationFee?: number;
  resetPrice?: number;
  /** Best day at most this % of the total profit (issue #28). */
  consistency?: number;
  trailingStopsAtStart?: boolean;
  /** [size, price] in US dollars. */
  sizes: Array<[number, number]>;
}

const twoStep = (p: Partial<DemoProgram> & Pick<DemoProgram, 'name' | 'sizes'>): DemoProgram => ({
  type: 'two-step', profitTargets: [8, 5], dailyLoss: 5, maxLoss: 10, drawdownType: 'static', minTradingDays: 3,
  timeLimitDays: null, profitSplit: 80, firstPayoutDays: 14, payoutFrequency: 'Bi-weekly', refundableFee: true, ...p,
});
const oneStep = (p: Partial<DemoProgram> & Pick<DemoProgram, 'name' | 'sizes'>): DemoProgram => ({
  type: 'one-step', profitTargets: [10], dailyLoss: 3, maxLoss: 6, drawdownType: 'static', minTradingDays: 2,
  timeLimitDays: null, profitSplit: 80, firstPayoutDays: 14, payoutFrequency: 'Bi-weekly', refundableFee: false, ...p,
});
const futures = (p: Partial<DemoProgram> & Pick<DemoProgram, 'name' | 'sizes'>): DemoProgram => oneStep({
  profitTargets: [6], dailyLoss: null, maxLoss: 4, drawdownType: 'eod-trailing', minTradingDays: 1, profitSplit: 90,
  firstPayoutDays: 8, payoutFrequency: 'After 5 winning days', ...p,
});

export const DEMO_PROGRAMS: Record<string, DemoProgram[]> = {
  FundedNext: [
    twoStep({ name: 'Stellar 2-Step', minTradingDays: 5, firstPayoutDays: 21, payoutFrequency: 'Every 14 days', sizes: [[6000, 59.99], [15000, 119.99], [25000, 199.99], [50000, 299.99], [100000, 549.99], [200000, 999.99]] }),
    oneStep({ name: 'Stellar 1-Step', profitSplit: 90, firstPayoutDays: 5, payoutFrequency: 'Every 5 days', refundableFee: true, sizes: [[6000, 69.99], [15000, 129.99], [25000, 219.99], [50000, 359.99], [100000, 549.99], [200000, 1099.99]] }),
    { ...oneStep({ name: 'Stellar Instant', sizes: [[5000, 79], [10000, 149], [20000, 299], [50000, 649], [100000, 1299]] }), type: 'instant', profitTargets: [], dailyLoss: null, maxLoss: 6, drawdownType: 'trailing', minTradingDays: 0, profitSplit: 70, refundableFee: false },
  ],
  FTMO: [
    twoStep({ name: 'FTMO Challenge', profitTargets: [10, 5], minTradingDays: 4, firstPayoutDays: 14, payoutFrequency: 'Every 14 days, or on demand after the first', sizes: [[10000, 170], [25000, 275], [50000, 375], [100000, 590], [200000, 1180]] }),
    oneStep({ name: 'FTMO 1-Step', maxLoss: 10, drawdownType: 'trailing', minTradingDays: 0, profitSplit: 80, sizes: [[10000, 105], [25000, 185], [50000, 295], [100000, 500], [200000, 1000]] }),
  ],
  The5ers: [
    twoStep({ name: 'High Stakes', minTradingDays: 3, firstPayoutDays: 14, payoutFrequency: 'Every 14 days', sizes: [[5000, 39], [10000, 78], [20000, 165], [60000, 329], [100000, 545]] }),
    oneStep({ name: 'Hyper Growth', dailyLoss: 3, maxLoss: 6, minTradingDays: 0, firstPayoutDays: 14, refundableFee: false, sizes: [[5000, 260], [10000, 450], [20000, 850]] }),
    { ...twoStep({ name: 'Bootcamp', sizes: [[20000, 95], [100000, 225], [250000, 350]] }), type: 'three-step', profitTargets: [6, 6, 6], dailyLoss: null, maxLoss: 5, profitSplit: 50, activationFee: 205 },
  ],
  Topstep: [
    futures({ name: 'Trading Combine', dailyLoss: 2, consistency: 50, trailingStopsAtStart: true, minTradingDays: 2, firstPayoutDays: 5, activationFee: 149, resetPrice: 49, payoutFrequency: 'After 5 winning days', sizes: [[50000, 49], [100000, 99], [150000, 149]] }),
  ],
  'Apex Trader Funding': [
    futures({ name: 'Full Evaluation (Rithmic)', maxLoss: 5, consistency: 30, trailingStopsAtStart: true, drawdownType: 'trailing', activationFee: 85, resetPrice: 80, firstPayoutDays: 8, payoutFrequency: 'Up to twice a month', sizes: [[25000, 147], [50000, 167], [75000, 187], [100000, 207], [150000, 297], [250000, 377], [300000, 657]] }),
    futures({ name: 'Static Evaluation', profitTargets: [2], maxLoss: 0.63, drawdownType: 'static', activationFee: 85, resetPrice: 80, sizes: [[100000, 137]] }),
  ],
  'E8 Markets': [
    twoStep({ name: 'E8 Classic', profitTargets: [8, 4], maxLoss: 8, minTradingDays: 0, firstPayoutDays: 8, payoutFrequency: 'Every 8 days', sizes: [[5000, 48], [25000, 168], [50000, 248], [100000, 438], [200000, 788]] }),
    oneStep({ name: 'E8 One', profitTargets: [9], consistency: 40, dailyLoss: 4, maxLoss: 6, drawdownType: 'trailing', minTradingDays: 0, refundableFee: true, sizes: [[5000, 59], [25000, 175], [50000, 275], [100000, 475]] }),
  ],
  'Alpha Capital Group': [
    twoStep({ name: 'Alpha Pro', profitTargets: [8, 4], dailyLoss: 4, maxLoss: 8, minTradingDays: 3, payoutFrequency: 'Bi-weekly', sizes: [[5000, 50], [10000, 97], [25000, 197], [50000, 297], [100000, 497], [200000, 997]] }),
    oneStep({ name: 'Alpha One', dailyLoss: 4, maxLoss: 6, drawdownType: 'trailing', sizes: [[5000, 50], [10000, 97], [25000, 197], [50000, 297], [100000, 497]] }),
  ],
  'Funding Pips': [
    twoStep({ name: 'Funding Pips 2-Step', minTradingDays: 3, firstPayoutDays: 7, payoutFrequency: 'Weekly (Tuesdays)', refundableFee: false, sizes: [[5000, 32], [10000, 60], [25000, 156], [50000, 288], [100000, 529]] }),
    oneStep({ name: 'Funding Pips 1-Step', dailyLoss: 4, maxLoss: 6, firstPayoutDays: 7, payoutFrequency: 'Weekly', sizes: [[5000, 59], [10000, 99], [25000, 199], [50000, 319], [100000, 555]] }),
  ],
};

type Scored = [number, string];
/** In methodology order: payout reliability, rules clarity, cost, support, platform and execution, longevity. */
export const DEMO_SCORES: Record<string, Scored[]> = {
  FundedNext: [[4.9, 'All 6 test payouts paid, median 9 hours.'], [4.6, 'Rules page complete; news rule explained with examples.'], [4.5, 'Mid-priced; 15% challenge-phase reward offsets it.'], [4.8, 'Live chat answered in under 2 minutes every time.'], [4.6, 'Low slippage on MT5; wide choice of platforms.'], [4.2, 'Three years in business.']],
  FTMO: [[5, 'Every test payout on time over three years of testing.'], [4.8, 'The clearest rule book we test against.'], [3.8, 'Among the most expensive per dollar of account.'], [4.6, 'Email answers within a day, precise.'], [4.7, 'Four platforms, tight spreads, stable execution.'], [5, 'Ten years and a regulated parent company.']],
  The5ers: [[4.8, 'Test payouts paid within 48 hours.'], [4.5, 'Program rules differ a lot; each is documented.'], [4.6, 'Low-cost entry programs.'], [4.4, 'Helpful, but slower at weekends.'], [4.2, 'MT5 and cTrader only.'], [4.8, 'Running since 2016 with stable rules.']],
  Topstep: [[4.7, 'Payouts paid in 1–2 business days.'], [4.7, 'Rules fit on one page; the trailing limit is clearly shown.'], [4.4, 'Monthly subscription plus activation fee.'], [4.3, 'Support by ticket and Discord.'], [4.5, 'TopstepX and NinjaTrader executed cleanly.'], [5, 'Funding traders since 2012.']],
  'Apex Trader Funding': [[4.3, 'Paid, but one test payout needed a second review.'], [3.9, 'Consistency rule changed twice this year.'], [4.8, 'Deep and frequent discounts.'], [4, 'Slow during sales.'], [4.6, 'Rithmic and Tradovate both solid.'], [3.9, 'Young firm, fast growth.']],
  'E8 Markets': [[4.4, 'Test payouts paid in 2–3 days.'], [4.4, 'Dashboard shows every limit live.'], [4.3, 'Customisable; pay only for what you choose.'], [4.2, 'Good email support.'], [4.3, 'Own platform plus MT5 and Match-Trader.'], [4, 'Rebuilt its platform in 2024.']],
  'Alpha Capital Group': [[4.3, 'Paid on time; fee refunded with the first payout.'], [4.2, 'Clear rules; a few edge cases only on request.'], [4.2, 'Average pricing.'], [4.6, 'Responsive support team.'], [4, 'Fewer platforms than most.'], [4, 'Four years in business.']],
  'Funding Pips': [[4.1, 'Weekly payouts arrived, one a day late.'], [4, 'Rules clear, but changed without much notice once.'], [4.8, 'One of the cheapest entries we test.'], [4, 'Chat answers vary in depth.'], [4.1, 'MT5 execution fine, some slippage at news.'], [3.7, 'Young firm.']],
};

export const DEMO_CHANGES: Record<string, Array<{ date: string; change: string; path: string }>> = {
  FundedNext: [
    { date: '2026-03-02', change: 'Stellar 1-Step payouts every 5 days instead of every 14.', path: '/blog' },
    { date: '2025-11-14', change: 'Challenge-phase reward raised from 10% to 15%.', path: '/faq' },
  ],
  FTMO: [
    { date: '2026-05-20', change: 'FTMO 1-Step launched with a trailing maximum loss.', path: '/en/faq' },
    { date: '2025-09-01', change: 'Minimum trading days cut from 10 to 4.', path: '/en/trading-objectives' },
  ],
  The5ers: [
    { date: '2026-02-11', change: 'High Stakes profit target of phase 2 lowered from 6% to 5%.', path: '/high-stakes' },
    { date: '2025-07-30', change: 'cTrader added beside MT5.', path: '/faq' },
  ],
  Topstep: [
    { date: '2026-01-15', change: 'Trading Combine reset price lowered from $99 to $49.', path: '/pricing' },
    { date: '2025-10-06', change: 'Daily loss limit made optional on TopstepX accounts.', path: '/rules' },
  ],
  'Apex Trader Funding': [
    { date: '2026-04-08', change: '30% consistency rule applied to every payout.', path: '/rules' },
    { date: '2025-12-01', change: 'Static 100K evaluation added.', path: '/evaluations' },
  ],
  'E8 Markets': [
    { date: '2026-06-03', change: 'E8 One: trailing drawdown replaced the static 6% limit.', path: '/e8-one' },
    { date: '2025-08-19', change: 'First payout after 8 days instead of 30.', path: '/faq' },
  ],
  'Alpha Capital Group': [
    { date: '2026-03-27', change: 'Alpha One added with a one-step evaluation.', path: '/alpha-one' },
    { date: '2025-10-22', change: 'Daily loss reduced from 5% to 4% on Alpha Pro.', path: '/rules' },
  ],
  'Funding Pips': [
    { date: '2026-05-05', change: 'Payout day moved to Tuesdays.', path: '/faq' },
    { date: '2026-01-09', change: 'News trading restricted on funded accounts.', path: '/rules' },
  ],
};

async function demoFirms(em: EntityManager, names: string[]): Promise<Map<string, Company>> {
  return new Map((await em.find(Company, { name: { $in: names } })).map((c) => [c.name, c]));
}

export async function seedFirmPrograms(em: EntityManager): Promise<number> {
  if ((await em.count(FirmProgram)) > 0) return 0;
  const firms = await demoFirms(em, Object.keys(DEMO_PROGRAMS));
  let created = 0;
  for (const [name, programs] of Object.entries(DEMO_PROGRAMS)) {
    const company = firms.get(name);
    if (!company) continue;
    programs.forEach(({ sizes, ...fields }, position) => {
      const program = em.create(FirmProgram, { ...fields, company, position });
      for (const [size, price] of sizes) em.create(FirmProgramSize, { program, size, price });
      created++;
    });
  }
  await em.flush();
  return created;
}

/** Also writes each scored firm's weighted score: the derived column of the rows it adds. */
export async function seedFirmScores(em: EntityManager): Promise<number> {
  if ((await em.count(FirmScore)) > 0) return 0;
  const firms = await demoFirms(em, Object.keys(DEMO_SCORES));
  const keys: CriterionKey[] = ['payout-reliability', 'rules-clarity', 'cost', 'support', 'platform-execution', 'longevity'];
  let created = 0;
  for (const [name, scored] of Object.entries(DEMO_SCORES)) {
    const company = firms.get(name);
    if (!company) continue;
    const scores = scored.map(([score, note], i) => ({ criterion: keys[i]!, score, note }));
    for (const s of scores) em.create(FirmScore, { ...s, company });
    company.score = weightedScore(scores);
    created += scores.length;
  }
  await em.flush();
  return created;
}

export async function seedFirmChanges(em: EntityManager): Promise<number> {
  if ((await em.count(FirmChange)) > 0) return 0;
  const firms = await demoFirms(em, Object.keys(DEMO_CHANGES));
  let created = 0;
  for (const [name, changes] of Object.entries(DEMO_CHANGES)) {
    const company = firms.get(name);
    if (!company) continue;
    for (const { date, change, path } of changes) {
      const sourceUrl = company.websiteUrl ? new URL(path, company.websiteUrl).toString() : null;
      em.create(FirmChange, { company, date, change, sourceUrl });
      created++;
    }
  }
  await em.flush();
  return created;
}
