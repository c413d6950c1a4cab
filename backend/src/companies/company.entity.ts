import { DecimalType, Entity, Index, Property, type Opt } from '@mikro-orm/core';
import type { CompanyDto } from '../../../common/api-types.js';
import { BaseEntity } from '../database/base.entity.js';

@Entity({ tableName: 'companies' })
export class Company extends BaseEntity {
  @Index()
  @Property({ type: 'string', length: 200 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'text', nullable: true })
  logoUrl: string | null = null;

  @Property({ type: 'text', nullable: true })
  websiteUrl: string | null = null;

  @Property({ type: new DecimalType('number'), precision: 2, scale: 1, nullable: true })
  rating: number | null = null;

  @Property({ type: 'text', nullable: true })
  whyChooseUs: string | null = null;

  /** The '#1 CHOICE' firm of SPEC §9; sorts first everywhere. */
  @Property({ type: 'boolean', default: false })
  featured: boolean & Opt = false;
}

export function toCompanyDto(c: Company): CompanyDto {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    logoUrl: c.logoUrl,
    websiteUrl: c.websiteUrl,
    rating: c.rating === null ? null : Number(c.rating),
    whyChooseUs: c.whyChooseUs,
    featured: c.featured,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
