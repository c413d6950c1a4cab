import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { CHECK_RESULTS, type CheckResult } from '../../../../common/proof.js';
import { PROOF_MSG } from '../../../../common/proof-messages.js';
import { OptionalImage, OptionalText, Validate } from '../../common/validators.js';

const emptyToNull = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** POST /_api/discounts/:id/reports */
export class ReportDto {
  @ApiProperty({ description: 'true: the code worked; false: it did not' })
  @Validate((v) => typeof v === 'boolean', PROOF_MSG.workedRequired)
  worked!: boolean;
}

/** Shared by one check and a bulk of them. */
class CheckFieldsDto {
  @ApiProperty({ enum: CHECK_RESULTS })
  @IsIn([...CHECK_RESULTS], { message: PROOF_MSG.resultInvalid })
  result!: CheckResult;

  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'When it was checked; now by default. Not in the future.' })
  @Transform(({ value }) => {
    const v = emptyToNull({ value });
    if (typeof v !== 'string') return v;
    const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(v.trim()) ? new Date(v) : null;
    return date && !Number.isNaN(date.getTime()) ? date : v;
  })
  @IsOptional()
  @Validate((v) => v instanceof Date, PROOF_MSG.checkedAtInvalid)
  @Validate((v) => !(v instanceof Date) || v.getTime() <= Date.now() + 60_000, PROOF_MSG.checkedAtFuture)
  checkedAt?: Date | null;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(2000)
  note?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'The program tested (shown on the public record)' }) @OptionalText(100)
  program?: string | null;

  @ApiPropertyOptional({ nullable: true, minimum: 1, description: 'The account size tested, USD' })
  @Transform(emptyToNull)
  @IsOptional()
  @IsInt({ message: PROOF_MSG.sizeInvalid })
  @Min(1, { message: PROOF_MSG.sizeInvalid })
  @Max(100_000_000, { message: PROOF_MSG.sizeInvalid })
  size?: number | null;
}

/** SPEC-face create and REST create: one check of one discount. */
export class CreateCheckDto extends CheckFieldsDto {
  @ApiProperty()
  @IsInt({ message: PROOF_MSG.discountRequired })
  @Min(1, { message: PROOF_MSG.discountRequired })
  @Max(2_147_483_647, { message: PROOF_MSG.discountRequired })
  discountId!: number;

  @ApiPropertyOptional({ nullable: true, minimum: 0, description: 'USD seen at checkout with the code' })
  @Transform(emptyToNull)
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: PROOF_MSG.priceInvalid })
  @Min(0, { message: PROOF_MSG.priceInvalid })
  @Max(99_999_999.99, { message: PROOF_MSG.priceInvalid })
  priceSeen?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'Checkout screenshot: a data: image (stored by the image pipeline) or /media/ path' })
  @OptionalImage('Screenshot')
  screenshotUrl?: string | null;
}

/** POST /_api/admin/discount-checks/bulk: the same check for each selected discount. */
export class BulkCheckDto extends CheckFieldsDto {
  @ApiProperty({ type: [Number] })
  @IsArray({ message: PROOF_MSG.idsRequired })
  @ArrayMinSize(1, { message: PROOF_MSG.idsRequired })
  @ArrayMaxSize(500, { message: PROOF_MSG.idsTooMany })
  @IsInt({ each: true, message: PROOF_MSG.idsRequired })
  @Min(1, { each: true, message: PROOF_MSG.idsRequired })
  @Max(2_147_483_647, { each: true, message: PROOF_MSG.idsRequired })
  ids!: number[];
}
