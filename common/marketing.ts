/** The claims docs/spec.md §1 and §9 put on the pages, written once so every page says the same thing. */

export const CLAIMS = {
  protectedTraders: '12,847',
  savedAmount: '$2.1M',
  verifiedPartners: 8,
  maxDiscountPercent: 50,
  firstTimeFundingSuccessPercent: 95,
  rating: '4.9/5',
} as const;

/** docs/spec.md §1: the payout guarantee, in one sentence. */
export const PAYOUT_GUARANTEE = 'If a verified firm refuses a legitimate payout, we pay you out ourselves.';
/** Where the guarantee's terms, how to claim and its live figures are (issue #17): every promise of it links here. */
export const GUARANTEE_PATH = '/payout-guarantee';
/** The guarantee page's words (its head is built in every page's bundle: no rule module is needed for it). */
export const GUARANTEE_PAGE_TEXT = {
  title: 'Payout Guarantee: Terms and Live Claim Figures',
  heading: 'Our payout guarantee',
  description:
    'If a verified firm refuses a legitimate payout, we pay it ourselves. The terms in plain words, how to claim, and every claim of the last 12 months in numbers.',
  statsTitle: 'Claims in the last 12 months',
  statsLabels: {
    received: 'Claims received',
    approved: 'Claims approved',
    paid: 'Claims paid',
    paidTotal: 'Total paid out',
    medianDaysToDecision: 'Median days to a decision',
  },
  noDecisionYet: 'No decision yet',
} as const;

/** docs/spec.md §9: the newsletter banner's claims. */
export const NEWSLETTER_BANNER = {
  codesLeft: 153,
  /** The home page and /discounts both count the codes left in this period. */
  codesLeftPeriod: 'this week',
  schedule: 'Mondays at 9 AM EST',
} as const;
