/** The firm-profile fields a company accepts (issue #10); all optional, so SPEC's calls stay as they were. */
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { Allow, IsOptional, ValidateIf, ValidateNested } from 'class-validator';
import {
  AFFILIATE_STATUSES, ASSET_CLASSES, CRITERION_KEYS, DRAWDOWN_TYPES, FIRM_LIMITS, FIRM_MSG, FIRM_STATUSES, MAX_PHASES,
  PLATFORMS, PROGRAM_TYPES, SCORE_MAX, SCORE_MIN, STATUS_REASON_MAX, isCalendarDate, isStatusReason,
  type AffiliateStatus, type AssetClass, type CriterionKey, type DrawdownType, type FirmStatus, type Platform, type ProgramType,
} from '../../../../common/firms.js';
import { MSG } from '../../../../common/messages.js';
import { isValidSlug } from '../../../../common/slugify.js';
import { OptionalText, OptionalUrl, RequiredText, Validate } from '../../common/validators.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

const oneOf = (values: readonly string[]) => (v: unknown) => typeof v === 'string' && values.includes(v);
const listOf = (values: readonly string[], max: number) => (v: unknown) =>
  Array.isArray(v) && v.length <= max && v.every(oneOf(values));
const decimals = (n: number, places: number) => Math.abs(Math.round(n * 10 ** places) - n * 10 ** places) < 1e-6;
const numberIn = (min: number, max: number, places: number) => (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max && decimals(v, places);
const intIn = (min: number, max: number) => (v: unknown) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
/** Drops repeats, keeping the first: a list of choices is a set. */
const unique = ({ value }: { value: unknown }) => (Array.isArray(value) ? [...new Set(value)] : value);

/** Optional and nullable: absent leaves the field, null or '' clears it. */
function Nullable(test: (v: unknown) => boolean, message: string) {
  return (target: object, key: string | symbol) => {
    Transform(emptyToNull)(target, key);
    IsOptional()(target, key);
    Validate(test, message)(target, key);
  };
}

/** Optional, not nullable: absent leaves the field as it is. */
function Optional(test: (v: unknown) => boolean, message: string) {
  return (target: object, key: string | symbol) => {
    ValidateIf((_o, v) => v !== undefined)(target, key);
    Validate(test, message)(target, key);
  };
}

export class ProgramSizeInputDto {
  /** react-admin sends the ids it was given; a save replaces the sizes, so they are not read. */
  @Allow() id?: unknown;

  @ApiPropertyOptional({ description: 'Account size in US dollars' })
  @Validate(intIn(1, FIRM_LIMITS.maxAccountSize), FIRM_MSG.size)
  size!: number;

  @ApiPropertyOptional({ description: 'Price in US dollars' })
  @Validate(numberIn(0, FIRM_LIMITS.maxPrice, 2), FIRM_MSG.money('Price'))
  price!: number;
}

export class ProgramInputDto {
  @Allow() id?: unknown;

  @ApiPropertyOptional() @RequiredText(FIRM_MSG.programName, FIRM_LIMITS.programNameLength)
  name!: string;

  @ApiPropertyOptional({ enum: PROGRAM_TYPES })
  @Validate(oneOf(PROGRAM_TYPES), FIRM_MSG.programType)
  type!: ProgramType;

  @ApiPropertyOptional({ type: [Number], description: 'Profit target (%) per phase, in order; none for instant' })
  @Transform(({ value }) => value ?? [])
  @Validate((v) => Array.isArray(v) && v.length <= MAX_PHASES && v.every(numberIn(0, 100, 2)), FIRM_MSG.profitTargets)
  profitTargets!: number[];

  @ApiPropertyOptional({ nullable: true }) @Nullable(numberIn(0, 100, 2), FIRM_MSG.percent('Daily loss'))
  dailyLoss?: number | null;

  @ApiPropertyOptional() @Validate(numberIn(0, 100, 2), FIRM_MSG.percent('Max loss'))
  maxLoss!: number;

  @ApiPropertyOptional({ enum: DRAWDOWN_TYPES }) @Validate(oneOf(DRAWDOWN_TYPES), FIRM_MSG.drawdownType)
  drawdownType!: DrawdownType;

  @ApiPropertyOptional() @Optional(intIn(0, FIRM_LIMITS.maxDays), FIRM_MSG.days('Minimum trading days'))
  minTradingDays?: number;

  @ApiPropertyOptional({ nullable: true, description: 'null: no time limit' })
  @Nullable(intIn(1, FIRM_LIMITS.maxDays), FIRM_MSG.timeLimitDays)
  timeLimitDays?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'Best day at most this % of the total profit; null: no consistency rule' })
  @Nullable(numberIn(0.01, 100, 2), FIRM_MSG.consistency)
  consistency?: number | null;

  @ApiPropertyOptional({ description: 'The trailing floor stops rising at the starting balance' })
  @Optional((v) => typeof v === 'boolean', FIRM_MSG.trailingStopsAtStart)
  trailingStopsAtStart?: boolean;

  @ApiPropertyOptional() @Validate(numberIn(0, 100, 2), FIRM_MSG.percent('Profit split'))
  profitSplit!: number;

  @ApiPropertyOptional({ nullable: true }) @Nullable(intIn(0, FIRM_LIMITS.maxDays), FIRM_MSG.days('First payout'))
  firstPayoutDays?: number | null;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(FIRM_LIMITS.payoutFrequencyLength)
  payoutFrequency?: string | null;

  @ApiPropertyOptional() @Optional((v) => typeof v === 'boolean', FIRM_MSG.refundableFee)
  refundableFee?: boolean;

  @ApiPropertyOptional({ nullable: true }) @Nullable(numberIn(0, FIRM_LIMITS.maxPrice, 2), FIRM_MSG.money('Activation fee'))
  activationFee?: number | null;

  @ApiPropertyOptional({ nullable: true }) @Nullable(numberIn(0, FIRM_LIMITS.maxPrice, 2), FIRM_MSG.money('Reset price'))
  resetPrice?: number | null;

  @ApiPropertyOptional({ type: [ProgramSizeInputDto] })
  @Validate((v) => Array.isArray(v) && v.length >= 1 && v.length <= FIRM_LIMITS.sizesPerProgram, FIRM_MSG.sizes)
  @ValidateNested({ each: true })
  @Type(() => ProgramSizeInputDto)
  sizes!: ProgramSizeInputDto[];
}

export class ScoreInputDto {
  @Allow() id?: unknown;

  @ApiPropertyOptional({ enum: CRITERION_KEYS }) @Validate(oneOf(CRITERION_KEYS), FIRM_MSG.criterion)
  criterion!: CriterionKey;

  @ApiPropertyOptional({ minimum: SCORE_MIN, maximum: SCORE_MAX, multipleOf: 0.1 })
  @Validate(numberIn(SCORE_MIN, SCORE_MAX, 1), FIRM_MSG.score)
  score!: number;

  @ApiPropertyOptional({ nullable: true }) @OptionalText(FIRM_LIMITS.noteLength)
  note?: string | null;
}

const currentYear = () => new Date().getUTCFullYear();

/** The profile fields of a company. Every one optional: absent leaves it as it is. */
export class FirmProfileFieldsDto {
  @ApiPropertyOptional({ description: 'Lowercase letters, digits and dashes; made from the name when left out' })
  @Transform(trim)
  @Optional((v) => typeof v === 'string' && v.length <= 200 && isValidSlug(v), MSG.slugFormat)
  slug?: string;

  @ApiPropertyOptional({ enum: FIRM_STATUSES }) @Optional(oneOf(FIRM_STATUSES), FIRM_MSG.status)
  status?: FirmStatus;

  @ApiPropertyOptional({ nullable: true, format: 'date', description: 'The day the status took effect; today when the status changes without one' })
  @Nullable(isCalendarDate, FIRM_MSG.statusSince)
  statusSince?: string | null;

  @ApiPropertyOptional({ nullable: true, maxLength: STATUS_REASON_MAX, description: 'Why the firm has this status, one line' })
  // Trimmed, and blank is none: one transform, so the order of two cannot matter.
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value))
  @IsOptional()
  @Validate(isStatusReason, FIRM_MSG.statusReason)
  statusReason?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'Where the reason can be checked' }) @OptionalUrl('Status source URL')
  statusSource?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @Nullable((v) => intIn(FIRM_LIMITS.minFoundedYear, currentYear())(v), FIRM_MSG.foundedYear(currentYear()))
  foundedYear?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'Country of the head office' }) @OptionalText(FIRM_LIMITS.countryLength)
  headquarters?: string | null;

  @ApiPropertyOptional({ enum: PLATFORMS, isArray: true })
  @Transform(unique)
  @Optional(listOf(PLATFORMS, PLATFORMS.length), FIRM_MSG.platforms)
  platforms?: Platform[];

  @ApiPropertyOptional({ enum: ASSET_CLASSES, isArray: true })
  @Transform(unique)
  @Optional(listOf(ASSET_CLASSES, ASSET_CLASSES.length), FIRM_MSG.assetClasses)
  assetClasses?: AssetClass[];

  @ApiPropertyOptional({ type: [String] })
  @Transform(({ value }) => (Array.isArray(value) ? [...new Set(value.map((c) => (typeof c === 'string' ? c.trim() : c)).filter((c) => c !== ''))] : value))
  @Optional(
    (v) => Array.isArray(v) && v.length <= FIRM_LIMITS.restrictedCountries
      && v.every((c) => typeof c === 'string' && c.length <= FIRM_LIMITS.countryLength),
    FIRM_MSG.restrictedCountries,
  )
  restrictedCountries?: string[];

  @ApiPropertyOptional({ enum: AFFILIATE_STATUSES }) @Optional(oneOf(AFFILIATE_STATUSES), FIRM_MSG.affiliateStatus)
  affiliateStatus?: AffiliateStatus;

  @ApiPropertyOptional({ nullable: true, format: 'date' }) @Nullable(isCalendarDate, FIRM_MSG.lastTestedAt)
  lastTestedAt?: string | null;

  @ApiPropertyOptional({ type: [ProgramInputDto], description: 'Replaces every program of the firm when given' })
  @Optional((v) => Array.isArray(v) && v.length <= FIRM_LIMITS.programsPerFirm, FIRM_MSG.programs)
  @ValidateNested({ each: true })
  @Type(() => ProgramInputDto)
  programs?: ProgramInputDto[];

  @ApiPropertyOptional({ nullable: true, description: 'The pass rate the firm publishes, in percent of attempts (issue #19)' })
  @Nullable(numberIn(0.01, 100, 2), FIRM_MSG.passRate)
  passRate?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'Where the firm publishes its pass rate' }) @OptionalUrl('Pass rate source URL')
  passRateSourceUrl?: string | null;

  @ApiPropertyOptional({ nullable: true, format: 'date', description: 'When the pass rate was read there' })
  @Nullable(isCalendarDate, FIRM_MSG.passRateDate)
  passRateDate?: string | null;

  @ApiPropertyOptional({ nullable: true, description: "The editor's note on this save's rule changes, kept in the firm's history" })
  @OptionalText(FIRM_LIMITS.noteLength)
  changeNote?: string | null;

  @ApiPropertyOptional({ nullable: true, description: "Where this save's rule changes are written (the history's source link)" })
  @OptionalUrl('Change source URL')
  changeSourceUrl?: string | null;

  @ApiPropertyOptional({ type: [ScoreInputDto], description: 'Replaces every criterion score of the firm when given' })
  @Optional((v) => Array.isArray(v) && v.length <= CRITERION_KEYS.length, FIRM_MSG.scores)
  @ValidateNested({ each: true })
  @Type(() => ScoreInputDto)
  scores?: ScoreInputDto[];
}
