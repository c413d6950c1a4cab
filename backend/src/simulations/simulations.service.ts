import { Injectable } from '@nestjs/common';
import {
  costToFunded, dailySeriesFromTrades, normaliseDailyPnl, readPnlCsv, simulate, SimulatorInputError, validateSeries,
  type DailyPnl, type FailReasons, type RuleSet,
} from '../../../common/simulator/index.js';
import { NO_RESULTS_MESSAGE, simulationRequestProblem, type SimulationRequest } from '../../../common/simulator/request.js';
import { ApiError } from '../common/api-error.js';
import { FirmsService } from '../firms/firms.service.js';

export interface SimulationResultRow {
  programId?: number;
  companySlug?: string;
  programName: string;
  size: number;
  price: number;
  priceAfterCode: number;
  discountCode?: string | null;
  passProbability: number;
  ci95: [number, number];
  failReasons: FailReasons;
  medianDaysToPass: number | null;
  expectedAttempts: number | null;
  expectedCostToFunded: number | null;
}

export interface SimulationAnswer {
  paths: number;
  seed: number;
  blockLength: number;
  tradingDays: number;
  results: SimulationResultRow[];
}

interface Priced {
  row: Omit<SimulationResultRow, 'passProbability' | 'ci95' | 'failReasons' | 'medianDaysToPass' | 'expectedAttempts' | 'expectedCostToFunded'>;
  rules: RuleSet;
  cost: { feeAfterCode: number; resetPrice: number | null; activationFee: number | null };
}

/** Runs the engine (common/simulator) on a trader's results against custom rule sets and/or the catalogue. */
@Injectable()
export class SimulationsService {
  constructor(private readonly firms: FirmsService) {}

  async run(body: unknown): Promise<SimulationAnswer> {
    const problem = simulationRequestProblem(body);
    if (problem) throw new ApiError(400, problem.message, { [problem.field]: problem.message });
    const request = body as SimulationRequest;
    const series = inputError(() => seriesOf(request));
    const priced = [
      ...(request.programs ?? []).map((p): Priced => ({
        row: { programName: p.name, size: p.size, price: p.price, priceAfterCode: p.price },
        rules: { ...p, trailingStopsAtStart: p.trailingStopsAtStart ?? false, consistency: p.consistency ?? null },
        cost: { feeAfterCode: p.price, resetPrice: null, activationFee: null },
      })),
      ...((request.catalogue ?? !request.programs?.length) ? await this.catalogue() : []),
    ];
    const run = inputError(() => simulate(series, priced.map((p) => p.rules), {
      tradedOn: request.tradedOn, paths: request.paths, seed: request.seed, blockLength: request.blockLength,
    }));
    const results = priced.map((p, i): SimulationResultRow => {
      const r = run.results[i]!;
      return { ...p.row, ...r, expectedCostToFunded: costToFunded(p.cost, r.passProbability) };
    });
    // Cheapest expected way to funded first; programs never passed last (stable: the catalogue's order otherwise).
    results.sort((a, b) => (a.expectedCostToFunded ?? Infinity) - (b.expectedCostToFunded ?? Infinity) || 0);
    return { paths: run.paths, seed: run.seed, blockLength: run.blockLength, tradingDays: run.tradingDays, results };
  }

  private async catalogue(): Promise<Priced[]> {
    return (await this.firms.catalogue()).map((c) => ({
      row: {
        programId: c.programId, companySlug: c.companySlug, programName: c.programName, size: c.size,
        price: c.price, priceAfterCode: c.priceAfterCode, discountCode: c.discountCode,
      },
      rules: { name: c.programName, ...c.rules, size: c.size },
      cost: { feeAfterCode: c.priceAfterCode, resetPrice: c.resetPrice, activationFee: c.activationFee },
    }));
  }
}

function seriesOf(request: SimulationRequest): DailyPnl[] {
  let series: DailyPnl[];
  if (request.csv !== undefined) series = readPnlCsv(request.csv).days;
  else if (request.trades) series = dailySeriesFromTrades(request.trades);
  else if (request.dailyPnl) series = normaliseDailyPnl(request.dailyPnl);
  else throw new SimulatorInputError(NO_RESULTS_MESSAGE);
  validateSeries(series);
  return series;
}

/** The engine's own refusals (SimulatorInputError: the CSV's line, too few days, all zeros…) as the one 400. */
function inputError<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof SimulatorInputError) {
      throw new ApiError(400, error.message, error.line === undefined ? undefined : { line: String(error.line) });
    }
    throw error;
  }
}
