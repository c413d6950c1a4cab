import { ApiProperty, ApiPropertyOptional, IntersectionType, OmitType, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNumber, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { COMPANY_ALIASES_MESSAGE, isAliasList, parseAliases } from '../../../../common/company-form.js';
import { FirmProfileFieldsDto } from './firm-profile.dto.js';
import { COMPANY_RATING_MAX, COMPANY_RATING_MIN } from '../../../../common/constants.js';
import { MSG } from '../../../../common/messages.js';
import { COMPANY_BULK_ACTIONS } from '../../../../common/bulk.js';
import { bulkBodyOf } from '../../common/bulk.dto.js';
import { IdDto } from '../../common/id.dto.js';
import { ExpectedVersion } from '../../common/version.field.js';
import { OptionalImage, OptionalText, OptionalUrl, RequiredText, RequiredTextIfPresent, Validate } from '../../common/validators.js';

/** A whole number of tenths (4.5, not 4.55 or 1e-7), allowing for binary floating point. */
const isTenth = (v: unknown) => typeof v === 'number' && Math.abs(v * 10 - Math.round(v * 10)) < 1e-9;

/** docs/spec.md §5 "Company create". Declaration order is the order errors are reported in. */
class SpecCompanyFieldsDto {
  @ApiProperty() @RequiredText(MSG.companyNameRequired, 200)
  name!: string;

  @ApiPropertyOptional({ type: [String], description: 'Other names the firm goes by, found by the search' })
  @Transform(({ value }) => (Array.isArray(value) ? parseAliases(value.map((a) => (typeof a === 'string' ? a : '')).join('\n')) : value))
  @ValidateIf((_o, v) => v !== undefined)
  @Validate(isAliasList, COMPANY_ALIASES_MESSAGE)
  aliases?: string[];

  @ApiPropertyOptional({ nullable: true }) @OptionalText(5000)
  description?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'http(s) URL or data: image' }) @OptionalImage('Logo')
  logoUrl?: string | null;

  @ApiPropertyOptional({ nullable: true }) @OptionalUrl('Website URL')
  websiteUrl?: string | null;

  @ApiPropertyOptional({ nullable: true, minimum: 0, maximum: 5, multipleOf: 0.1 })
  @IsOptional()
  // Steps of 0.1 checked here: class-validator's maxDecimalPlaces throws on exponent forms such as 1e-7.
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: MSG.ratingRange })
  @Validate(isTenth, MSG.ratingRange)
  @Min(COMPANY_RATING_MIN, { message: MSG.ratingRange })
  @Max(COMPANY_RATING_MAX, { message: MSG.ratingRange })
  rating?: number | null;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(5000)
  whyChooseUs?: string | null;

  @ApiPropertyOptional({ description: "The '#1 CHOICE' firm; only one at a time" })
  @IsOptional()
  @IsBoolean({ message: 'Featured must be true or false' })
  featured?: boolean;
}

/** SPEC's fields, then the optional firm-profile fields of issue #10. */
export class CreateCompanyDto extends IntersectionType(SpecCompanyFieldsDto, FirmProfileFieldsDto) {}

/** PATCH semantics: absent fields stay; a present name must still be non-empty. */
export class CompanyChangesDto extends PartialType(OmitType(CreateCompanyDto, ['name']), { skipNullProperties: false }) {
  @ApiPropertyOptional() @RequiredTextIfPresent(MSG.companyNameRequired, 200)
  name?: string;

  @ExpectedVersion()
  version?: number;
}

/** SPEC face: POST /_api/admin/companies/update */
export class UpdateCompanyDto extends IntersectionType(IdDto, CompanyChangesDto) {}

/** REST face: PUT /:id receives the whole record react-admin holds; read-only fields (READ_ONLY_FIELDS) are dropped first. */
export class ReplaceCompanyDto extends CompanyChangesDto {}

/** POST /_api/admin/companies/bulk (issue #18): delete the ticked companies or every company of a filter. */
export class BulkCompaniesDto extends bulkBodyOf(COMPANY_BULK_ACTIONS) {}
