/** Words of the firm pages (issue #10) that the server's head and the pages share. */
export const FIRM_PAGE_TEXT = {
  firms: {
    title: 'Prop Firm Comparison: Prices After Our Codes',
    heading: 'Compare Prop Firms',
    description:
      'Compare prop firm programs side by side: price and price after our verified code, profit target, loss limits, profit split, payouts and our published score.',
    invalid: 'These filters cannot be applied',
  },
  firm: {
    title: (name: string) => `${name} Review: Rules, Prices and Our Score`,
    description: (name: string, rating: number | null) =>
      `${name}: programs and account sizes with prices after our verified code, rules, payouts, changelog${rating === null ? '' : ` and our ${rating.toFixed(1)}/5 score`}.`,
    feedTitle: (name: string) => `${name}: rule changes`,
    feedSubtitle: (name: string) => `Every change we record to ${name}'s rules, fees and status, newest first.`,
  },
  compare: {
    title: (names: string[]) => `${names.join(' vs ')}: Side-by-Side Comparison`,
    titleInvalid: 'Compare Prop Firms Side by Side',
    description: (names: string[]) => `${names.join(', ')} compared fact by fact: prices after our codes, rules, payouts and our score.`,
    descriptionInvalid: 'Choose two or three prop firms to compare their prices, rules, payouts and scores fact by fact.',
  },
  methodology: {
    title: 'How We Score and Verify Prop Firms',
    heading: 'How We Score and Verify Prop Firms',
    description:
      'The criteria and weights behind every score, how we verify each discount code, and our affiliate disclosure in full.',
  },
  firmNotFound: { title: 'Firm Not Found', description: 'We have no profile for this firm. Browse the comparison table for the firms we test.' },
  /** Short disclosure placed above the first affiliate link of a page (FTC: clear and near the link). */
  disclosure:
    'Disclosure: some links on this page are affiliate links. If you buy through them we may earn a commission, at no extra cost to you. It never changes a score or an order.',
} as const;

export const FIRMS_PATH = '/firms';
export const METHODOLOGY_PATH = '/methodology';
export const firmPath = (slug: string) => `/firms/${slug}`;
export const comparePath = (slugs: readonly string[]) => `/firms/compare?firms=${slugs.join(',')}`;
/** A change's place on the profile's timeline. */
export const timelineAnchor = (entryId: string) => `change-${entryId}`;
export const TIMELINE_ID = 'timeline';
