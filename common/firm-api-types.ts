/** Shapes of the firm-profile calls (issue #10); pages and admin type against these. */
import type { CompanyDto, PublicDiscountDto } from './api-types.js';
import type { BlogCategory } from './enums.js';
import type { FirmPayoutsDto } from './payout-api-types.js';
import type { PayoutFigures } from './payouts.js';
import type { FirmEventKind, RuleValue } from './rule-changes.js';
import type { TrueCostDto } from './true-cost.js';
import type {
  AffiliateStatus, CodeKind, CriterionKey, DrawdownType, FirmStatus, Platform, ProgramType, RatingSource, AssetClass,
} from './firms.js';

export interface ProgramSizeDto {
  id: number;
  size: number;
  price: number;
}

export interface ProgramDto {
  id: number;
  name: string;
  type: ProgramType;
  profitTargets: number[];
  dailyLoss: number | null;
  maxLoss: number;
  drawdownType: DrawdownType;
  minTradingDays: number;
  timeLimitDays: number | null;
  /** Best day at most this % of the total profit (issue #28); null: no consistency rule. */
  consistency: number | null;
  /** The trailing floor stops rising once it reaches the starting balance. */
  trailingStopsAtStart: boolean;
  profitSplit: number;
  firstPayoutDays: number | null;
  payoutFrequency: string | null;
  refundableFee: boolean;
  activationFee: number | null;
  resetPrice: number | null;
  sizes: ProgramSizeDto[];
}

export interface ScoreDto {
  criterion: CriterionKey;
  score: number;
  note: string | null;
}

/** The company record of the admin calls: the company with its programs and criteria scores (a PUT replaces both). */
export interface AdminCompanyDto extends CompanyDto {
  programs: ProgramDto[];
  scores: ScoreDto[];
  /** Optimistic-locking version (issue #20): send it back with a save; an older one answers 409. */
  version: number;
}

export interface FirmChangeDto {
  id: number;
  companyId: number;
  date: string;
  change: string;
  sourceUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AdminFirmChangeDto extends FirmChangeDto {
  company: { id: number; name: string };
}

/** The firm's best active public code for one price. */
export interface BestCodeDto {
  discountId: number;
  code: string;
  kind: CodeKind;
  discountPercentage: number | null;
  discountAmount: number | null;
  affiliateLink: string | null;
  // The code's fine print (common/price-rule.ts finePrintLines), shown beside it.
  eligiblePrograms: string[];
  eligibleSizes: number[];
  minPrice: number | null;
  newAccountsOnly: boolean;
  appliesToResets: boolean;
  stacks: boolean;
  validUntil: string | null;
}

/** The firm as a row of the table shows it. */
export interface FirmSummaryDto {
  id: number;
  slug: string;
  name: string;
  logoUrl: string | null;
  status: FirmStatus;
  affiliateStatus: AffiliateStatus;
  rating: number | null;
  ratingSource: RatingSource;
  platforms: Platform[];
  assetClasses: AssetClass[];
  /** Approved payout reports of the last 180 days (issue #17), the same figures as the profile's. */
  payouts: PayoutFigures;
}

/** One row of /firms: one account size of one program. */
export interface FirmRowDto {
  firm: FirmSummaryDto;
  program: Omit<ProgramDto, 'sizes'>;
  size: number;
  price: number;
  priceAfterCode: number;
  code: BestCodeDto | null;
  /** The expected cost of getting funded on this row (common/true-cost.ts). */
  trueCost: TrueCostDto;
}

export interface FirmsListDto {
  rows: FirmRowDto[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  /** The canonical query string of the filters applied (defaults left out). */
  query: string;
}

export interface CriterionScoreDto {
  criterion: CriterionKey;
  label: string;
  weight: number;
  /** null: not scored yet. */
  score: number | null;
  note: string | null;
}

export interface ProfileSizeDto extends ProgramSizeDto {
  priceAfterCode: number;
  code: BestCodeDto | null;
  /** At our stated assumption when the firm publishes no pass rate (the page lets the reader change it). */
  trueCost: TrueCostDto;
}

export interface FirmProfileDto {
  firm: Omit<CompanyDto, 'featured' | 'createdAt' | 'updatedAt'>;
  criteria: CriterionScoreDto[];
  programs: Array<Omit<ProgramDto, 'sizes'> & { sizes: ProfileSizeDto[] }>;
  /** Active discounts of the firm, as /_api/discounts lists them. */
  codes: PublicDiscountDto[];
  /** Newest first. */
  changelog: Array<Pick<FirmChangeDto, 'id' | 'date' | 'change' | 'sourceUrl'>>;
  /** The whole history, newest first: changes recorded from admin saves (and any other write) and the entries written by hand. */
  timeline: TimelineEntryDto[];
  /** How many traders follow the firm (issue #19; the cached profile may be up to a minute behind: a follow clears no page). */
  followers: number;
  /** Published posts about the firm (a tag naming its slug or name, or a link to its profile), newest first. */
  posts: FirmPostDto[];
  /** Approved payout reports of the last 180 days: the figures, the recent reports (banded) and the months for the chart. */
  payouts: FirmPayoutsDto;
}

/** A blog post as a firm's profile lists it (plain JSON: the date is ISO text). */
export interface FirmPostDto {
  slug: string;
  title: string;
  excerpt: string | null;
  category: BlogCategory;
  publishedAt: string;
}

export interface FirmCompareDto {
  firms: FirmProfileDto[];
}

/** One entry of a firm's history (issue #19). */
export interface TimelineEntryDto {
  /** `e<id>` for a recorded change, `c<id>` for an entry written by hand. */
  id: string;
  kind: FirmEventKind | 'manual';
  /** The day (YYYY-MM-DD, UTC). */
  date: string;
  /** When it was written (ISO). */
  at: string;
  program: string | null;
  field: string | null;
  before: RuleValue;
  after: RuleValue;
  /** "Classic: Max loss 10 % \u2192 8 %", or the words of a hand-written entry. */
  text: string;
  note: string | null;
  sourceUrl: string | null;
}
