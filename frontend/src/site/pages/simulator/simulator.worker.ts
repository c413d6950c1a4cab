/**
 * The simulator's Web Worker (issue #28): the engine runs here, on the trader's device, so the page stays responsive
 * and the results never leave the browser. It keeps the last run so choosing another program for the chart and the
 * "what if" redraws only that program.
 */
import type { DailyPnl } from '../../../../../common/simulator/types.js';
import { programFocus, simulatorView, type CatalogueProgram, type SimulatorView } from '../../../../../common/simulator/view.js';
import type { SimulatorRequest, SimulatorResponse } from './simulator-messages.js';

let last: { series: DailyPnl[]; catalogue: CatalogueProgram[]; tradedOn: number; view: SimulatorView } | null = null;

const reply = (message: SimulatorResponse) => postMessage(message);

addEventListener('message', (event: MessageEvent<SimulatorRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'run') {
      let lastShown = 0;
      const view = simulatorView(request.series, request.catalogue, {
        tradedOn: request.tradedOn, firm: request.firm, chosen: request.chosen,
        onProgress: (done) => {
          // A message per percent at most: the page redraws its bar, not thousands of times.
          if (done - lastShown >= 0.01 || done === 1) reply({ type: 'progress', done: (lastShown = done) });
        },
      });
      last = { series: request.series, catalogue: request.catalogue, tradedOn: request.tradedOn, view };
      reply({ type: 'done', view });
    } else if (last) {
      const program = last.catalogue.find((p) => p.programId === request.chosen.programId && p.size === request.chosen.size);
      if (!program) return;
      const { seed, blockLength, paths } = last.view;
      last.view = { ...last.view, ...programFocus(last.series, program, { tradedOn: last.tradedOn, seed, blockLength, paths }) };
      reply({ type: 'done', view: last.view });
    }
  } catch (error) {
    reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
});
