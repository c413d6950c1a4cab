/** Shapes the API answers with; both sides type against these. */
import type { ProofFigures } from './proof.js';
import type { BlogCategory, BlogStatus, DiscountStatus, SubscriberStatus, UserRole } from './enums.js';
import type { AffiliateStatus, AssetClass, FirmStatus, Platform, RatingSource } from './firms.js';

export interface PublicUser {
  id: number;
  displayName: string;
  email: string;
  role: UserRole;
  avatarUrl: string | null;
}

export type SessionResponse = { user: PublicUser } | { error: string };

export interface CompanyDto {
  id: number;
  name: string;
  /** Other names the firm goes by, found by the search like the name (issue #29). */
  aliases: string[];
  description: string | null;
  logoUrl: string | null;
  /** `#rrggbb`: what the logo's box shows until the logo arrives; null when unknown (the box keeps a neutral tint). */
  logoBackground: string | null;
  websiteUrl: string | null;
  rating: number | null;
  whyChooseUs: string | null;
  featured: boolean;
  // Firm profile (issue #10)
  slug: string;
  status: FirmStatus;
  /** The day the status took effect, its one-line reason and a source link (issue #17); null when not recorded. */
  statusSince: string | null;
  statusReason: string | null;
  statusSource: string | null;
  foundedYear: number | null;
  headquarters: string | null;
  platforms: Platform[];
  assetClasses: AssetClass[];
  restrictedCountries: string[];
  affiliateStatus: AffiliateStatus;
  lastTestedAt: string | null;
  /** The pass rate the firm publishes (% of attempts), its source and the day it was read (issue #19); null: none published. */
  passRate: number | null;
  passRateSourceUrl: string | null;
  passRateDate: string | null;
  /** 'criteria': `rating` is the weighted score of every criterion; 'entered': the rating an admin typed. */
  ratingSource: RatingSource;
  createdAt: string;
  updatedAt: string;
}

/** A discount as the API answers it (docs/spec.md §3). Money and percentages are numbers; dates are strings. */
export interface DiscountDto {
  id: number;
  companyId: number;
  title: string;
  /** The code page's address: /discounts/<slug> (issue #30). */
  slug: string;
  description: string | null;
  discountCode: string | null;
  affiliateLink: string | null;
  status: DiscountStatus;
  discountAmount: number | null;
  discountPercentage: number | null;
  originalPrice: number | null;
  discountedPrice: number | null;
  termsAndConditions: string | null;
  /** A calendar date, 'YYYY-MM-DD'. */
  validFrom: string | null;
  /** An instant, ISO 8601 in UTC. */
  validUntil: string | null;
  mediaUrl: string | null;
  /** Fine print (issue #18; common/price-rule.ts): program names the code is for, empty for all. */
  eligiblePrograms: string[];
  /** Account sizes (USD) the code is for, empty for all. */
  eligibleSizes: number[];
  /** The code applies only to accounts listed at this price or more. */
  minPrice: number | null;
  newAccountsOnly: boolean;
  appliesToResets: boolean;
  stacks: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A card's "Was … now …": the firm's cheapest listed account the code applies to (common/price-rule.ts cheapestEligible). */
export interface PriceExampleDto {
  program: string;
  size: number;
  price: number;
  priceAfterCode: number;
}

/** GET /_api/discounts: each discount with its whole public company. */
export interface PublicDiscountDto extends DiscountDto, ProofFigures {
  company: CompanyDto;
  /** null: the code applies to none of the firm's listed sizes (or has no code): the card shows no price. */
  priceExample: PriceExampleDto | null;
}

/** Admin answers (both faces): the company's id and name only. */
export interface AdminDiscountDto extends DiscountDto, ProofFigures {
  /** Whole percent of 'worked' reports in the window (null without reports), whatever their number. */
  successRate: number | null;
  /** Reports held out of the figures by a burst awaiting an admin's accept (the figures shown are the last stable ones). */
  heldReports: number;
  company: { id: number; name: string };
  /** Follows of the affiliate link through /go/:id (an admin figure: the public list leaves it out). */
  clicks: number;
  /** Optimistic-locking version (issue #20): send it back with a save; an older one answers 409. */
  version: number;
}

/**
 * A blog post (docs/spec.md §3). The public calls answer in superjson, so their dates arrive as
 * `Date`; the admin calls answer in plain JSON, so there they are ISO strings
 * (`BlogPostJson`).
 */
export interface BlogPostDto<D = Date> {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  /** Sanitised HTML, safe to render as it is. */
  content: string;
  metaTitle: string | null;
  metaDescription: string | null;
  featuredImageUrl: string | null;
  publishedAt: D | null;
  authorName: string | null;
  category: BlogCategory;
  tags: string[];
  /** The firms the post is about (issue #18). */
  companyIds: number[];
  status: BlogStatus;
  createdAt: D;
  updatedAt: D;
}

/** The admin's post also carries its optimistic-locking version (issue #20). */
export type BlogPostJson = BlogPostDto<string> & { version: number };

/** A row of the paged admin list (GET /_api/admin/blog-posts with `range`): the post without its content. */
export type AdminBlogPostListItem = Omit<BlogPostJson, 'content'>;

/** What a post card shows (SPEC §2 "Blog list"), and all a related post is read with: never the content. */
export type BlogPostCardDto<D = Date> = Pick<
  BlogPostDto<D>, 'id' | 'slug' | 'title' | 'excerpt' | 'featuredImageUrl' | 'publishedAt' | 'authorName' | 'category'
>;

/** The count of a search's matches: exact up to a cap, then "cap+" (`more`), so counting never scans every match. */
export interface BlogSearchSummary {
  /** Matches counted, at most BLOG_SEARCH_COUNT_CAP. */
  total: number;
  /** More matches exist than were counted. */
  more: boolean;
  /** When nothing matches: up to 3 published posts whose titles look like the text (typo-tolerant, pg_trgm). */
  suggestions: Array<{ slug: string; title: string }>;
}

/** GET /_api/blog-posts (superjson). `search` only with `q`. */
export interface BlogListResponse {
  posts: BlogPostDto[];
  pagination: { page: number; totalPages: number };
  search?: BlogSearchSummary;
}

/** GET /_api/blog-posts/by-slug (superjson): the post and up to 3 related posts (as cards). */
export interface BlogPostWithRelated extends BlogPostDto {
  related: BlogPostCardDto[];
  /** The firms the post is about, for links to their profiles. */
  firms: Array<{ id: number; slug: string; name: string }>;
}

/** docs/spec.md §3 "Newsletter subscriber". subscribedAt is ISO 8601; a null source is shown as 'Direct'. */
export interface NewsletterSubscriberDto {
  id: number;
  email: string;
  subscribedAt: string;
  status: SubscriberStatus;
  source: string | null;
  /** Double opt-in (issue #16): when the address was confirmed by its link; null = not yet. Only confirmed addresses get newsletters. */
  confirmedAt: string | null;
  /** When a mail server refused the address for good (or the provider reported a bounce or complaint); never mailed again. */
  bouncedAt: string | null;
}

/** docs/spec.md §3 "Newsletter signup input" (sent plain or as superjson `{json, meta}`). */
export interface NewsletterSignupInput {
  email: string;
  source?: string | null;
}

/** Answer of subscribe and unsubscribe: a message to show the visitor. */
export interface NewsletterMessageResponse {
  message: string;
}

/** The admin page's stat cards (docs/spec.md §2): 'Total Subscribers', 'New (Last 7 Days)', 'Active / Unsubscribed'. */
export interface NewsletterStatsDto {
  total: number;
  newLast7Days: number;
  active: number;
  unsubscribed: number;
  /** Subscribed and confirmed, not bounced: who a newsletter reaches (issue #16). */
  confirmed: number;
}

/** POST /_api/admin/media: the stored image, ready for an image field. */
export interface MediaUploadResponse {
  url: string;
  width: number;
  height: number;
}

/** The one error body of every non-2xx answer (docs/design.md §3). */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: Record<string, string>;
}
