import { Entity, Enum, Index, Property, Unique, type Opt } from '@mikro-orm/core';
import { BLOG_CATEGORIES, BLOG_STATUSES, type BlogCategory, type BlogStatus } from '../../../common/enums.js';
import { BaseEntity } from '../database/base.entity.js';

@Entity({ tableName: 'blog_posts' })
@Index({ properties: ['status', 'publishedAt'] })
export class BlogPost extends BaseEntity {
  @Unique()
  @Property({ type: 'string', length: 200 })
  slug!: string;

  @Property({ type: 'string', length: 300 })
  title!: string;

  @Property({ type: 'text', nullable: true })
  excerpt: string | null = null;

  /** Sanitised HTML: safe to render as it is stored. */
  @Property({ type: 'text' })
  content!: string;

  @Property({ type: 'string', length: 300, nullable: true })
  metaTitle: string | null = null;

  @Property({ type: 'text', nullable: true })
  metaDescription: string | null = null;

  @Property({ type: 'text', nullable: true })
  featuredImageUrl: string | null = null;

  /** When the post goes (or went) public; a future date schedules it. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  publishedAt: Date | null = null;

  @Property({ type: 'string', length: 120, nullable: true })
  authorName: string | null = null;

  @Enum({ items: [...BLOG_CATEGORIES], default: 'general' })
  category: BlogCategory & Opt = 'general';

  @Property({ type: 'text[]', default: '{}' })
  tags: string[] & Opt = [];

  @Enum({ items: [...BLOG_STATUSES], default: 'draft' })
  status: BlogStatus & Opt = 'draft';
}
