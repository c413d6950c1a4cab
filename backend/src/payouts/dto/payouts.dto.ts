import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { PAYOUT_MSG } from '../../../../common/payout-messages.js';
import {
  CLAIM_STATUSES, PAYOUT_OUTCOMES, PAYOUT_PROOF_MAX, PAYOUT_REPORT_STATUSES,
  type ClaimStatus, type PayoutOutcome, type PayoutReportStatus,
} from '../../../../common/payouts.js';
import { PAYOUT_REPORT_BULK_ACTIONS } from '../../../../common/bulk.js';
import { bulkBodyOf } from '../../common/bulk.dto.js';
import { OptionalText, RequiredText, Validate } from '../../common/validators.js';

const emptyToNull = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? null : value);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day (2026-02-30 is refused). */
export const isIsoDay = (v: unknown): v is string =>
  typeof v === 'string' && ISO_DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const isDataImageList = (max: number) => (v: unknown) =>
  Array.isArray(v) && v.length <= max && v.every((x) => typeof x === 'string' && /^data:/i.test(x));
const IdField = (message: string) => applyDecorators(IsInt({ message }), Min(1, { message }), Max(2_147_483_647, { message }));

/** POST /_api/payout-reports */
export class CreatePayoutReportDto {
  @ApiProperty() @IdField(PAYOUT_MSG.companyRequired)
  companyId!: number;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(120)
  programName?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'USD' })
  @Transform(emptyToNull) @IsOptional()
  @IsInt({ message: PAYOUT_MSG.accountSizeInvalid }) @Min(1, { message: PAYOUT_MSG.accountSizeInvalid }) @Max(10_000_000, { message: PAYOUT_MSG.accountSizeInvalid })
  accountSize?: number | null;

  @ApiProperty({ description: 'USD requested' })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }, { message: PAYOUT_MSG.amountPositive })
  @Min(0.01, { message: PAYOUT_MSG.amountPositive }) @Max(9_999_999_999.99, { message: PAYOUT_MSG.amountPositive })
  amount!: number;

  @ApiProperty({ format: 'date' })
  @Validate(isIsoDay, PAYOUT_MSG.requestedOnInvalid)
  requestedOn!: string;

  @ApiProperty({ enum: PAYOUT_OUTCOMES })
  @IsIn([...PAYOUT_OUTCOMES], { message: PAYOUT_MSG.outcomeInvalid })
  outcome!: PayoutOutcome;

  @ApiPropertyOptional({ format: 'date', nullable: true })
  @Transform(emptyToNull) @IsOptional()
  @Validate(isIsoDay, PAYOUT_MSG.resolvedOnInvalid)
  resolvedOn?: string | null;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(1000)
  firmReason?: string | null;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(2000)
  note?: string | null;

  @ApiPropertyOptional({ type: [String], description: `Up to ${PAYOUT_PROOF_MAX} images as data: URLs; stored privately` })
  @IsOptional()
  @Validate((v) => Array.isArray(v) && v.length <= PAYOUT_PROOF_MAX, PAYOUT_MSG.proofTooMany)
  @Validate(isDataImageList(Number.MAX_SAFE_INTEGER), PAYOUT_MSG.proofList)
  proof?: string[];
}

/** PUT /_api/admin/payout-reports/:id — the review. */
export class ReviewPayoutReportDto {
  @ApiPropertyOptional({ enum: PAYOUT_REPORT_STATUSES })
  @IsOptional() @IsIn([...PAYOUT_REPORT_STATUSES], { message: PAYOUT_MSG.statusInvalid })
  status?: PayoutReportStatus;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(1000)
  rejectionReason?: string | null;

  @ApiPropertyOptional()
  @IsOptional() @Validate((v) => typeof v === 'boolean', 'proofVerified must be true or false')
  proofVerified?: boolean;
}

/** POST /_api/admin/payout-reports/bulk (issue #18): approve the ticked reports or every report of a filter. */
export class BulkPayoutReportsDto extends bulkBodyOf(PAYOUT_REPORT_BULK_ACTIONS) {}

/** POST /_api/payout-claims */
export class CreateClaimDto {
  @ApiProperty() @IdField(PAYOUT_MSG.reportNotFound)
  reportId!: number;

  @ApiProperty({ type: [String], description: `1–${PAYOUT_PROOF_MAX} images as data: URLs (receipt, order e-mail); stored privately` })
  @Validate((v) => Array.isArray(v) && v.length >= 1, PAYOUT_MSG.evidenceRequired)
  @Validate((v) => !Array.isArray(v) || v.length <= PAYOUT_PROOF_MAX, PAYOUT_MSG.proofTooMany)
  @Validate((v) => !Array.isArray(v) || isDataImageList(Number.MAX_SAFE_INTEGER)(v), PAYOUT_MSG.proofList)
  purchaseEvidence!: string[];

  @ApiProperty() @RequiredText('Account id is required', 120)
  accountId!: string;

  @ApiProperty() @RequiredText(PAYOUT_MSG.statementRequired, 5000)
  statement!: string;
}

/** PUT /_api/admin/payout-claims/:id — a move of the state machine. */
export class MoveClaimDto {
  @ApiProperty({ enum: CLAIM_STATUSES })
  @IsIn([...CLAIM_STATUSES], { message: PAYOUT_MSG.claimStatusInvalid })
  status!: ClaimStatus;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(5000)
  note?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull) @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }, { message: PAYOUT_MSG.amountPositive })
  @Min(0.01, { message: PAYOUT_MSG.amountPositive }) @Max(9_999_999_999.99, { message: PAYOUT_MSG.amountPositive })
  paidAmount?: number | null;
}

/** POST /_api/payout-claims/:id/messages */
export class ClaimMessageDto {
  @ApiProperty() @RequiredText(PAYOUT_MSG.messageRequired, 5000)
  message!: string;
}
