import type { ProgramDto, ProgramSizeDto, ScoreDto } from '../../../common/firm-api-types.js';
import type { FirmProgram, FirmProgramSize } from './firm-program.entity.js';
import type { FirmScore } from './firm-score.entity.js';

/** numeric columns arrive as strings from plain queries and as numbers from entities. */
export const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export function toProgramDto(p: FirmProgram, sizes: ProgramSizeDto[]): ProgramDto {
  return {
    id: p.id,
    name: p.name,
    type: p.type,
    profitTargets: p.profitTargets.map(Number),
    dailyLoss: num(p.dailyLoss),
    maxLoss: Number(p.maxLoss),
    drawdownType: p.drawdownType,
    minTradingDays: p.minTradingDays,
    timeLimitDays: p.timeLimitDays,
    consistency: num(p.consistency),
    trailingStopsAtStart: p.trailingStopsAtStart,
    profitSplit: Number(p.profitSplit),
    firstPayoutDays: p.firstPayoutDays,
    payoutFrequency: p.payoutFrequency,
    refundableFee: p.refundableFee,
    activationFee: num(p.activationFee),
    resetPrice: num(p.resetPrice),
    sizes,
  };
}

export function toSizeDto(s: FirmProgramSize): ProgramSizeDto {
  return { id: s.id, size: s.size, price: Number(s.price) };
}

export function toScoreDto(s: FirmScore): ScoreDto {
  return { criterion: s.criterion, score: Number(s.score), note: s.note };
}
