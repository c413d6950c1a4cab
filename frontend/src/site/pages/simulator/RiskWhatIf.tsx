import { useState } from 'react';
import { usdLabel } from '../../../../../common/price-rule.js';
import { formatProbability, type RiskPoint } from '../../../../../common/simulator/view.js';

const factorLabel = (f: number) => `${f}×`;

/**
 * "What if" I risked more or less per trade: the chosen program's pass probability and expected cost with the series
 * scaled by each factor, the cheapest marked. The table is the answer; the slider (with JavaScript) reads one row out.
 */
export function RiskWhatIf({ sweep, bestFactor, interactive }: { sweep: RiskPoint[]; bestFactor: number | null; interactive: boolean }) {
  const [index, setIndex] = useState(() => Math.max(0, sweep.findIndex((p) => p.factor === 1)));
  const point = sweep[index];
  return (
    <section className="sim-whatif" aria-labelledby="whatif-title">
      <h3 id="whatif-title">What if you changed your risk per trade?</h3>
      <p>
        {bestFactor === null
          ? 'At none of these risk levels does this program pass.'
          : bestFactor === 1
            ? 'Your current risk per trade gives the lowest expected cost for this program.'
            : `The expected cost is lowest at ${factorLabel(bestFactor)} your current risk per trade.`}
      </p>
      {interactive && point && (
        <div className="sim-whatif-control">
          <label htmlFor="risk-factor">Risk per trade: {factorLabel(point.factor)} yours</label>
          <input
            id="risk-factor" type="range" min={0} max={sweep.length - 1} step={1} value={index}
            aria-valuetext={`${factorLabel(point.factor)} your risk per trade`} onChange={(e) => setIndex(Number(e.target.value))}
          />
          <output htmlFor="risk-factor" aria-live="polite">
            Pass {formatProbability(point.passProbability)}, expected cost {point.expectedCostToFunded === null ? 'never funded' : usdLabel(point.expectedCostToFunded)}
          </output>
        </div>
      )}
      <table className="firm-table sim-whatif-table">
        <thead><tr><th scope="col">Risk per trade</th><th scope="col">Pass probability</th><th scope="col">Expected cost to funded</th></tr></thead>
        <tbody>
          {sweep.map((p, i) => (
            <tr key={p.factor} className={`${p.factor === bestFactor ? 'sim-best' : ''}${interactive && i === index ? ' sim-selected' : ''}`}>
              <th scope="row">{factorLabel(p.factor)} yours{p.factor === bestFactor ? ' (lowest cost)' : ''}</th>
              <td data-label="Pass probability">{formatProbability(p.passProbability)}</td>
              <td data-label="Expected cost">{p.expectedCostToFunded === null ? 'Never funded' : usdLabel(p.expectedCostToFunded)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
