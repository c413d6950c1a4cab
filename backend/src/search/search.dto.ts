import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { normaliseSearchQuery, SEARCH_MAX_LENGTH, SEARCH_MAX_PAGE, SEARCH_TEXT, SEARCH_TYPES, type SearchType } from '../../../common/search.js';
import { Validate } from '../common/validators.js';

/** Control characters out, whitespace collapsed; the length rule is checked on what is left (common/search.ts). */
const cleaned = ({ value }: { value: unknown }): string => {
  const result = normaliseSearchQuery(value);
  // A text past the limit is kept as it came so the rule below rejects it.
  return result.ok ? result.q : String(Array.isArray(value) ? value[0] : value).trim();
};

const withinLimit = (v: unknown) => typeof v === 'string' && normaliseSearchQuery(v).ok;

const pageNumber = ({ value }: { value: unknown }): unknown => {
  if (value === undefined || value === '') return undefined;
  return typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : Number.NaN;
};

/** GET /_api/search/suggest */
export class SuggestQueryDto {
  @ApiPropertyOptional({ maxLength: SEARCH_MAX_LENGTH, description: 'Any text; trimmed; empty gives no results' })
  @IsOptional()
  @Transform(cleaned)
  @Validate(withinLimit, SEARCH_TEXT.tooLong)
  q?: string;
}

/** GET /_api/search (issue #29) */
export class SearchQueryDto extends SuggestQueryDto {
  @ApiPropertyOptional({ enum: SEARCH_TYPES })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsIn([...SEARCH_TYPES], { message: SEARCH_TEXT.badType })
  type?: SearchType;

  @ApiPropertyOptional({ minimum: 1, maximum: SEARCH_MAX_PAGE, default: 1 })
  @IsOptional()
  @Transform(pageNumber)
  @Max(SEARCH_MAX_PAGE, { message: SEARCH_TEXT.badPage })
  @Min(1, { message: SEARCH_TEXT.badPage })
  @IsInt({ message: SEARCH_TEXT.badPage })
  page?: number;
}
