import { DecimalType, Entity, Enum, Index, Property, type Opt } from '@mikro-orm/core';
import type { CompanyDto } from '../../../common/api-types.js';
import {
  AFFILIATE_STATUSES, FIRM_STATUSES, effectiveRating, type AffiliateStatus, type AssetClass, type FirmStatus, type Platform,
} from '../../../common/firms.js';
import { BaseEntity } from '../db/base.entity.js';

@Entity({ tableName: 'companies' })
@Index({
  name: 'companies_name_trgm_index',
  expression: 'create index "companies_name_trgm_index" on "companies" using gin ("name" gin_trgm_ops)',
})
export class Company extends BaseEntity {
  @Index()
  @Property({ type: 'string', length: 200 })
  name!: string;

  /** Other names the firm goes by ("The 5%ers" for The5ers), found by the search like the name (issue #29). */
  @Property({ type: 'text[]', default: '{}' })
  aliases: string[] & Opt = [];

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'text', nullable: true })
  logoUrl: string | null = null;

  /** The colour the logo's box shows before the logo arrives: the logo's own background, kept by a trigger (Migration20261125162200). */
  @Property({ type: 'string', length: 7, nullable: true })
  logoBackground: string | null = null;

  @Property({ type: 'text', nullable: true })
  websiteUrl: string | null = null;

  @Property({ type: new DecimalType('number'), precision: 2, scale: 1, nullable: true })
  rating: number | null = null;

  @Property({ type: 'text', nullable: true })
  whyChooseUs: string | null = null;

  /** The '#1 CHOICE' firm of docs/spec.md §9; sorts first everywhere. */
  @Property({ type: 'boolean', default: false })
  featured: boolean & Opt = false;

  // Firm profile (issue #10). The slug is given by CompanySlugSubscriber when left out.
  @Property({ type: 'string', length: 200, unique: true })
  slug!: string & Opt;

  @Index()
  @Enum({ items: [...FIRM_STATUSES], default: 'active' })
  status: FirmStatus & Opt = 'active';

  /** The day the status took effect (issue #17). */
  @Property({ type: 'date', nullable: true })
  statusSince: string | null = null;

  /** Why the status is what it is, one line (the profile's banner and the cards' warning show it). */
  @Property({ type: 'string', length: 200, nullable: true })
  statusReason: string | null = null;

  /** Where the reason can be checked (a URL). */
  @Property({ type: 'text', nullable: true })
  statusSource: string | null = null;

  @Property({ type: 'integer', nullable: true })
  foundedYear: number | null = null;

  /** The country of the firm's head office. */
  @Property({ type: 'string', length: 100, nullable: true })
  headquarters: string | null = null;

  @Property({ type: 'text[]', default: '{}' })
  platforms: Platform[] & Opt = [];

  @Property({ type: 'text[]', default: '{}' })
  assetClasses: AssetClass[] & Opt = [];

  @Property({ type: 'text[]', default: '{}' })
  restrictedCountries: string[] & Opt = [];

  @Enum({ items: [...AFFILIATE_STATUSES], default: 'no-program' })
  affiliateStatus: AffiliateStatus & Opt = 'no-program';

  /** A calendar date, like a discount's validFrom. */
  @Property({ type: 'date', nullable: true })
  lastTestedAt: string | null = null;

  /** The pass rate the firm publishes, percent of attempts (issue #19); null: it publishes none. */
  @Property({ type: new DecimalType('number'), precision: 5, scale: 2, nullable: true })
  passRate: number | null = null;

  @Property({ type: 'text', nullable: true })
  passRateSourceUrl: string | null = null;

  /** The day the pass rate was read at its source. */
  @Property({ type: 'date', nullable: true })
  passRateDate: string | null = null;

  /** The weighted criteria score, written by FirmScoresService only; null until every criterion is scored. */
  @Property({ type: new DecimalType('number'), precision: 2, scale: 1, nullable: true })
  score: number | null = null;
}

export function toCompanyDto(c: Company): CompanyDto {
  return {
    id: c.id,
    name: c.name,
    aliases: c.aliases,
    description: c.description,
    logoUrl: c.logoUrl,
    logoBackground: c.logoBackground,
    websiteUrl: c.websiteUrl,
    ...effectiveRating(c.score === null ? null : Number(c.score), c.rating === null ? null : Number(c.rating)),
    whyChooseUs: c.whyChooseUs,
    featured: c.featured,
    slug: c.slug,
    status: c.status,
    statusSince: c.statusSince,
    statusReason: c.statusReason,
    statusSource: c.statusSource,
    foundedYear: c.foundedYear,
    headquarters: c.headquarters,
    platforms: c.platforms,
    assetClasses: c.assetClasses,
    restrictedCountries: c.restrictedCountries,
    affiliateStatus: c.affiliateStatus,
    lastTestedAt: c.lastTestedAt,
    passRate: c.passRate === null ? null : Number(c.passRate),
    passRateSourceUrl: c.passRateSourceUrl,
    passRateDate: c.passRateDate,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
