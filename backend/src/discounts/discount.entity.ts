import { DecimalType, Entity, Enum, Index, ManyToOne, Property, type Opt, type Ref } from '@mikro-orm/core';
import type { AdminDiscountDto, DiscountDto, PriceExampleDto, PublicDiscountDto } from '../../../common/api-types.js';
import { DISCOUNT_STATUSES, type DiscountStatus } from '../../../common/enums.js';
import type { CheckResult, ProofFigures } from '../../../common/proof.js';
import { cheapestEligible, type CodeTerms, type ListedSize } from '../../../common/price-rule.js';
import { Company, toCompanyDto } from '../companies/company.entity.js';
import { BaseEntity } from '../db/base.entity.js';

@Entity({ tableName: 'discounts' })
@Index({ properties: ['status', 'validUntil'] })
// Admin list sorts (Migration20261122220000): (field, id) serves both directions.
@Index({ name: 'discounts_title_id_index', properties: ['title', 'id'] })
@Index({ name: 'discounts_valid_until_id_index', properties: ['validUntil', 'id'] })
@Index({ name: 'discounts_clicks_id_index', properties: ['clicks', 'id'] })
@Index({ name: 'discounts_created_at_id_index', properties: ['createdAt', 'id'] })
// The search's typo-tolerant title and code (Migration20261129020000).
@Index({
  name: 'discounts_title_trgm_index',
  expression: 'create index "discounts_title_trgm_index" on "discounts" using gin ("title" gin_trgm_ops)',
})
@Index({
  name: 'discounts_discount_code_trgm_index',
  expression: 'create index "discounts_discount_code_trgm_index" on "discounts" using gin ("discount_code" gin_trgm_ops)',
})
export class Discount extends BaseEntity {
  /** Deleting a company with discounts is refused by the service (409); the FK keeps that true in SQL too. */
  @ManyToOne(() => Company, { ref: true, deleteRule: 'restrict', index: true })
  company!: Ref<Company>;

  @Property({ type: 'string', length: 200 })
  title!: string;

  /** The code page's address (issue #30): from the firm and the title, unique; old ones stay in discount_slugs (301). */
  @Property({ type: 'string', length: 200, unique: 'discounts_slug_unique' })
  slug!: string & Opt;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  discountCode: string | null = null;

  @Property({ type: 'text', nullable: true })
  affiliateLink: string | null = null;

  @Enum({ items: [...DISCOUNT_STATUSES], default: 'active' })
  status: DiscountStatus & Opt = 'active';

  @Property({ type: new DecimalType('number'), precision: 10, scale: 2, nullable: true })
  discountAmount: number | null = null;

  @Property({ type: new DecimalType('number'), precision: 5, scale: 2, nullable: true })
  discountPercentage: number | null = null;

  @Property({ type: new DecimalType('number'), precision: 10, scale: 2, nullable: true })
  originalPrice: number | null = null;

  @Property({ type: new DecimalType('number'), precision: 10, scale: 2, nullable: true })
  discountedPrice: number | null = null;

  @Property({ type: 'text', nullable: true })
  termsAndConditions: string | null = null;

  /** A calendar date (docs/spec.md §3): no time, no zone. */
  @Property({ type: 'date', nullable: true })
  validFrom: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  validUntil: Date | null = null;

  @Property({ type: 'text', nullable: true })
  mediaUrl: string | null = null;

  // The fine print (issue #18), read by common/price-rule.ts wherever a price is shown.

  /** Program names the code is for; empty: every program of the firm. */
  @Property({ type: 'text[]', default: '{}' })
  eligiblePrograms: string[] & Opt = [];

  /** Account sizes (USD) the code is for; empty: every size. */
  @Property({ type: 'integer[]', default: '{}' })
  eligibleSizes: number[] & Opt = [];

  /** The code applies only to accounts listed at this price or more. */
  @Property({ type: new DecimalType('number'), precision: 10, scale: 2, nullable: true })
  minPrice: number | null = null;

  @Property({ type: 'boolean', default: false })
  newAccountsOnly: boolean & Opt = false;

  @Property({ type: 'boolean', default: false })
  appliesToResets: boolean & Opt = false;

  @Property({ type: 'boolean', default: false })
  stacks: boolean & Opt = false;

  /** Follows of the affiliate link through /go/:id. */
  @Property({ type: 'integer', default: 0 })
  clicks: number & Opt = 0;

  /** The newest 'worked' check (issue #11); written with every check by ChecksService. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  lastVerifiedAt: Date | null = null;

  /** The newest check's result, whatever it was. */
  @Property({ type: 'text', nullable: true })
  lastCheckResult: CheckResult | null = null;

  /**
   * The report figures over the last REPORT_WINDOW_DAYS days, materialised by ProofFiguresService's periodic
   * job (at most REPORT_FIGURES_REFRESH_SECONDS old, 60 by default); no public-cache NOTIFY fires for these columns alone.
   */
  @Property({ type: 'integer', default: 0 })
  reportsCount: number & Opt = 0;

  @Property({ type: 'integer', default: 0 })
  workedCount: number & Opt = 0;

  /** Reports in the window held out of the figures by a burst no admin has accepted yet (issue #18). */
  @Property({ type: 'integer', default: 0 })
  heldReports: number & Opt = 0;

  /** Whole percent, null without reports; for the admin's sort. */
  @Property({ type: 'smallint', nullable: true })
  successRate: number | null = null;

  /** When the rate fell under REPORT_FAILING_PERCENT over enough reports; null while it is not under. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  failingSince: Date | null = null;
}

/** numeric columns arrive as strings from a plain query and as numbers from an entity. */
const money = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** A discount as an entity, or as the plain row a query maps (`qb.execute('all', true)`). */
export type DiscountData = Omit<Discount, 'company'> & { company: { id: number } };

/** The plain row of the public list query: the company joined in as a plain object. */
export type DiscountWithCompanyRow = Omit<Discount, 'company'> & { company: Company };

export function toDiscountDto(d: DiscountData): DiscountDto {
  return {
    id: d.id,
    companyId: d.company.id,
    title: d.title,
    slug: d.slug,
    description: d.description,
    discountCode: d.discountCode,
    affiliateLink: d.affiliateLink,
    status: d.status,
    discountAmount: money(d.discountAmount),
    discountPercentage: money(d.discountPercentage),
    originalPrice: money(d.originalPrice),
    discountedPrice: money(d.discountedPrice),
    termsAndConditions: d.termsAndConditions,
    validFrom: d.validFrom,
    validUntil: d.validUntil ? d.validUntil.toISOString() : null,
    mediaUrl: d.mediaUrl,
    eligiblePrograms: d.eligiblePrograms ?? [],
    eligibleSizes: (d.eligibleSizes ?? []).map(Number),
    minPrice: money(d.minPrice),
    newAccountsOnly: Boolean(d.newAccountsOnly),
    appliesToResets: Boolean(d.appliesToResets),
    stacks: Boolean(d.stacks),
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

/** A timestamptz as a plain query returns it (a Date, or a string from some drivers' paths). */
const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** The figures the proof texts are made of (common/proof.ts), from an entity or a plain row. */
export function toProofFigures(d: Pick<Discount, 'lastVerifiedAt' | 'lastCheckResult' | 'reportsCount' | 'workedCount' | 'failingSince'>): ProofFigures {
  return {
    lastVerifiedAt: iso(d.lastVerifiedAt),
    lastCheckResult: d.lastCheckResult,
    reportsCount: Number(d.reportsCount),
    workedCount: Number(d.workedCount),
    failingSince: iso(d.failingSince),
  };
}

export function toPublicDiscountDto(row: DiscountWithCompanyRow, listed: readonly ListedSize[], now: Date): PublicDiscountDto {
  return { ...toDiscountDto(row), ...toProofFigures(row), company: toCompanyDto(row.company), priceExample: priceExample(listed, row, now) };
}

/** Needs the company loaded (populate: ['company']). */
export function toAdminDiscountDto(d: Discount): AdminDiscountDto {
  const company = d.company.getEntity();
  return {
    ...toDiscountDto(d),
    ...toProofFigures(d),
    successRate: d.successRate,
    heldReports: d.heldReports,
    company: { id: company.id, name: company.name },
    clicks: d.clicks,
    version: d.version,
  };
}

/** The fine print and value of a discount, as common/price-rule.ts reads them. */
export function toCodeTerms(d: Pick<Discount, 'id' | 'status' | 'discountCode' | 'discountPercentage' | 'discountAmount' | 'validUntil'
  | 'eligiblePrograms' | 'eligibleSizes' | 'minPrice' | 'newAccountsOnly' | 'appliesToResets' | 'stacks'>): CodeTerms {
  return {
    id: d.id,
    status: d.status,
    discountCode: d.discountCode,
    discountPercentage: money(d.discountPercentage),
    discountAmount: money(d.discountAmount),
    validUntil: d.validUntil,
    eligiblePrograms: d.eligiblePrograms ?? [],
    eligibleSizes: (d.eligibleSizes ?? []).map(Number),
    minPrice: money(d.minPrice),
    newAccountsOnly: Boolean(d.newAccountsOnly),
    appliesToResets: Boolean(d.appliesToResets),
    stacks: Boolean(d.stacks),
  };
}

/** A card's "Was … now …" (common/price-rule.ts cheapestEligible), from the firm's listed sizes. */
export function priceExample(
  listed: readonly ListedSize[],
  d: Parameters<typeof toCodeTerms>[0],
  now: Date,
): PriceExampleDto | null {
  return cheapestEligible(listed, toCodeTerms(d), now);
}
