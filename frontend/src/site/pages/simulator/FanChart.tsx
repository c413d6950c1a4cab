import { sizeLabel, usdLabel } from '../../../../../common/price-rule.js';
import { FAIL_REASON_LABELS, type FanChart as FanChartData, type FailReason } from '../../../../../common/simulator/view.js';

const WIDTH = 800;
const HEIGHT = 320;
const PAD = { left: 64, right: 12, top: 12, bottom: 28 };
/** Days at which the table alternative reads the paths. */
const TABLE_DAYS = [5, 10, 20, 30, 45, 60, 90, 120, 180, 250, 365];

const OUTCOME_CLASS: Record<FailReason | 'pass', string> = {
  pass: 'fan-pass', dailyLoss: 'fan-fail', maxLoss: 'fan-fail', consistency: 'fan-fail', timeLimit: 'fan-time',
};

/** The balance of a path on day d (1-based): its last balance once it has ended. */
const balanceOn = (balances: number[], day: number) => balances[Math.min(day, balances.length) - 1]!;

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}

/** 100 sample equity paths of one program against its targets and starting loss floor, with a table alternative. */
export function FanChart({ fan }: { fan: FanChartData }) {
  const days = Math.max(1, ...fan.paths.map((p) => p.balances.length));
  const values = [fan.startFloor, fan.size, ...fan.targets, ...fan.paths.flatMap((p) => p.balances)];
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  const x = (day: number) => PAD.left + (day / days) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - lo) / (hi - lo || 1)) * (HEIGHT - PAD.top - PAD.bottom);
  const counts = fan.paths.reduce<Record<string, number>>((acc, p) => ({ ...acc, [p.outcome]: (acc[p.outcome] ?? 0) + 1 }), {});
  const tableDays = TABLE_DAYS.filter((d) => d <= days);
  const title = `${fan.programName}, ${sizeLabel(fan.size)}: ${fan.paths.length} simulated paths`;

  return (
    <figure className="fan-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="fan-title fan-desc" preserveAspectRatio="none">
        <title id="fan-title">{title}</title>
        <desc id="fan-desc">
          {counts.pass ?? 0} of {fan.paths.length} paths pass. Balances from {usdLabel(lo)} to {usdLabel(hi)} over {days} trading days.
        </desc>
        {fan.paths.map((p, i) => (
          <polyline
            key={i}
            className={OUTCOME_CLASS[p.outcome]}
            points={[`${x(0)},${y(fan.size)}`, ...p.balances.map((b, d) => `${x(d + 1).toFixed(1)},${y(b).toFixed(1)}`)].join(' ')}
          />
        ))}
        {[...new Set(fan.targets)].map((t) => (
          <line key={t} className="fan-target" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} />
        ))}
        <line className="fan-floor" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(fan.startFloor)} y2={y(fan.startFloor)} />
        <text x={4} y={y(hi) + 10} className="fan-axis">{usdLabel(hi)}</text>
        <text x={4} y={y(fan.size) + 4} className="fan-axis">{usdLabel(fan.size)}</text>
        <text x={4} y={y(lo)} className="fan-axis">{usdLabel(lo)}</text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" className="fan-axis">day {days}</text>
      </svg>
      <figcaption>
        {title}. <span className="fan-key fan-key-pass">Passed</span> <span className="fan-key fan-key-fail">Failed</span>{' '}
        <span className="fan-key fan-key-time">Ran out of time</span>; dashed: the profit target (green) and the starting loss floor
        ({usdLabel(fan.startFloor)}, red).
      </figcaption>
      <details className="fan-table">
        <summary>The chart as a table</summary>
        <table className="firm-table">
          <caption>How the {fan.paths.length} paths ended</caption>
          <tbody>
            <tr><th scope="row">Passed</th><td data-label="Paths">{counts.pass ?? 0}</td></tr>
            {(Object.keys(FAIL_REASON_LABELS) as FailReason[]).map((r) => (
              <tr key={r}><th scope="row">{FAIL_REASON_LABELS[r]}</th><td data-label="Paths">{counts[r] ?? 0}</td></tr>
            ))}
          </tbody>
        </table>
        <table className="firm-table">
          <caption>Balance across the paths (a path that ended keeps its last balance)</caption>
          <thead><tr><th scope="col">Day</th><th scope="col">Lowest 10 %</th><th scope="col">Median</th><th scope="col">Highest 10 %</th></tr></thead>
          <tbody>
            {tableDays.map((d) => {
              const sorted = fan.paths.map((p) => balanceOn(p.balances, d)).sort((a, b) => a - b);
              return (
                <tr key={d}>
                  <th scope="row">{d}</th>
                  <td data-label="Lowest 10 %">{usdLabel(percentile(sorted, 0.1))}</td>
                  <td data-label="Median">{usdLabel(percentile(sorted, 0.5))}</td>
                  <td data-label="Highest 10 %">{usdLabel(percentile(sorted, 0.9))}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
