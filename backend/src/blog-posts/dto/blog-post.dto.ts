import { ApiProperty, ApiPropertyOptional, IntersectionType, OmitType, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, MaxLength, Min, ValidateIf, isISO8601 } from 'class-validator';
import { BLOG_MAX_TAGS, BLOG_TAG_MAX_LENGTH } from '../../../../common/constants.js';
import { BLOG_CATEGORIES, BLOG_STATUSES, type BlogCategory, type BlogStatus } from '../../../../common/enums.js';
import { MSG } from '../../../../common/messages.js';
import { isValidSlug } from '../../../../common/slugify.js';
import { BLOG_BULK_ACTIONS } from '../../../../common/bulk.js';
import { bulkBodyOf } from '../../common/bulk.dto.js';
import { IdDto } from '../../common/id.dto.js';
import { ExpectedVersion } from '../../common/version.field.js';
import { OptionalImage, OptionalText, RequiredText, RequiredTextIfPresent, Validate } from '../../common/validators.js';

/** Tags: a list of text (a comma-separated text is accepted too), trimmed, empties dropped, duplicates removed. */
export function normaliseTags({ value }: { value: unknown }): unknown {
  if (value === null) return [];
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list) || list.some((t) => typeof t !== 'string')) return value;
  return [...new Set((list as string[]).map((t) => t.trim()).filter(Boolean))];
}

/** An ISO 8601 date or date-time becomes a Date; empty becomes null; anything else stays and fails validation. */
function toDateOrNull({ value }: { value: unknown }): unknown {
  if (value === null || value === '') return null;
  if (typeof value === 'string' && isISO8601(value.trim(), { strict: true, strictSeparator: true })) {
    const date = new Date(value.trim());
    if (!Number.isNaN(date.getTime())) return date;
  }
  return value;
}

const isTagList = (v: unknown) => Array.isArray(v) && v.every((t) => typeof t === 'string');

/** docs/spec.md §5 "Blog post". Declaration order is the order errors are reported in (docs/spec.md §7 body order). */
export const BLOG_FIRMS_MSG = 'Firms must be a list of at most 20 company ids';

export class CreateBlogPostDto {
  @ApiProperty({ maxLength: 300 }) @RequiredText(MSG.titleRequired, 300)
  title!: string;

  // Decorators run bottom-up: the "required" checks come first.
  @ApiProperty({ maxLength: 200, pattern: '^[a-z0-9-]+$' })
  @Validate((v) => typeof v === 'string' && isValidSlug(v), MSG.slugFormat)
  @RequiredText(MSG.slugRequired, 200)
  slug!: string;

  @ApiProperty({ description: 'HTML; sanitised with an allow-list before it is stored' })
  @RequiredText(MSG.contentRequired, 200_000)
  content!: string;

  @ApiPropertyOptional({ enum: BLOG_STATUSES, default: 'draft' })
  @ValidateIf((_o, v) => v !== undefined)
  @IsIn([...BLOG_STATUSES], { message: MSG.blogStatusInvalid })
  status?: BlogStatus;

  @ApiPropertyOptional({ enum: BLOG_CATEGORIES, default: 'general' })
  @ValidateIf((_o, v) => v !== undefined)
  @IsIn([...BLOG_CATEGORIES], { message: MSG.blogCategoryInvalid })
  category?: BlogCategory;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(1000)
  excerpt?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'http(s) URL, /media/ path or data: image' })
  @OptionalImage('Featured image')
  featuredImageUrl?: string | null;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(120)
  authorName?: string | null;

  @ApiPropertyOptional({ type: [String] })
  @Validate((v) => isTagList(v) && (v as string[]).every((t) => t.length <= BLOG_TAG_MAX_LENGTH), MSG.blogTagTooLong(BLOG_TAG_MAX_LENGTH))
  @Validate((v) => isTagList(v) && (v as string[]).length <= BLOG_MAX_TAGS, MSG.blogTooManyTags(BLOG_MAX_TAGS))
  @Validate(isTagList, MSG.blogTagsInvalid)
  @IsOptional()
  @Transform(normaliseTags)
  tags?: string[];

  @ApiPropertyOptional({ type: [Number], description: 'ids of the firms the post is about (at most 20)' })
  @Validate((v) => Array.isArray(v) && v.length <= 20 && v.every((n) => Number.isInteger(n) && n >= 1 && n <= 2_147_483_647), BLOG_FIRMS_MSG)
  @IsOptional()
  @Transform(({ value }) => (value === null ? [] : Array.isArray(value) ? [...new Set(value)] : value))
  companyIds?: number[];

  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time', description: 'Set to now when a post is published without one' })
  @Validate((v) => v instanceof Date, MSG.blogPublishedAtInvalid)
  @IsOptional()
  @Transform(toDateOrNull)
  publishedAt?: Date | null;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(300)
  metaTitle?: string | null;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(1000)
  metaDescription?: string | null;
}

/** Update semantics: absent fields stay; title, slug and content, when present, must still be valid. */
export class BlogPostChangesDto extends PartialType(OmitType(CreateBlogPostDto, ['title', 'slug', 'content', 'status', 'category'])) {
  // Redeclared: PartialType would let null through, and both columns need a value.
  @ApiPropertyOptional({ enum: BLOG_STATUSES })
  @IsIn([...BLOG_STATUSES], { message: MSG.blogStatusInvalid })
  @ValidateIf((_o, v) => v !== undefined)
  status?: BlogStatus;

  @ApiPropertyOptional({ enum: BLOG_CATEGORIES })
  @IsIn([...BLOG_CATEGORIES], { message: MSG.blogCategoryInvalid })
  @ValidateIf((_o, v) => v !== undefined)
  category?: BlogCategory;

  @ApiPropertyOptional() @RequiredTextIfPresent(MSG.titleRequired, 300)
  title?: string;

  @ApiPropertyOptional()
  @Validate((v) => typeof v === 'string' && isValidSlug(v), MSG.slugFormat)
  @RequiredTextIfPresent(MSG.slugRequired, 200)
  slug?: string;

  @ApiPropertyOptional() @RequiredTextIfPresent(MSG.contentRequired, 200_000)
  content?: string;

  @ExpectedVersion()
  version?: number;
}

/** SPEC face: POST /_api/admin/blog-posts/update */
export class UpdateBlogPostDto extends IntersectionType(IdDto, BlogPostChangesDto) {}

/** REST face: PUT /:id receives the whole record react-admin holds; read-only fields (READ_ONLY_FIELDS) are dropped first. */
export class ReplaceBlogPostDto extends BlogPostChangesDto {}

/** A positive integer query parameter; empty means "use the default"; anything else fails. */
function toPositiveInt({ value }: { value: unknown }): unknown {
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) ? n : Number.NaN;
}

/** Trimmed, NUL characters dropped (PostgreSQL cannot take them); empty means "not sent". */
const emptyToUndefined = ({ value }: { value: unknown }) => {
  const v = typeof value === 'string' ? value.replace(/\0/g, '').trim() : value;
  return v === '' ? undefined : v;
};

/** GET /_api/blog-posts: docs/spec.md §5 "Blog list query", plus the sidebar search `q`. */
export class BlogListQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @Min(1, { message: MSG.blogPageInvalid })
  @IsInt({ message: MSG.blogPageInvalid })
  @IsOptional()
  @Transform(toPositiveInt)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, default: 10, description: 'Capped at 50' })
  @Min(1, { message: MSG.blogLimitInvalid })
  @IsInt({ message: MSG.blogLimitInvalid })
  @IsOptional()
  @Transform(toPositiveInt)
  limit?: number;

  @ApiPropertyOptional({ enum: BLOG_CATEGORIES })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn([...BLOG_CATEGORIES], { message: MSG.blogCategoryInvalid })
  category?: BlogCategory;

  @ApiPropertyOptional()
  @MaxLength(BLOG_TAG_MAX_LENGTH, { message: MSG.blogTagTooLong(BLOG_TAG_MAX_LENGTH) })
  @IsString({ message: MSG.blogTagParamInvalid })
  @IsOptional()
  @Transform(emptyToUndefined)
  tag?: string;

  @ApiPropertyOptional({ description: 'Full-text search in title, excerpt and content' })
  @MaxLength(200, { message: 'Search text must be at most 200 characters' })
  @IsString({ message: MSG.blogSearchParamInvalid })
  @IsOptional()
  @Transform(emptyToUndefined)
  q?: string;
}

/** GET /_api/blog-posts/by-slug */
export class BlogBySlugQueryDto {
  @ApiProperty() @RequiredText(MSG.slugRequired, 200)
  slug!: string;
}

/** POST /_api/admin/blog-posts/bulk (issue #18): publish, unpublish, archive or delete the ticked posts or every post of a filter. */
export class BulkBlogPostsDto extends bulkBodyOf(BLOG_BULK_ACTIONS) {}
