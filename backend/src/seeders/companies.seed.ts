import type { EntityManager, RequiredEntityData } from '@mikro-orm/postgresql';
import { Company } from '../companies/company.entity.js';
import { processImage, storeImage } from '../media/image-pipeline.js';
import { renderDemoLogo } from './demo-logos.js';
import { demoFirmProfile } from './firms.seed.js';

/** The 8 verified partner firms of docs/spec.md §1. */
export const DEMO_COMPANIES: Array<RequiredEntityData<Company>> = [
  {
    name: 'FundedNext',
    aliases: ['Funded Next'],
    featured: true,
    rating: 4.8,
    websiteUrl: 'https://fundednext.com',
    description: 'Two-step and one-step evaluations with up to 95% profit split and a reward paid during the challenge phase.',
    whyChooseUs: 'Fastest payouts we have verified (median 9 hours), a 15% profit share from the challenge phase, and no time limits.',
  },
  {
    name: 'FTMO',
    rating: 4.7,
    websiteUrl: 'https://ftmo.com',
    description: 'The long-standing Prague firm with a two-step evaluation, scaling plan and accounts up to $200,000.',
    whyChooseUs: 'Eight years of on-time payouts, a regulated parent company and a free trial to learn the rules first.',
  },
  {
    name: 'The5ers',
    aliases: ['The 5%ers', 'The 5ers', 'Five Percenters'],
    rating: 4.6,
    websiteUrl: 'https://the5ers.com',
    description: 'Forex-focused funding with instant, one-step and two-step programs and scaling up to $4M.',
    whyChooseUs: 'Generous scaling, low-cost entry programs and a trader community with weekly coaching.',
  },
  {
    name: 'Topstep',
    rating: 4.5,
    websiteUrl: 'https://www.topstep.com',
    description: 'Futures funding since 2012 with the Trading Combine and a funded account on a single clear rule set.',
    whyChooseUs: 'The first 10,000 dollars of profit is yours at 100%, and the rules fit on one page.',
  },
  {
    name: 'Apex Trader Funding',
    aliases: ['Apex', 'ATF'],
    rating: 4.4,
    websiteUrl: 'https://apextraderfunding.com',
    description: 'Futures evaluations with frequent sales, up to 20 accounts at once and no scaling rule on funded accounts.',
    whyChooseUs: 'Deep, frequent discounts and the option to trade many accounts in parallel.',
  },
  {
    name: 'E8 Markets',
    aliases: ['E8 Funding', 'E8'],
    rating: 4.3,
    websiteUrl: 'https://e8markets.com',
    description: 'Customisable evaluations where traders choose drawdown, profit target and account size.',
    whyChooseUs: 'Build-your-own challenge rules and a dashboard that shows every limit in real time.',
  },
  {
    name: 'Alpha Capital Group',
    aliases: ['Alpha Capital'],
    rating: 4.2,
    websiteUrl: 'https://alphacapitalgroup.uk',
    description: 'London-based firm with fee refunds on the first payout and bi-weekly withdrawals.',
    whyChooseUs: 'Challenge fee refunded with the first payout and a responsive support team.',
  },
  {
    name: 'Funding Pips',
    aliases: ['FundingPips'],
    rating: 4.1,
    websiteUrl: 'https://fundingpips.com',
    description: 'Low-cost two-step evaluations with weekly payouts and an 80–100% profit split.',
    whyChooseUs: 'One of the cheapest entry points we have tested, with weekly payouts on request.',
  },
];

export async function seedCompanies(em: EntityManager): Promise<number> {
  if ((await em.count(Company)) > 0) return 0;
  for (const [index, data] of DEMO_COMPANIES.entries()) {
    // A generated logo, stored through the same pipeline as an upload, so pages show real images offline.
    const logoUrl = await storeImage(em, await processImage(await renderDemoLogo(data.name, index), 'logo'));
    em.persist(em.create(Company, { ...data, ...demoFirmProfile(data.name), logoUrl }));
  }
  await em.flush();
  return DEMO_COMPANIES.length;
}
