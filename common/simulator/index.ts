/** The challenge simulator (issue #28): everything the worker, the API and the page import. */
export * from './types.js';
export { SimulatorInputError } from './errors.js';
export { Sfc32, StationaryIndices, randomSeed, MAX_SEED } from './random.js';
export { chooseBlockLength } from './block-length.js';
export {
  checkPaths, PATHS_MESSAGE, riskSweep, simulate, samplePaths, type RiskSweepPoint, type SamplePath, type SamplePathsResult,
} from './engine.js';
export { checkPath, compileRules, type CompiledRules, type PathVerdict } from './rules.js';
export {
  ALL_ZERO_MESSAGE, dailySeriesFromTrades, normaliseDailyPnl, parametricSeries, scaleSeries, TOO_FEW_DAYS_MESSAGE, validateSeries,
  type ParametricInput,
} from './series.js';
export { wilson95 } from './stats.js';
export { costToFunded, type CostInput } from './cost.js';
export { NO_HEADER_MESSAGE, parseAmount, parseDate, parsePnlCsv, readPnlCsv, type CsvFormat, type ParsedCsv } from './csv.js';
