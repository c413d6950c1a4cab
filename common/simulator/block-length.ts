/**
 * The stationary bootstrap's mean block length, chosen from the series itself: Politis & White (2004),
 * "Automatic block-length selection for the dependent bootstrap", with the correction of Patton, Politis &
 * White (2009). Long streaks of wins or losses (autocorrelated days) get long blocks so the bootstrap keeps
 * them; independent days get blocks of about 1 (the ordinary bootstrap).
 */
import type { DailyPnl } from './types.js';

/**
 * 1. R(k): sample autocovariances of the demeaned series, ρ(k) = R(k)/R(0).
 * 2. m̂: the first lag m ≥ 1 from which K_N = max(5, ⌈√log10 N⌉) consecutive |ρ(m … m+K_N−1)| are all below
 *    c·√(log10 N / N), c = 2. Bandwidth M = 2m̂, at most m_max = ⌈√N⌉ + K_N (also used when there is no such m̂).
 * 3. With the flat-top lag window λ(t) = 1 for |t| ≤ ½, 2(1 − |t|) for ½ < |t| ≤ 1:
 *    Ĝ = Σ_{|k|≤M} λ(k/M)|k|R(k), ĝ(0) = Σ_{|k|≤M} λ(k/M)R(k), D̂_SB = 2ĝ(0)².
 * 4. b_opt = (2Ĝ²/D̂_SB)^{1/3} N^{1/3}, clamped to [1, ⌈min(3√N, N/3)⌉] (the cap the `arch` package uses:
 *    a block longer than a third of the series leaves too few blocks to resample), rounded to an integer.
 */
export function chooseBlockLength(series: readonly DailyPnl[] | Float64Array | readonly number[]): number {
  const x = toValues(series);
  const n = x.length;
  if (n < 4) return 1;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += x[i];
  mean /= n;
  const e = new Float64Array(n);
  for (let i = 0; i < n; i++) e[i] = x[i] - mean;

  const kN = Math.max(5, Math.ceil(Math.sqrt(Math.log10(n))));
  const mMax = Math.min(n - 1, Math.ceil(Math.sqrt(n)) + kN);
  const acv = new Float64Array(mMax + 1);
  for (let k = 0; k <= mMax; k++) {
    let s = 0;
    for (let i = k; i < n; i++) s += e[i] * e[i - k];
    acv[k] = s / n;
  }
  if (!(acv[0] > 0)) return 1;

  const critical = 2 * Math.sqrt(Math.log10(n) / n);
  // m̂: the first lag of the first run of K_N negligible autocorrelations (lags m̂ … m̂ + K_N − 1), as the authors'
  // own code (np's b.star) and the arch package count it; the paper's text counts from m̂ + 1, one lag shorter.
  let mHat = -1;
  for (let m = 1; m + kN - 1 <= mMax; m++) {
    let negligible = true;
    for (let k = m; k < m + kN; k++) {
      if (Math.abs(acv[k] / acv[0]) >= critical) {
        negligible = false;
        break;
      }
    }
    if (negligible) {
      mHat = m;
      break;
    }
  }
  const M = mHat < 0 ? mMax : Math.min(2 * mHat, mMax);

  let G = 0;
  let g0 = acv[0];
  for (let k = 1; k <= M; k++) {
    const t = k / M;
    const lambda = t <= 0.5 ? 1 : 2 * (1 - t);
    G += 2 * lambda * k * acv[k];
    g0 += 2 * lambda * acv[k];
  }
  const dSB = 2 * g0 * g0;
  const cap = Math.ceil(Math.min(3 * Math.sqrt(n), n / 3));
  if (!(dSB > 0)) return 1;
  const b = Math.cbrt((2 * G * G) / dSB) * Math.cbrt(n);
  if (!Number.isFinite(b)) return 1;
  return Math.max(1, Math.min(cap, Math.round(b)));
}

function toValues(series: readonly DailyPnl[] | Float64Array | readonly number[]): ArrayLike<number> {
  if (series instanceof Float64Array) return series;
  if (series.length > 0 && typeof series[0] === 'object') return (series as readonly DailyPnl[]).map((d) => d.pnl);
  return series as readonly number[];
}
