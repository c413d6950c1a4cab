import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CompanyDto } from '../../../common/api-types.js';
import type { AdminCompanyDto, ProgramDto, ScoreDto } from '../../../common/firm-api-types.js';
import { CRITERION_KEYS, FIRM_MSG, profileErrors, weightedScore } from '../../../common/firms.js';
import { ApiError } from '../common/api-error.js';
import type { Company } from './company.entity.js';
import type { ProgramInputDto, ScoreInputDto } from './dto/firm-profile.dto.js';
import { toProgramDto, toScoreDto, toSizeDto } from './firm-mappers.js';
import { FirmProgram, FirmProgramSize } from './firm-program.entity.js';
import { FirmScore } from './firm-score.entity.js';

export interface ProfileInput {
  slug?: string;
  programs?: ProgramInputDto[];
  scores?: ScoreInputDto[];
}

/**
 * The parts of a firm's profile that live beside the company row: programs with their sizes and
 * the criteria scores. CompaniesService calls `save` inside its write transaction, so a company
 * and its profile change together or not at all; a given list replaces the stored one.
 */
@Injectable()
export class FirmProfilesService {
  /** Checks what field rules cannot see, before anything is written. */
  check(input: ProfileInput): void {
    const errors = profileErrors(input);
    const first = Object.values(errors)[0];
    if (first) throw new ApiError(400, first, errors);
  }

  /** Call after the company is assigned (slug refused early when taken) — flushes. */
  async save(em: EntityManager, company: Company, input: ProfileInput): Promise<void> {
    this.check(input);
    if (input.slug !== undefined) {
      const clash = await em.getConnection().execute<Array<{ id: number }>>(
        'select id from companies where slug = ? and id <> ?', [input.slug, company.id ?? 0],
      );
      if (clash.length) throw new ApiError(409, FIRM_MSG.slugTaken(input.slug), { slug: FIRM_MSG.slugTaken(input.slug) });
    }
    await em.flush();
    if (input.programs) await this.replacePrograms(em, company, input.programs);
    if (input.scores) await this.replaceScores(em, company, input.scores);
    // The deletes above are native statements, which the ORM's flush events (the cache's own
    // invalidation) do not see: a changed profile is a change of the company record.
    if (input.programs || input.scores) company.updatedAt = new Date();
    await em.flush();
  }

  /** The admin record: the company with its programs and scores. */
  async withProfile(em: EntityManager, company: CompanyDto & { version: number }): Promise<AdminCompanyDto> {
    const [programs, scores] = await Promise.all([this.programs(em, [company.id]), this.scores(em, company.id)]);
    return { ...company, programs: programs.get(company.id) ?? [], scores };
  }

  /** Programs of these companies, in the admin's order, each with its sizes smallest first. */
  async programs(em: EntityManager, companyIds: number[]): Promise<Map<number, ProgramDto[]>> {
    const result = new Map<number, ProgramDto[]>();
    if (!companyIds.length) return result;
    const programs = await em.find(FirmProgram, { company: { $in: companyIds } }, { orderBy: [{ position: 'asc' }, { id: 'asc' }] });
    const sizes = programs.length
      ? await em.find(FirmProgramSize, { program: { $in: programs.map((p) => p.id) } }, { orderBy: [{ size: 'asc' }] })
      : [];
    const byProgram = new Map<number, FirmProgramSize[]>();
    for (const s of sizes) byProgram.set(s.program.id, [...(byProgram.get(s.program.id) ?? []), s]);
    for (const p of programs) {
      const list = result.get(p.company.id) ?? [];
      list.push(toProgramDto(p, (byProgram.get(p.id) ?? []).map(toSizeDto)));
      result.set(p.company.id, list);
    }
    return result;
  }

  async scores(em: EntityManager, companyId: number): Promise<ScoreDto[]> {
    const rows = await em.find(FirmScore, { company: companyId });
    return rows.map(toScoreDto).sort((a, b) => CRITERION_KEYS.indexOf(a.criterion) - CRITERION_KEYS.indexOf(b.criterion));
  }

  private async replacePrograms(em: EntityManager, company: Company, programs: ProgramInputDto[]): Promise<void> {
    await em.nativeDelete(FirmProgram, { company: company.id });
    programs.forEach(({ id: _id, sizes, ...fields }, position) => {
      const program = em.create(FirmProgram, {
        ...fields,
        company,
        position,
        minTradingDays: fields.minTradingDays ?? 0,
        refundableFee: fields.refundableFee ?? false,
        trailingStopsAtStart: fields.trailingStopsAtStart ?? false,
        consistency: fields.consistency ?? null,
      });
      for (const { size, price } of sizes) em.create(FirmProgramSize, { program, size, price });
    });
  }

  /** A full set of criteria makes the firm's rating the weighted score; anything less leaves the entered rating. */
  private async replaceScores(em: EntityManager, company: Company, scores: ScoreInputDto[]): Promise<void> {
    await em.nativeDelete(FirmScore, { company: company.id });
    for (const { criterion, score, note } of scores) em.create(FirmScore, { company, criterion, score, note: note ?? null });
    company.score = weightedScore(scores);
  }
}
