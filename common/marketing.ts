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

/** docs/spec.md §9: the newsletter banner's claims. */
export const NEWSLETTER_BANNER = {
  codesLeft: 153,
  /** The home page and /discounts both count the codes left in this period. */
  codesLeftPeriod: 'this week',
  schedule: 'Mondays at 9 AM EST',
} as const;
