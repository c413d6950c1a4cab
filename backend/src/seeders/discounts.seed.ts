import type { EntityManager } from '@mikro-orm/postgresql';
import type { DiscountStatus } from '../../../common/enums.js';
import { Company } from '../companies/company.entity.js';
import { Discount } from '../discounts/discount.entity.js';
import { cheapestEligible, type CodeTerms } from '../../../common/price-rule.js';
import { DEMO_PROGRAMS } from './firms.seed.js';

const DAY = 24 * 60 * 60 * 1000;
const REF = 'verifiedtraderfunding';

interface DemoDiscount {
  firm: string;
  title: string;
  description: string;
  discountCode?: string;
  /** Path on the firm's own site; the referral parameter is added to it. */
  path?: string;
  status: DiscountStatus;
  discountPercentage?: number;
  discountAmount?: number;
  /** Fine print (issue #18); the seeder fills SPEC's originalPrice/discountedPrice from it and the firm's listed sizes. */
  eligiblePrograms?: string[];
  eligibleSizes?: number[];
  minPrice?: number;
  newAccountsOnly?: boolean;
  appliesToResets?: boolean;
  stacks?: boolean;
  termsAndConditions: string;
  /** Days from seeding time; negative is in the past. */
  validFromDays?: number;
  validUntilDays?: number;
}

/**
 * A dozen offers for the 8 demo firms (docs/design.md §3): active ones expiring within 3 days,
 * within 7 days, later and never; two coming soon; two expired.
 */
export const DEMO_DISCOUNTS: DemoDiscount[] = [
  {
    firm: 'FundedNext',
    title: '15% Off All Stellar Challenges',
    description: 'Applies to every Stellar 1-Step and 2-Step account size, including the $200K evaluation.',
    discountCode: 'VTF15',
    eligiblePrograms: ['Stellar 2-Step', 'Stellar 1-Step'],
    newAccountsOnly: true,
    path: '/challenges',
    status: 'active',
    discountPercentage: 15,
    termsAndConditions: 'New challenge purchases only. Cannot be combined with other promotions. One use per account.',
    validFromDays: -12,
    validUntilDays: 2,
  },
  {
    firm: 'Apex Trader Funding',
    title: '50% Off Evaluations: Flash Sale',
    description: 'Every full-size and static evaluation at half price, with the first-month PA activation fee waived.',
    discountCode: 'VTFAPEX',
    eligiblePrograms: ['Full Evaluation (Rithmic)', 'Static Evaluation'],
    newAccountsOnly: true,
    status: 'active',
    discountPercentage: 50,
    termsAndConditions: 'Monthly evaluations only. Discount applies to the first month; renewals bill at the regular price.',
    validFromDays: -3,
    validUntilDays: 1,
  },
  {
    firm: 'FTMO',
    title: '10% Off the FTMO Challenge',
    description: 'Save on any FTMO Challenge account from $10,000 to $200,000, Normal or Swing.',
    discountCode: 'VTF10',
    eligiblePrograms: ['FTMO Challenge'],
    newAccountsOnly: true,
    path: '/en/',
    status: 'active',
    discountPercentage: 10,
    termsAndConditions: 'Valid on first purchase of a new Challenge. Free Trial and resets excluded.',
    validFromDays: -20,
    validUntilDays: 5,
  },
  {
    firm: 'E8 Markets',
    title: '12% Off E8 One Evaluations',
    description: 'Build your own single-phase evaluation and take 12% off whatever drawdown and target you choose.',
    discountCode: 'E8VTF12',
    eligiblePrograms: ['E8 One'],
    status: 'active',
    discountPercentage: 12,
    termsAndConditions: 'Applies to the evaluation fee only. Add-ons are charged at the regular price.',
    validFromDays: -7,
    validUntilDays: 6,
  },
  {
    firm: 'The5ers',
    title: '20% Off the Bootcamp Program',
    description: 'Start the three-step Bootcamp for $76 instead of $95 and scale to a $4M account.',
    discountCode: 'VTF20',
    eligiblePrograms: ['Bootcamp'],
    eligibleSizes: [20000],
    path: '/bootcamp',
    status: 'active',
    discountPercentage: 20,
    termsAndConditions: 'One code per trader. Not valid on High Stakes or Hyper Growth programs.',
    validFromDays: -5,
    validUntilDays: 24,
  },
  {
    firm: 'Alpha Capital Group',
    title: 'Free Retry on Alpha Pro Challenges',
    description: 'Fail phase one within 30 days and get one free retry of the same account size.',
    path: '/alpha-pro',
    status: 'active',
    termsAndConditions: 'Retry must be claimed through support within 7 days of the breach. No hard-breach retries.',
    validFromDays: -30,
    validUntilDays: 45,
  },
  {
    firm: 'Topstep',
    title: '$50 Off Your First Trading Combine',
    description: 'Take $50 off the first month of a $50K, $100K or $150K Trading Combine.',
    discountCode: 'VTFCOMBINE',
    eligiblePrograms: ['Trading Combine'],
    eligibleSizes: [50000, 100000, 150000],
    newAccountsOnly: true,
    path: '/trading-combine',
    status: 'active',
    discountAmount: 50,
    termsAndConditions: 'First-time Topstep customers only. Applies to the first monthly subscription payment.',
    validFromDays: -60,
  },
  {
    firm: 'Funding Pips',
    title: '8% Off Every Two-Step Evaluation',
    description: 'Our standing partner code: 8% off any Funding Pips two-step account, with weekly payouts.',
    discountCode: 'VTF8',
    eligiblePrograms: ['Funding Pips 2-Step'],
    appliesToResets: true,
    status: 'active',
    discountPercentage: 8,
    termsAndConditions: 'Works on all account sizes. Cannot be stacked with site-wide sales.',
    validFromDays: -90,
  },
  {
    firm: 'FundedNext',
    title: 'Black Friday: 30% Off + 125% Refund',
    description: 'Our biggest FundedNext deal of the year: 30% off and a 125% fee refund with your first payout.',
    discountCode: 'BFVTF30',
    stacks: true,
    path: '/challenges',
    status: 'coming_soon',
    discountPercentage: 30,
    termsAndConditions: 'Runs for one week only. Refund paid with the first approved reward.',
    validFromDays: 14,
    validUntilDays: 21,
  },
  {
    firm: 'FTMO',
    title: 'Swing Account Upgrade, Free',
    description: 'Upgrade any new Challenge to the Swing type at no extra cost.',
    path: '/en/',
    status: 'coming_soon',
    termsAndConditions: 'Announced with the next FTMO platform release. Details may change before launch.',
  },
  {
    firm: 'The5ers',
    title: 'Summer Sale: 25% Off High Stakes',
    description: 'The summer promotion on the two-step High Stakes program.',
    discountCode: 'SUMMERVTF25',
    path: '/high-stakes',
    status: 'expired',
    discountPercentage: 25,
    termsAndConditions: 'Ended. Kept for the record of past deals.',
    validFromDays: -40,
    validUntilDays: -10,
  },
  {
    firm: 'Apex Trader Funding',
    title: '$85 Off the PA Activation Fee',
    description: 'Performance account activation fee waived for evaluations passed during the promotion.',
    discountCode: 'VTFPA85',
    status: 'expired',
    discountAmount: 85,
    termsAndConditions: 'Only for evaluations passed during the promotion window.',
    validFromDays: -33,
    validUntilDays: -3,
  },
];

function affiliateLink(websiteUrl: string | null, path = '/'): string | null {
  if (!websiteUrl) return null;
  const url = new URL(path, websiteUrl);
  url.searchParams.set('ref', REF);
  return url.toString();
}

/** 'YYYY-MM-DD' of the UTC day `days` from `now`. */
function dateOnly(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
}

/**
 * Runs after the companies step. Fills the discounts table only when it is empty, with
 * dates relative to `now`, for whichever demo firms exist.
 */
export async function seedDiscounts(em: EntityManager, now = new Date()): Promise<number> {
  if ((await em.count(Discount)) > 0) return 0;
  const firms = new Map((await em.find(Company, { name: { $in: [...new Set(DEMO_DISCOUNTS.map((d) => d.firm))] } })).map((c) => [c.name, c]));
  let created = 0;
  for (const { firm, path, validFromDays, validUntilDays, ...d } of DEMO_DISCOUNTS) {
    const company = firms.get(firm);
    if (!company) continue;
    const validUntil = validUntilDays === undefined ? null : new Date(now.getTime() + validUntilDays * DAY);
    const example = demoPriceExample(firm, { ...d, validUntil }, now);
    em.persist(
      em.create(Discount, {
        ...d,
        originalPrice: example?.price ?? null,
        discountedPrice: example?.priceAfterCode ?? null,
        company,
        affiliateLink: affiliateLink(company.websiteUrl, path),
        validFrom: validFromDays === undefined ? null : dateOnly(now, validFromDays),
        validUntil,
      }),
    );
    created++;
  }
  await em.flush();
  return created;
}

/**
 * SPEC's originalPrice/discountedPrice of a demo code: the firm's cheapest listed account the code applies
 * to, and its price after the code — the same rule as every page (common/price-rule.ts), never typed by hand.
 */
export function demoPriceExample(firm: string, d: Omit<DemoDiscount, 'firm' | 'validFromDays' | 'validUntilDays'> & { validUntil: Date | null }, now: Date) {
  const listed = (DEMO_PROGRAMS[firm] ?? []).flatMap((p) => p.sizes.map(([size, price]) => ({ program: p.name, size, price })));
  const terms: CodeTerms = {
    id: 0, status: d.status, discountCode: d.discountCode ?? null, discountPercentage: d.discountPercentage ?? null,
    discountAmount: d.discountAmount ?? null, validUntil: d.validUntil, eligiblePrograms: d.eligiblePrograms ?? [],
    eligibleSizes: d.eligibleSizes ?? [], minPrice: d.minPrice ?? null, newAccountsOnly: d.newAccountsOnly ?? false,
    appliesToResets: d.appliesToResets ?? false, stacks: d.stacks ?? false,
  };
  return cheapestEligible(listed, terms, now);
}
