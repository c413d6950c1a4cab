/** What the page and its Web Worker say to each other. */
import type { DailyPnl } from '../../../../../common/simulator/types.js';
import type { CatalogueProgram, SimulatorView } from '../../../../../common/simulator/view.js';

export type Chosen = { programId: number; size: number };

export type SimulatorRequest =
  | { type: 'run'; series: DailyPnl[]; tradedOn: number; catalogue: CatalogueProgram[]; firm: string | null; chosen: Chosen | null }
  /** Chart and "what if" for another program of the last run. */
  | { type: 'focus'; chosen: Chosen };

export type SimulatorResponse =
  | { type: 'progress'; done: number }
  | { type: 'done'; view: SimulatorView }
  | { type: 'error'; message: string };
