import { ApiProperty, ApiPropertyOptional, IntersectionType, OmitType, PartialType } from '@nestjs/swagger';
import { ValidateIf } from 'class-validator';
import { FIRM_LIMITS, FIRM_MSG, isCalendarDate } from '../../../../common/firms.js';
import { IdDto, isValidId } from '../../common/id.dto.js';
import { OptionalUrl, RequiredText, Validate } from '../../common/validators.js';

/** A changelog entry of a firm. Declaration order is the order errors are reported in. */
export class CreateFirmChangeDto {
  @ApiProperty() @Validate(isValidId, FIRM_MSG.companyId)
  companyId!: number;

  @ApiProperty({ format: 'date' }) @Validate(isCalendarDate, FIRM_MSG.changeDate)
  date!: string;

  @ApiProperty({ description: 'What changed' }) @RequiredText(FIRM_MSG.changeText, FIRM_LIMITS.changeLength)
  change!: string;

  @ApiPropertyOptional({ nullable: true }) @OptionalUrl('Source URL')
  sourceUrl?: string | null;
}

/** Present fields must be valid; absent ones stay. */
export class FirmChangeChangesDto extends PartialType(OmitType(CreateFirmChangeDto, ['companyId', 'date', 'change'])) {
  @ApiPropertyOptional() @ValidateIf((_o, v) => v !== undefined) @Validate(isValidId, FIRM_MSG.companyId)
  companyId?: number;

  @ApiPropertyOptional({ format: 'date' }) @ValidateIf((_o, v) => v !== undefined) @Validate(isCalendarDate, FIRM_MSG.changeDate)
  date?: string;

  @ApiPropertyOptional() @ValidateIf((_o, v) => v !== undefined) @RequiredText(FIRM_MSG.changeText, FIRM_LIMITS.changeLength)
  change?: string;
}

/** SPEC-style face: POST /_api/admin/firm-changes/update */
export class UpdateFirmChangeDto extends IntersectionType(IdDto, FirmChangeChangesDto) {}

/** REST face: PUT /:id with the whole record react-admin holds; read-only fields (READ_ONLY_FIELDS) are dropped first. */
export class ReplaceFirmChangeDto extends FirmChangeChangesDto {}
