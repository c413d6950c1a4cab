import { Injectable } from '@nestjs/common';
import {
  dailySeriesFromTrades, normaliseDailyPnl, readPnlCsv, simulate, SimulatorInputError, validateSeries, type DailyPnl, type RuleSetResult,
} from '../../../common/simulator/index.js';
import {
  catalogueCost, catalogueRuleSet, rankResults, simulatorView, type CatalogueProgram, type PricedRuleSet, type SimulationResultRow,
  type SimulatorView,
} from '../../../common/simulator/view.js';
import type { SimulatorInput } from '../../../common/simulator/form.js';
import { NO_RESULTS_MESSAGE, simulationRequestProblem, type SimulationRequest } from '../../../common/simulator/request.js';
import { ApiError } from '../common/api-error.js';
import { FirmsService } from '../firms/firms.service.js';

export type { SimulationResultRow };

export interface SimulationAnswer {
  paths: number;
  seed: number;
  blockLength: number;
  tradingDays: number;
  results: SimulationResultRow[];
}

type ResultRowBase = Omit<SimulationResultRow, keyof RuleSetResult | 'expectedCostToFunded'>;

/** Runs the engine (common/simulator) on a trader's results against custom rule sets and/or the catalogue. */
@Injectable()
export class SimulationsService {
  constructor(private readonly firms: FirmsService) {}

  async run(body: unknown): Promise<SimulationAnswer> {
    const problem = simulationRequestProblem(body);
    if (problem) throw new ApiError(400, problem.message, { [problem.field]: problem.message });
    const request = body as SimulationRequest;
    const series = inputError(() => seriesOf(request));
    const priced: PricedRuleSet<ResultRowBase>[] = [
      ...(request.programs ?? []).map((p) => ({
        row: { programName: p.name, size: p.size, price: p.price, priceAfterCode: p.price },
        rules: { ...p, trailingStopsAtStart: p.trailingStopsAtStart ?? false, consistency: p.consistency ?? null },
        cost: { feeAfterCode: p.price, resetPrice: null, activationFee: null },
      })),
      ...((request.catalogue ?? !request.programs?.length) ? (await this.firms.catalogue()).map(catalogueRow) : []),
    ];
    const run = inputError(() => simulate(series, priced.map((p) => p.rules), {
      tradedOn: request.tradedOn, paths: request.paths, seed: request.seed, blockLength: request.blockLength,
    }));
    return { paths: run.paths, seed: run.seed, blockLength: run.blockLength, tradingDays: run.tradingDays, results: rankResults(priced, run.results) };
  }

  /** The /simulator page's answer for the form posted without JavaScript (the browser runs the same in a worker). */
  async view(input: SimulatorInput): Promise<SimulatorView> {
    const catalogue = await this.firms.catalogue();
    return simulatorView(input.series, catalogue, { tradedOn: input.tradedOn, firm: input.firm, chosen: input.chosen });
  }
}

/** A catalogue program as the API's row: the firm's slug and program id, no code page. */
function catalogueRow(p: CatalogueProgram): PricedRuleSet<ResultRowBase> {
  return {
    row: {
      programId: p.programId, companySlug: p.companySlug, programName: p.programName, size: p.size,
      price: p.price, priceAfterCode: p.priceAfterCode, discountCode: p.discountCode,
    },
    rules: catalogueRuleSet(p),
    cost: catalogueCost(p),
  };
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
