import type { EntityManager } from '@mikro-orm/postgresql';
import type { BlogCategory, BlogStatus } from '../../../common/enums.js';
import { slugify } from '../../../common/slugify.js';
import { Company } from '../companies/company.entity.js';
import { BlogPost } from '../blog-posts/blog-post.entity.js';
import { sanitizePostHtml } from '../blog-posts/html-sanitizer.js';

/** The shared tag vocabulary the demo posts draw from. */
export const DEMO_TAGS = [
  'payouts', 'risk-management', 'futures', 'forex', 'discounts', 'evaluation', 'scaling', 'profit-split', 'drawdown', 'beginners',
] as const;
type Tag = (typeof DEMO_TAGS)[number];

const AUTHORS = {
  marcus: 'Marcus Reed',
  sofia: 'Sofia Alvarez',
  daniel: 'Daniel Cho',
  priya: 'Priya Nair',
  team: 'VTF Research Team',
} as const;

interface Section {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  ordered?: boolean;
}

interface DemoPost {
  title: string;
  category: BlogCategory;
  tags: Tag[];
  author: keyof typeof AUTHORS;
  excerpt: string;
  intro: string;
  sections: Section[];
  outro?: string;
  /** Days before the seed runs; negative schedules the post. Omitted for drafts. */
  daysAgo?: number;
  status?: BlogStatus;
  metaTitle?: string;
  metaDescription?: string;
}

function html(post: DemoPost): string {
  const parts = [`<p>${post.intro}</p>`];
  for (const s of post.sections) {
    parts.push(`<h2>${s.heading}</h2>`);
    for (const p of s.paragraphs ?? []) parts.push(`<p>${p}</p>`);
    if (s.list) {
      const tag = s.ordered ? 'ol' : 'ul';
      parts.push(`<${tag}>${s.list.map((item) => `<li>${item}</li>`).join('')}</${tag}>`);
    }
  }
  if (post.outro) parts.push(`<p>${post.outro}</p>`);
  return parts.join('\n');
}

/** 30 posts over every category: 25 published, 3 drafts, 1 archived, 1 scheduled (published, date to come). */
export const DEMO_POSTS: DemoPost[] = [
  // ── Reviews: one per partner firm ──────────────────────────────────────────
  {
    title: 'FundedNext Review 2025: Fast Payouts and a Challenge-Phase Reward',
    category: 'review',
    tags: ['payouts', 'forex', 'evaluation', 'profit-split'],
    author: 'marcus',
    daysAgo: 6,
    metaTitle: 'FundedNext Review 2025 – Payout Speed Tested',
    metaDescription: 'We bought two FundedNext challenges, passed one and timed the payout. Here is what we found.',
    excerpt: 'We bought two FundedNext evaluations, passed one, and timed every step from the first trade to the money in our account.',
    intro: 'FundedNext has grown quickly on the back of one promise: you get paid fast. We bought a Stellar two-step and a Stellar one-step account with our own money to see whether that promise holds up.',
    sections: [
      {
        heading: 'The evaluation',
        paragraphs: [
          'The two-step asks for 8% in phase one and 5% in phase two, with a 5% daily and 10% overall loss limit. There is no time limit, which removes the pressure to force trades in a slow week.',
          'The one-step is stricter: a 10% target and a 3% daily loss limit. It suits traders who already have a consistent, low-drawdown strategy.',
        ],
      },
      {
        heading: 'Payout speed',
        paragraphs: ['Our first withdrawal request went in on a Monday morning and arrived in 9 hours and 40 minutes, in line with the median we have seen across our readers.'],
        list: ['Request submitted: 08:12 UTC', 'Approved by risk team: 14:05 UTC', 'Funds received (USDT): 17:52 UTC'],
      },
      {
        heading: 'What we did not like',
        list: ['News trading is restricted on funded accounts', 'The dashboard hides the daily loss reset time in a tooltip', 'Support replies slow down at weekends'],
      },
    ],
    outro: 'Verdict: one of the strongest all-round forex firms we have tested, and the fastest to pay.',
  },
  {
    title: 'FTMO Review: Is the Original Prop Firm Still Worth It?',
    category: 'review',
    tags: ['payouts', 'forex', 'evaluation', 'scaling'],
    author: 'sofia',
    daysAgo: 21,
    metaTitle: 'FTMO Review – Rules, Payouts and Scaling Plan',
    excerpt: 'Eight years in, FTMO is no longer the cheapest option. We look at whether its track record justifies the price.',
    intro: 'FTMO practically invented the modern two-step evaluation. Newer firms undercut it on price every month, so we went through the whole process again to see what the premium buys you.',
    sections: [
      {
        heading: 'Rules in plain words',
        list: ['Challenge: 10% profit target, at least 4 trading days', 'Verification: 5% target', '5% maximum daily loss, 10% maximum loss', 'Accounts from $10,000 to $200,000'],
      },
      {
        heading: 'The scaling plan',
        paragraphs: ['Every four months with 10% net profit and two payouts, FTMO adds 25% to your balance. It is slow, but it is written down and we have seen it applied to readers without arguments.'],
      },
      {
        heading: 'Payout record',
        paragraphs: ['In eight years we have not found a credible case of a legitimate payout being refused. Withdrawals take one to two business days, slower than FundedNext but completely predictable.'],
      },
    ],
    outro: 'If you value a long, clean record over a low entry price, FTMO is still the benchmark.',
  },
  {
    title: 'The5ers Review: Scaling to Millions on a Forex Account',
    category: 'review',
    tags: ['forex', 'scaling', 'evaluation'],
    author: 'daniel',
    daysAgo: 34,
    excerpt: 'The5ers offers the most generous scaling path we have seen. The catch is patience: you grow by hitting steady targets.',
    intro: 'The5ers is built around one idea: reward consistency with more capital. Its High Stakes and Bootcamp programs both lead to accounts that can grow to $4M.',
    sections: [
      {
        heading: 'Programs compared',
        list: ['Bootcamp: low entry fee, three steps, funded at $100k after the last one', 'High Stakes: two steps with an 8% and 5% target', 'Hyper Growth: one step, 10% target, fast scaling'],
      },
      {
        heading: 'How scaling works',
        paragraphs: ['Each time you reach a 10% profit milestone your account doubles and your profit split improves. It is the only firm in our list where the scaling plan is the main attraction rather than an afterthought.'],
      },
    ],
    outro: 'Best for calm swing traders who prefer growing one account over juggling many.',
  },
  {
    title: 'Topstep Review: The Futures Combine Explained',
    category: 'review',
    tags: ['futures', 'evaluation', 'payouts'],
    author: 'marcus',
    daysAgo: 48,
    metaDescription: 'Topstep’s Trading Combine, funded account rules and payout policy, tested with real money.',
    excerpt: 'Topstep has funded futures traders since 2012. We walk through the Trading Combine and the first payout on an Express Funded Account.',
    intro: 'Topstep is the oldest name in futures funding, and its rules fit on a single page. That simplicity is its biggest strength.',
    sections: [
      {
        heading: 'The Trading Combine',
        paragraphs: ['You pay a monthly subscription and need to hit a profit target without breaching the trailing maximum loss. There is no daily loss limit breach that ends the account, only a pause for the rest of the day.'],
      },
      {
        heading: 'Payouts',
        paragraphs: ['The first $10,000 of profit is yours at 100%, after that the split is 90/10. Our first withdrawal arrived two business days after the request.'],
      },
      {
        heading: 'Who it suits',
        list: ['Index futures day traders (ES, NQ)', 'Traders who want one rule set rather than many program variants', 'Anyone who prefers a monthly fee to a one-off challenge price'],
      },
    ],
  },
  {
    title: 'Apex Trader Funding Review: Many Accounts, Deep Discounts',
    category: 'review',
    tags: ['futures', 'discounts', 'payouts'],
    author: 'priya',
    daysAgo: 63,
    excerpt: 'Apex runs sales almost every month and lets you trade up to 20 accounts. We look at what that means for your real costs.',
    intro: 'Apex Trader Funding is popular for two reasons: prices that are almost always on sale, and the freedom to run many evaluations at once.',
    sections: [
      {
        heading: 'Pricing',
        paragraphs: ['List prices look high, but we have tracked discounts of 80% or more in most months of the last year. Never pay full price here; check our discounts page first.'],
      },
      {
        heading: 'Rules that matter',
        list: ['Trailing threshold that stops trailing once you reach the starting balance plus the drawdown', 'Consistency rule on funded accounts: no single day above 30% of total profit', 'Up to 20 funded accounts at the same time'],
      },
    ],
    outro: 'Apex is great value for disciplined futures traders who read the consistency rule before their first payout request.',
  },
  {
    title: 'E8 Markets Review: Build Your Own Challenge',
    category: 'review',
    tags: ['forex', 'evaluation', 'drawdown'],
    author: 'daniel',
    daysAgo: 77,
    excerpt: 'E8 Markets lets you choose your own drawdown, target and account size. We tested whether the flexibility is worth it.',
    intro: 'Most firms sell a fixed menu. E8 Markets lets you build the challenge you want, trading a lower price for tighter limits or the other way round.',
    sections: [
      {
        heading: 'Choosing your parameters',
        paragraphs: ['A larger drawdown makes the challenge more expensive; a lower profit target does too. We found the sweet spot for our strategy at a 6% drawdown with an 8% target.'],
      },
      {
        heading: 'The dashboard',
        paragraphs: ['Every limit is visible in real time, including the exact equity level that would breach your daily loss. It is the best dashboard we have used.'],
      },
      {
        heading: 'Pros and cons',
        list: ['Pro: pay only for the room you need', 'Pro: clear real-time limits', 'Con: many options can overwhelm beginners', 'Con: payouts take up to five business days'],
      },
    ],
  },
  {
    title: 'Alpha Capital Group Review: Fee Refunds and Bi-Weekly Payouts',
    category: 'review',
    tags: ['forex', 'payouts', 'evaluation'],
    author: 'sofia',
    daysAgo: 95,
    excerpt: 'The London firm refunds your challenge fee with your first payout. Here is how its evaluation and withdrawals worked for us.',
    intro: 'Alpha Capital Group is smaller than FTMO or FundedNext, but it has built a loyal following with responsive support and a refund on the challenge fee.',
    sections: [
      {
        heading: 'Evaluation',
        list: ['Alpha Pro: 8% then 5% target, 4% daily loss', 'Alpha Swing: no weekend holding restrictions', 'Minimum three trading days per phase'],
      },
      {
        heading: 'Payout experience',
        paragraphs: ['We requested our first payout 14 days after funding. It arrived in two days, with the challenge fee added as promised.'],
      },
    ],
  },
  {
    title: 'Funding Pips Review: The Cheapest Serious Challenge?',
    category: 'review',
    tags: ['forex', 'discounts', 'payouts', 'beginners'],
    author: 'priya',
    daysAgo: 120,
    excerpt: 'Funding Pips is one of the lowest-cost entry points we have tested. We check whether the low price hides anything.',
    intro: 'Funding Pips has grown fast by pricing its evaluations well below the market. Cheap can be a red flag, so we looked closely at the rules and the payout process.',
    sections: [
      {
        heading: 'What you get',
        list: ['Two-step evaluation with an 8% and 5% target', 'Weekly payouts on request', 'Profit split from 80%, rising to 100% with the right add-on'],
      },
      {
        heading: 'Red flags we looked for',
        paragraphs: ['We found no hidden lot-size rule, no surprise consistency rule and no vague clause about "gambling behaviour". The terms are short and readable.'],
      },
    ],
    outro: 'A good first firm for traders on a small budget.',
  },
  // ── Guides ─────────────────────────────────────────────────────────────────
  {
    title: 'How to Pass a Prop Firm Challenge on Your First Attempt',
    category: 'guide',
    tags: ['evaluation', 'risk-management', 'beginners'],
    author: 'marcus',
    daysAgo: 3,
    metaTitle: 'How to Pass a Prop Firm Challenge (First Attempt)',
    metaDescription: 'A practical plan for passing a funded trader evaluation: position sizing, daily limits and the mistakes that fail most traders.',
    excerpt: 'Most traders fail evaluations because of risk, not strategy. A simple plan for sizing, daily limits and patience.',
    intro: 'We surveyed 1,200 readers who attempted an evaluation last year. Fewer than a third of the failures came from a bad strategy; most came from breaking a loss limit on a single bad day.',
    sections: [
      {
        heading: 'Size for the drawdown, not the target',
        paragraphs: ['Work backwards from the maximum loss. With a 10% overall limit, risking 0.5% per trade gives you twenty losing trades before you are out.'],
      },
      {
        heading: 'A daily routine that works',
        ordered: true,
        list: ['Write down your daily stop before the session', 'Take only your A+ setups', 'Stop for the day after two losses in a row', 'Review every trade in a journal'],
      },
      {
        heading: 'Do not rush the target',
        paragraphs: ['Choose a firm without a time limit. Traders who had no deadline passed almost twice as often in our survey.'],
      },
    ],
  },
  {
    title: 'Daily Drawdown vs Maximum Drawdown: What Gets Accounts Closed',
    category: 'guide',
    tags: ['drawdown', 'risk-management', 'evaluation'],
    author: 'daniel',
    daysAgo: 12,
    excerpt: 'Balance-based, equity-based, trailing or static: the way a firm measures drawdown matters more than the percentage.',
    intro: 'Two firms can both advertise a 5% daily loss limit and still mean very different things. Here is how to read the small print.',
    sections: [
      {
        heading: 'Balance-based or equity-based',
        paragraphs: ['A balance-based limit is measured from your closing balance; an equity-based limit includes open trades. With equity-based limits, a floating loss can close your account even if the trade later recovers.'],
      },
      {
        heading: 'Trailing drawdown',
        paragraphs: ['Common with futures firms, a trailing drawdown follows your highest balance upward. Know the level at which it stops trailing.'],
        list: ['Static: fixed from the starting balance', 'Trailing: moves up with your peak balance', 'Trailing until breakeven: stops once you are in profit by the drawdown amount'],
      },
    ],
  },
  {
    title: 'Futures vs Forex Prop Firms: Which Should You Choose?',
    category: 'guide',
    tags: ['futures', 'forex', 'beginners'],
    author: 'priya',
    daysAgo: 26,
    excerpt: 'Different markets, different rules. A side-by-side look at costs, drawdown models and payout terms.',
    intro: 'Your market should pick your firm, not the other way round. Futures and forex prop firms have grown up with very different rule sets.',
    sections: [
      {
        heading: 'Costs',
        paragraphs: ['Futures firms such as Topstep and Apex usually charge a monthly subscription; forex firms such as FTMO and FundedNext charge a one-off fee that is often refunded.'],
      },
      {
        heading: 'Comparison',
        list: ['Futures: trailing drawdown, centralised exchange prices, commissions per contract', 'Forex: static or daily drawdown, broker spreads, swaps on overnight positions', 'Both: payout splits between 80% and 100%'],
      },
    ],
    outro: 'Trade what you already know. Switching markets to fit a firm is a common and expensive mistake.',
  },
  {
    title: 'Position Sizing for Funded Accounts: A Practical Guide',
    category: 'guide',
    tags: ['risk-management', 'drawdown', 'scaling'],
    author: 'marcus',
    daysAgo: 40,
    excerpt: 'A simple position sizing model that keeps you inside any firm’s limits and grows with your account.',
    intro: 'Position sizing is the one skill every funded trader shares. This is the model we use on our own test accounts.',
    sections: [
      {
        heading: 'The fixed-fraction rule',
        paragraphs: ['Risk a fixed fraction of the distance to your maximum loss, not of your balance. As you approach the limit, your size shrinks automatically.'],
      },
      {
        heading: 'Worked example',
        ordered: true,
        list: ['$100,000 account with a $10,000 maximum loss', 'Risk 5% of the remaining room: $500 on the first trade', 'After a $2,000 loss, the room is $8,000 and the next risk is $400'],
      },
    ],
  },
  {
    title: 'How Prop Firm Payouts Work: Splits, Schedules and Fees',
    category: 'guide',
    tags: ['payouts', 'profit-split'],
    author: 'sofia',
    daysAgo: 55,
    metaDescription: 'Profit splits, payout schedules, minimum amounts and withdrawal methods explained.',
    excerpt: 'From your first withdrawal request to the money in your account: splits, waiting periods, minimums and methods.',
    intro: 'Passing the evaluation is only half the journey. Understanding how and when you get paid avoids the most common disputes we hear about.',
    sections: [
      {
        heading: 'Profit split',
        paragraphs: ['Most firms start between 80% and 90% and raise the split as you scale. A 100% split on the first portion of profit, as Topstep offers, is rare.'],
      },
      {
        heading: 'Schedules and minimums',
        list: ['On demand: FundedNext after the first cycle', 'Weekly: Funding Pips', 'Bi-weekly: Alpha Capital Group, FTMO by default', 'Minimum amounts usually between $50 and $100'],
      },
      {
        heading: 'Methods',
        paragraphs: ['Bank transfer, crypto and payment platforms such as Rise are common. Crypto is usually the fastest.'],
      },
    ],
  },
  {
    title: 'Reading the Fine Print: Prop Firm Rules That Cancel Payouts',
    category: 'guide',
    tags: ['payouts', 'evaluation', 'risk-management'],
    author: 'team',
    daysAgo: 70,
    excerpt: 'Consistency rules, news restrictions and copy-trading clauses cause most payout denials. Check these before you trade.',
    intro: 'When a reader tells us a payout was refused, the reason is almost always a rule they did not know about. These are the ones to look for.',
    sections: [
      {
        heading: 'The usual suspects',
        list: ['Consistency rules: a cap on how much of your profit can come from one day', 'News trading windows around high-impact releases', 'Copy trading or account management by third parties', 'Latency arbitrage and tick scalping'],
      },
      {
        heading: 'Our payout guarantee',
        paragraphs: ['If a verified firm on our list refuses a legitimate payout, we pay it ourselves. "Legitimate" means you followed the rules as they were written when you bought the account.'],
      },
    ],
  },
  {
    title: 'Using Prop Firm Discount Codes Without Getting Burned',
    category: 'guide',
    tags: ['discounts', 'beginners'],
    author: 'priya',
    daysAgo: 88,
    excerpt: 'How to stack sales with codes, when a discount is not really a discount, and how we verify every code we list.',
    intro: 'A discount code can cut the cost of an evaluation by half or more. A fake one can cost you the purchase. Here is how to tell them apart.',
    outro: 'Every code on our discounts page has been through this process in the last seven days. If one fails for you, tell us and we re-test it the same day.',
    sections: [
      {
        heading: 'How we verify codes',
        ordered: true,
        list: ['We apply the code at checkout on a fresh account', 'We record the final price including taxes', 'We re-check active codes every week and remove expired ones'],
      },
      {
        heading: 'Common traps',
        list: ['"Up to" discounts that apply only to the smallest account', 'Codes that remove a refund of the fee', 'Sale prices that are the same as the normal price a week later'],
      },
    ],
  },
  {
    title: 'Scaling Plans Compared: How to Grow a Funded Account',
    category: 'guide',
    tags: ['scaling', 'profit-split', 'forex', 'futures'],
    author: 'daniel',
    daysAgo: 110,
    excerpt: 'FTMO, The5ers and FundedNext all promise more capital for consistent traders. We compare the conditions side by side.',
    intro: 'A scaling plan turns a $100,000 account into a much larger one without a new evaluation. The conditions vary widely.',
    sections: [
      {
        heading: 'Side by side',
        list: ['FTMO: +25% every four months with 10% profit and two payouts', 'The5ers: account doubles at each 10% milestone, up to $4M', 'FundedNext: +40% every four months with 10% profit'],
      },
      {
        heading: 'Which one suits you',
        paragraphs: ['If you trade a few high-quality setups a month, The5ers rewards you fastest. If you trade daily and withdraw often, FundedNext’s conditions are easier to meet.'],
      },
    ],
  },
  {
    title: 'Trading Psychology for Funded Traders',
    category: 'guide',
    tags: ['risk-management', 'beginners'],
    author: 'sofia',
    status: 'draft',
    excerpt: 'Why traders who are profitable on their own accounts struggle under evaluation rules, and what to do about it.',
    intro: 'Many readers tell us they trade well on a personal account and fall apart during an evaluation. The rules change how you think about every trade.',
    sections: [
      {
        heading: 'The target trap',
        paragraphs: ['A visible profit target pulls traders into oversized positions near the end of a challenge. Hide the target from your screen and trade the plan.'],
      },
      {
        heading: 'Habits that help',
        paragraphs: ['The traders in our survey who passed most often had a fixed routine before and after each session.'],
        list: ['A written plan for the day', 'A hard stop after two losses', 'A journal entry for every trade, win or lose'],
      },
    ],
  },
  // ── News ───────────────────────────────────────────────────────────────────
  {
    title: 'FundedNext Raises Profit Split to 95% on All New Accounts',
    category: 'news',
    tags: ['profit-split', 'payouts', 'forex'],
    author: 'team',
    daysAgo: 1,
    excerpt: 'FundedNext now starts every new funded account at a 95% profit split. Existing accounts move over at their next payout.',
    intro: 'FundedNext announced this week that all newly funded accounts start at a 95% profit split, up from 80%.',
    sections: [
      {
        heading: 'What changes',
        list: ['New funded accounts: 95% split from the first payout', 'Existing accounts: moved to 95% at the next payout cycle', 'Challenge-phase reward of 15% unchanged'],
      },
      {
        heading: 'Why it matters',
        paragraphs: ['A 95% split puts FundedNext at the top of the forex firms we track. On a $10,000 profit the difference from an 80% split is $1,500 in your pocket.'],
      },
    ],
    outro: 'Our verified discount for FundedNext still applies on top of the new split.',
  },
  {
    title: 'Topstep Cuts Trading Combine Prices for the Summer',
    category: 'news',
    tags: ['futures', 'discounts'],
    author: 'marcus',
    daysAgo: 15,
    excerpt: 'Topstep has lowered the monthly price of its 50K, 100K and 150K Combines until the end of August.',
    intro: 'Topstep is running its biggest price cut in two years on all three Trading Combine sizes.',
    sections: [
      {
        heading: 'New prices',
        list: ['50K Combine: $49 per month', '100K Combine: $99 per month', '150K Combine: $149 per month'],
      },
      {
        heading: 'Our take',
        paragraphs: ['Combined with our verified code, this is the cheapest way into futures funding we have tracked this year.'],
      },
    ],
  },
  {
    title: 'Apex Trader Funding Updates Its Consistency Rule',
    category: 'news',
    tags: ['futures', 'payouts', 'evaluation'],
    author: 'priya',
    daysAgo: 30,
    excerpt: 'Apex has relaxed the consistency rule for funded accounts from 30% to 40% of total profit on a single day.',
    intro: 'Apex Trader Funding updated its payout rules on Monday. The change makes the first payout easier to reach for traders with one big day.',
    sections: [
      {
        heading: 'The change',
        paragraphs: ['No single trading day may account for more than 40% of the profit in a payout period, up from 30%. The minimum number of trading days is unchanged.'],
      },
      {
        heading: 'What to do now',
        list: ['Check your current payout period against the new 40% figure', 'Spread profit-taking over more days if you are close to the limit', 'Read the updated terms before your next request'],
        paragraphs: ['We have updated our Apex review and the payout guide with the new rule.'],
      },
    ],
  },
  {
    title: 'E8 Markets Adds Futures Evaluations',
    category: 'news',
    tags: ['futures', 'evaluation'],
    author: 'daniel',
    daysAgo: 58,
    excerpt: 'The firm known for customisable forex challenges now offers futures accounts with the same build-your-own approach.',
    intro: 'E8 Markets has launched E8 Futures, bringing its customisable evaluation model to CME products.',
    sections: [
      {
        heading: 'Key facts',
        list: ['Accounts from $25,000 to $150,000', 'End-of-day trailing drawdown', 'One-step evaluation, no time limit'],
      },
      {
        heading: 'Our first impressions',
        paragraphs: ['We bought a $50,000 account on launch day. The platform connection was smooth and the drawdown display matches the forex dashboard we liked in our E8 Markets review.'],
      },
    ],
  },
  {
    title: 'The5ers Launches a $4M Scaling Milestone',
    category: 'news',
    tags: ['scaling', 'forex'],
    author: 'sofia',
    daysAgo: 100,
    excerpt: 'Traders on The5ers High Stakes program can now scale all the way to $4 million in capital.',
    intro: 'The5ers has extended its scaling plan. The top milestone of the High Stakes program is now a $4M account.',
    sections: [
      {
        heading: 'How to get there',
        paragraphs: ['Each 10% profit milestone doubles the account and raises the split. Reaching $4M from a $100k start takes six milestones.'],
      },
      {
        heading: 'The milestones',
        list: ['$100k to $200k at the first 10%', '$200k to $400k at the second', 'Doubling again at each milestone until $4M'],
        paragraphs: ['Profit split rises to 100% at the higher levels. Our The5ers review covers the rules in full.'],
      },
    ],
  },
  {
    title: 'Black Friday Prop Firm Deals: What We Expect This Year',
    category: 'news',
    tags: ['discounts'],
    author: 'team',
    daysAgo: 180,
    status: 'archived',
    excerpt: 'Last year’s Black Friday brought the deepest discounts of the year. Here is what we expect and how to prepare.',
    intro: 'Black Friday is the one week when nearly every firm on our list cuts prices at the same time.',
    sections: [
      {
        heading: 'What to expect',
        list: ['Apex: up to 50% off evaluations', 'FundedNext and FTMO: rarely discounted, but bonus add-ons are common', 'New firms: aggressive launches, check our verification first'],
      },
      {
        heading: 'How to prepare',
        paragraphs: ['Decide which firm and account size you want before the sale starts. The best codes sell out in the first 48 hours.'],
      },
    ],
  },
  {
    title: 'Funding Pips Introduces Daily Payouts for Top Traders',
    category: 'news',
    tags: ['payouts', 'forex'],
    author: 'priya',
    daysAgo: -7,
    excerpt: 'Funding Pips will let its most consistent funded traders withdraw every day, starting next week.',
    intro: 'Funding Pips announced a new tier for its funded traders: daily payouts for accounts that meet its consistency criteria.',
    sections: [
      {
        heading: 'Who qualifies',
        list: ['Funded for at least 60 days', 'At least three previous payouts', 'No rule breaches in the last 30 days'],
      },
      {
        heading: 'Our view',
        paragraphs: ['Daily payouts are a strong signal of confidence in the firm’s cash flow. We will test the new tier on our own funded account and report back.'],
      },
    ],
  },
  {
    title: 'FTMO Opens a New Office in Dubai',
    category: 'news',
    tags: ['forex'],
    author: 'team',
    status: 'draft',
    excerpt: 'FTMO is expanding its support team with a new office in Dubai to serve traders in the Middle East and Asia.',
    intro: 'FTMO confirmed it is opening an office in Dubai, its first outside Europe.',
    sections: [
      {
        heading: 'What it means for traders',
        paragraphs: ['Support hours will extend to cover Asian trading sessions, and local payment methods are planned.'],
      },
      {
        heading: 'Timeline',
        list: ['Office opening: next quarter', 'Extended support hours: from launch', 'Local payment methods: later in the year'],
      },
    ],
  },
  // ── General ────────────────────────────────────────────────────────────────
  {
    title: 'Why We Test Every Prop Firm With Our Own Money',
    category: 'general',
    tags: ['evaluation', 'payouts'],
    author: 'team',
    daysAgo: 9,
    metaTitle: 'How We Verify Prop Firms',
    metaDescription: 'Our verification process: we buy the challenge, trade it, and withdraw a payout before a firm is listed.',
    excerpt: 'No firm gets on our list until we have bought its challenge, passed it and been paid. Here is our process.',
    intro: 'Affiliate sites that have never traded a funded account are everywhere. We decided early that we would only list firms we have been paid by ourselves.',
    sections: [
      {
        heading: 'Our process',
        ordered: true,
        list: ['Buy the evaluation at the public price', 'Trade it under the published rules', 'Request a payout and time it', 'Re-test every six months'],
      },
      {
        heading: 'How we earn money',
        paragraphs: ['We may earn a commission when you buy through our links. It never changes our verdicts, and firms cannot pay to be listed.'],
      },
    ],
  },
  {
    title: 'Prop Trading in 2025: Five Trends to Watch',
    category: 'general',
    tags: ['futures', 'forex', 'payouts', 'scaling'],
    author: 'marcus',
    daysAgo: 44,
    excerpt: 'Faster payouts, more futures firms, stricter rules on copy trading and more: where the industry is heading.',
    intro: 'The prop firm industry changed more in the last two years than in the ten before. These are the trends we see in our data.',
    sections: [
      {
        heading: 'The trends',
        ordered: true,
        list: ['Payouts measured in hours, not weeks', 'Forex firms moving into futures', 'Higher starting profit splits', 'Stricter rules on copy trading and EAs', 'Consolidation among smaller firms'],
      },
      {
        heading: 'What it means for you',
        paragraphs: ['Competition is good news for traders: better splits and faster payouts. It also means more new firms with short track records, so verification matters more than ever.'],
      },
    ],
  },
  {
    title: 'What Is a Prop Trading Firm? A Beginner’s Introduction',
    category: 'general',
    tags: ['beginners', 'evaluation', 'profit-split'],
    author: 'sofia',
    daysAgo: 150,
    excerpt: 'Prop firms give traders capital in exchange for a share of the profits. How the model works and who it is for.',
    intro: 'A proprietary trading firm lets you trade its capital. You keep most of the profit; the firm limits its risk with rules and an evaluation.',
    sections: [
      {
        heading: 'How the model works',
        paragraphs: ['You pay for an evaluation, prove you can make a profit within the loss limits, and receive a funded account. Profits are split, usually 80% or more in your favour.'],
      },
      {
        heading: 'Is it for you?',
        list: ['You have a tested strategy with a track record', 'You can follow strict daily loss limits', 'You can afford to lose the evaluation fee'],
      },
    ],
  },
  {
    title: 'Our Payout Guarantee, Explained',
    category: 'general',
    tags: ['payouts'],
    author: 'team',
    daysAgo: 200,
    excerpt: 'If a verified firm refuses a legitimate payout, we pay it. What counts, how to claim and how we check.',
    intro: 'Our payout guarantee is simple: if a firm we verified refuses a payout you earned by its rules, we pay you ourselves.',
    sections: [
      {
        heading: 'How to claim',
        ordered: true,
        list: ['Buy through one of our links or codes', 'Keep your trade history and the firm’s written refusal', 'Send them to our support team within 30 days'],
      },
      {
        heading: 'How we check a claim',
        paragraphs: ['We compare your trade history with the firm’s rules as published on the day you bought the account. If the rules were followed, we pay the amount the firm refused, usually within ten business days.'],
      },
    ],
  },
  {
    title: 'Reader Survey Results: How Long Does It Take to Get Funded?',
    category: 'general',
    tags: ['evaluation', 'beginners'],
    author: 'priya',
    status: 'draft',
    excerpt: 'We asked 1,200 readers how many attempts and how many weeks it took them to get a funded account.',
    intro: 'Draft: survey results are still being cleaned. Median time to funding looks like seven weeks and two attempts.',
    sections: [
      {
        heading: 'Early numbers',
        list: ['Median attempts: 2', 'Median weeks from first purchase to funding: 7', 'Share funded on the first attempt: 31%'],
      },
      {
        heading: 'Next steps',
        paragraphs: ['We will split the results by market and account size before publishing.'],
      },
    ],
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedBlogPosts(em: EntityManager): Promise<number> {
  if ((await em.count(BlogPost)) > 0) return 0;
  const now = Date.now();
  // A post names the firms its title is about (every review names its firm): profiles list it, it links back.
  const companies = await em.find(Company, {});
  const about = (title: string) => companies.filter((c) => title.includes(c.name)).map((c) => c.id).sort((a, b) => a - b);
  for (const post of DEMO_POSTS) {
    const status = post.status ?? 'published';
    const publishedAt = post.daysAgo === undefined ? null : new Date(now - post.daysAgo * DAY_MS);
    // Written a few days before it went out; drafts were started recently.
    const createdAt = new Date((publishedAt?.getTime() ?? now) - 3 * DAY_MS);
    em.persist(
      em.create(BlogPost, {
        slug: slugify(post.title),
        title: post.title,
        excerpt: post.excerpt,
        content: sanitizePostHtml(html(post)),
        metaTitle: post.metaTitle ?? null,
        metaDescription: post.metaDescription ?? null,
        featuredImageUrl: null,
        publishedAt,
        // Already public; one dated ahead waits for its job (scheduled at start by PostPublishing.catchUp).
        wentLiveAt: status === 'published' && publishedAt && publishedAt.getTime() <= now ? publishedAt : null,
        authorName: AUTHORS[post.author],
        category: post.category,
        tags: post.tags,
        companyIds: about(post.title),
        status,
        createdAt: createdAt.getTime() > now ? new Date(now - DAY_MS) : createdAt,
        updatedAt: createdAt.getTime() > now ? new Date(now - DAY_MS) : createdAt,
      }),
    );
  }
  await em.flush();
  return DEMO_POSTS.length;
}
