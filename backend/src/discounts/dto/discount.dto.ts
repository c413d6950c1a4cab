import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, IntersectionType, OmitType, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { DISCOUNT_PERCENTAGE_MAX, DISCOUNT_PERCENTAGE_MIN } from '../../../../common/constants.js';
import { DISCOUNT_STATUSES, type DiscountStatus } from '../../../../common/enums.js';
import { MSG } from '../../../../common/messages.js';
import { FINE_PRINT_LIMITS } from '../../../../common/price-rule.js';
import { DISCOUNT_BULK_ACTIONS } from '../../../../common/bulk.js';
import { bulkBodyOf } from '../../common/bulk.dto.js';
import { IdDto } from '../../common/id.dto.js';
import { ExpectedVersion } from '../../common/version.field.js';
import { OptionalImage, OptionalText, OptionalUrl, RequiredText, RequiredTextIfPresent, Validate } from '../../common/validators.js';

/** numeric(10,2) holds up to this; a larger value must be a 400, not a database error. */
const MONEY_MAX = 99_999_999.99;
const TITLE_MAX = 200;
const CODE_MAX = 100;

const emptyToNull = ({ value }: { value: unknown }) => {
  const v = typeof value === 'string' ? value.trim() : value;
  return v === '' ? null : v;
};

/** Present means it must be valid: null and '' are refused too (status and company cannot be empty). */
const ifPresent = () => ValidateIf((_o, v) => v !== undefined);

function CompanyId() {
  return applyDecorators(
    IsInt({ message: MSG.companyRequired }),
    Min(1, { message: MSG.companyRequired }),
    Max(2_147_483_647, { message: MSG.companyRequired }),
  );
}

function Status() {
  return applyDecorators(ifPresent(), IsIn([...DISCOUNT_STATUSES], { message: MSG.discountStatusInvalid }));
}

/** An optional amount of money: a number from 0 up; empty becomes null. */
function OptionalMoney(label: string) {
  return applyDecorators(
    Transform(emptyToNull),
    IsOptional(),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: MSG.amountInvalid(label) }),
    Min(0, { message: MSG.amountInvalid(label) }),
    Max(MONEY_MAX, { message: MSG.amountTooLarge(label) }),
  );
}

function OptionalPercentage() {
  return applyDecorators(
    Transform(emptyToNull),
    IsOptional(),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: MSG.discountPercentageRange }),
    Min(DISCOUNT_PERCENTAGE_MIN, { message: MSG.discountPercentageRange }),
    Max(DISCOUNT_PERCENTAGE_MAX, { message: MSG.discountPercentageRange }),
  );
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** True for a real calendar date (no 2025-02-30). */
function isCalendarDate(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/** A calendar date 'YYYY-MM-DD' (docs/spec.md §3 validFrom); empty becomes null. */
function OptionalCalendarDate() {
  return applyDecorators(
    Transform(emptyToNull),
    IsOptional(),
    Validate((v) => {
      const m = typeof v === 'string' ? DATE.exec(v) : null;
      return !!m && isCalendarDate(m[1]!, m[2]!, m[3]!);
    }, MSG.validFromInvalid),
  );
}

/**
 * An ISO 8601 instant (docs/spec.md §3 validUntil), turned into a Date; empty becomes null.
 * Without a zone it is read as UTC; the admin form converts its local time before sending.
 */
function parseInstant(value: unknown): Date | null {
  const m = typeof value === 'string' ? INSTANT.exec(value.trim()) : null;
  if (!m || !isCalendarDate(m[1]!, m[2]!, m[3]!)) return null;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return null;
  const text = value as string;
  const date = new Date(m[4] === undefined ? `${text.trim()}T00:00:00Z` : m[7] ? text.trim() : `${text.trim()}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function OptionalInstant() {
  return applyDecorators(
    Transform(({ value }) => {
      const v = emptyToNull({ value });
      return v === null || v === undefined ? v : (parseInstant(v) ?? v);
    }),
    IsOptional(),
    Validate((v) => v instanceof Date, MSG.validUntilInvalid),
  );
}

export const FINE_PRINT_MSG = {
  programs: `Programs must be a list of at most ${FINE_PRINT_LIMITS.programs} program names (each at most ${FINE_PRINT_LIMITS.programLength} characters)`,
  sizes: `Account sizes must be a list of at most ${FINE_PRINT_LIMITS.sizes} whole numbers of US dollars from 1 to 10000000`,
  flag: (label: string) => `${label} must be true or false`,
};

const isProgramList = (v: unknown) =>
  Array.isArray(v) && v.length <= FINE_PRINT_LIMITS.programs &&
  v.every((p) => typeof p === 'string' && p.trim() !== '' && p.length <= FINE_PRINT_LIMITS.programLength);
const isSizeList = (v: unknown) =>
  Array.isArray(v) && v.length <= FINE_PRINT_LIMITS.sizes && v.every((n) => Number.isInteger(n) && n >= 1 && n <= 10_000_000);

/** A list of the fine print; null or absent is the empty list (the code applies to all). */
function OptionalList(test: (v: unknown) => boolean, message: string) {
  return applyDecorators(Transform(({ value }) => (value === null ? [] : value)), IsOptional(), Validate(test, message));
}

function OptionalFlag(label: string) {
  return applyDecorators(IsOptional(), Validate((v) => typeof v === 'boolean', FINE_PRINT_MSG.flag(label)));
}

/** docs/spec.md §5 "Discount" and §7 POST /_api/admin/discounts. Declaration order is the order errors are reported in. */
export class CreateDiscountDto {
  @ApiProperty() @RequiredText(MSG.titleRequired, TITLE_MAX)
  title!: string;

  @ApiProperty({ description: 'id of an existing company' }) @CompanyId()
  companyId!: number;

  @ApiPropertyOptional({ enum: DISCOUNT_STATUSES, default: 'active' }) @Status()
  status?: DiscountStatus;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(5000)
  description?: string | null;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(CODE_MAX)
  discountCode?: string | null;

  @ApiPropertyOptional({ nullable: true }) @OptionalUrl('Affiliate link')
  affiliateLink?: string | null;

  @ApiPropertyOptional({ nullable: true, minimum: 0 }) @OptionalMoney('Discount amount')
  discountAmount?: number | null;

  @ApiPropertyOptional({ nullable: true, minimum: 0, maximum: 100 }) @OptionalPercentage()
  discountPercentage?: number | null;

  @ApiPropertyOptional({ nullable: true, minimum: 0 }) @OptionalMoney('Original price')
  originalPrice?: number | null;

  @ApiPropertyOptional({ nullable: true, minimum: 0 }) @OptionalMoney('Discounted price')
  discountedPrice?: number | null;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(20_000)
  termsAndConditions?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, format: 'date', example: '2025-01-05' }) @OptionalCalendarDate()
  validFrom?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time', example: '2025-01-31T23:59:00Z' })
  @OptionalInstant()
  validUntil?: Date | null;

  @ApiPropertyOptional({ nullable: true, description: 'http(s) URL or data: image' }) @OptionalImage('Media URL')
  mediaUrl?: string | null;

  // Fine print (issue #18): common/price-rule.ts applies it wherever a price is shown.
  @ApiPropertyOptional({ type: [String], description: 'Program names the code is for; empty for all' })
  @OptionalList(isProgramList, FINE_PRINT_MSG.programs)
  eligiblePrograms?: string[];

  @ApiPropertyOptional({ type: [Number], description: 'Account sizes (USD) the code is for; empty for all' })
  @OptionalList(isSizeList, FINE_PRINT_MSG.sizes)
  eligibleSizes?: number[];

  @ApiPropertyOptional({ nullable: true, minimum: 0, description: 'The code applies only to accounts listed at this price or more' })
  @OptionalMoney('Minimum price')
  minPrice?: number | null;

  @ApiPropertyOptional({ default: false }) @OptionalFlag('New accounts only')
  newAccountsOnly?: boolean;

  @ApiPropertyOptional({ default: false }) @OptionalFlag('Applies to resets')
  appliesToResets?: boolean;

  @ApiPropertyOptional({ default: false }) @OptionalFlag('Stacks')
  stacks?: boolean;
}

/** PATCH semantics: absent fields stay; a present title, company or status must still be valid. */
export class DiscountChangesDto extends PartialType(OmitType(CreateDiscountDto, ['title', 'companyId', 'status'])) {
  @ApiPropertyOptional() @RequiredTextIfPresent(MSG.titleRequired, TITLE_MAX)
  title?: string;

  @ApiPropertyOptional() @ifPresent() @CompanyId()
  companyId?: number;

  @ApiPropertyOptional({ enum: DISCOUNT_STATUSES }) @Status()
  status?: DiscountStatus;

  @ExpectedVersion()
  version?: number;
}

/** SPEC face: POST /_api/admin/discounts/update */
export class UpdateDiscountDto extends IntersectionType(IdDto, DiscountChangesDto) {}

/** REST face: PUT /:id receives the whole record react-admin holds; read-only fields (READ_ONLY_FIELDS) are dropped first. */
export class ReplaceDiscountDto extends DiscountChangesDto {}

/** POST /_api/admin/discounts/bulk (issue #18): a status for, or the deletion of, the ticked discounts or every discount of a filter. */
export class BulkDiscountsDto extends bulkBodyOf(DISCOUNT_BULK_ACTIONS) {}
