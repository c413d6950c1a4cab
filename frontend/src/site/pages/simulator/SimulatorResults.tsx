import { Link } from 'react-router-dom';
import { sizeLabel, usdLabel } from '../../../../../common/price-rule.js';
import { FAIL_REASON_LABELS, formatProbability, type SimulatorRow, type SimulatorView } from '../../../../../common/simulator/view.js';
import { FanChart } from './FanChart.js';
import { RiskWhatIf } from './RiskWhatIf.js';
import type { Chosen } from './simulator-messages.js';

const isChosen = (row: SimulatorRow, chosen: Chosen | null) => !!chosen && row.programId === chosen.programId && row.size === chosen.size;
const dealPath = (row: SimulatorRow) => (row.discountSlug ? `/discounts/${row.discountSlug}` : `/firms/${row.companySlug}`);

/** The pass probability as a bar, its 95 % interval as a band around the bar's end. */
function PassBar({ row }: { row: SimulatorRow }) {
  const [lo, hi] = row.ci95;
  return (
    <span className="sim-pass">
      <span className="sim-pass-figure">{formatProbability(row.passProbability)}</span>
      <span className="sim-bar" aria-hidden="true">
        <span className="sim-bar-fill" style={{ width: `${row.passProbability * 100}%` }} />
        <span className="sim-bar-ci" style={{ left: `${lo * 100}%`, width: `${Math.max(0.5, (hi - lo) * 100)}%` }} />
      </span>
      <span className="sim-ci">95 % interval {formatProbability(lo)}–{formatProbability(hi)}</span>
    </span>
  );
}

/** The first rows stay in view; the rest of the catalogue waits behind "All N programs". */
const TOP_ROWS = 15;

function ResultsTable({ rows, firstRank = 1, firm, interactive, chosen, onChoose }: {
  rows: SimulatorRow[]; firstRank?: number; firm: string | null; interactive: boolean; chosen: Chosen | null; onChoose: (chosen: Chosen) => void;
}) {
  return (
    <div className="sim-table-wrap">
      <table className="firm-table sim-table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Program</th>
            <th scope="col">Chance to pass</th>
            <th scope="col">Main reason for failing</th>
            <th scope="col">Median days</th>
            <th scope="col">Our code</th>
            <th scope="col">Price after code</th>
            <th scope="col">Expected cost to funded</th>
            <th scope="col"><span className="visually-hidden">Deal</span></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={`${row.programId}:${row.size}`} className={`${row.companySlug === firm ? 'sim-firm' : ''}${isChosen(row, chosen) ? ' sim-chosen' : ''}`}>
              <td data-label="Rank">{firstRank + i}</td>
              <th scope="row" data-label="Program">
                {row.programName} <span className="sim-size">{sizeLabel(row.size)}</span>
                {interactive && (
                  <button type="button" className="link-button" aria-pressed={isChosen(row, chosen)} onClick={() => onChoose({ programId: row.programId, size: row.size })}>
                    {isChosen(row, chosen) ? 'Charted' : 'Chart it'}
                  </button>
                )}
              </th>
              <td data-label="Chance to pass"><PassBar row={row} /></td>
              <td data-label="Main reason for failing">{row.mainFailReason ? `${FAIL_REASON_LABELS[row.mainFailReason]} (${formatProbability(row.failReasons[row.mainFailReason])})` : '\u2014'}</td>
              <td data-label="Median days">{row.medianDaysToPass ?? '\u2014'}</td>
              <td data-label="Our code">{row.discountCode ? <code>{row.discountCode}</code> : 'No code'}</td>
              <td data-label="Price after code" data-testid="sim-price-after-code">
                <span>{row.priceAfterCode < row.price && <s>{usdLabel(row.price)}</s>} {usdLabel(row.priceAfterCode)}</span>
              </td>
              <td data-label="Expected cost to funded">{row.expectedCostToFunded === null ? 'Never passed' : usdLabel(row.expectedCostToFunded)}</td>
              <td data-label="Deal"><Link to={dealPath(row)}>See the deal<span className="visually-hidden"> for {row.programName} {sizeLabel(row.size)}</span></Link></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every program and size ranked by expected cost to funded, then the chosen program's chart and "what if". */
export function SimulatorResults({ view, firm, interactive, onChoose }: {
  view: SimulatorView; firm: string | null; interactive: boolean; onChoose: (chosen: Chosen) => void;
}) {
  const best = view.rows[0];
  const tableProps = { firm, interactive, chosen: view.chosen, onChoose };
  const firmRank = firm ? view.rows.findIndex((r) => r.companySlug === firm) : -1;
  const firmBest = firmRank >= 0 ? view.rows[firmRank] : undefined;
  return (
    <section className="sim-results" aria-labelledby="results-title">
      <h2 id="results-title" tabIndex={-1}>Your results against every program</h2>
      <p className="sim-summary">
        {view.paths.toLocaleString('en-US')} simulated paths per program from your {view.tradingDays} trading days (mean block length{' '}
        {view.blockLength} days, seed {view.seed}).{' '}
        {best && best.expectedCostToFunded !== null && (
          <strong>
            Lowest expected cost: {best.programName} {sizeLabel(best.size)}, {usdLabel(best.expectedCostToFunded)} with a{' '}
            {formatProbability(best.passProbability)} chance to pass{best.discountCode ? ` using code ${best.discountCode}` : ''}.
          </strong>
        )}
        {firmBest && (
          <>
            {' '}Best of {firmBest.companyName}: {firmBest.programName} {sizeLabel(firmBest.size)}, ranked {firmRank + 1} of {view.rows.length}
            {firmBest.expectedCostToFunded === null ? ', never passed' : ` at ${usdLabel(firmBest.expectedCostToFunded)}`}; its rows are marked.
          </>
        )}
      </p>
      <ResultsTable rows={view.rows.slice(0, TOP_ROWS)} {...tableProps} />
      {view.rows.length > TOP_ROWS && (
        <details className="sim-more">
          <summary>All {view.rows.length} programs and sizes</summary>
          <ResultsTable rows={view.rows.slice(TOP_ROWS)} firstRank={TOP_ROWS + 1} {...tableProps} />
        </details>
      )}
      {view.fan && (
        <section className="sim-focus" aria-labelledby="focus-title">
          <h3 id="focus-title">{view.fan.programName} {sizeLabel(view.fan.size)}: how your paths went</h3>
          <FanChart fan={view.fan} />
          <RiskWhatIf key={`${view.fan.programId}:${view.fan.size}`} sweep={view.sweep} bestFactor={view.bestFactor} interactive={interactive} />
        </section>
      )}
    </section>
  );
}
