/** Small statistics the simulator reports. */

/** The 95 % Wilson score interval of a share of `n` trials with `successes` successes. */
export function wilson95(successes: number, n: number): [number, number] {
  if (n <= 0) return [0, 1];
  const z = 1.959963984540054;
  const p = successes / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n))) / (1 + z2n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** The median of values given as a histogram (count per value 0..length − 1); null when it is empty. */
export function histogramMedian(counts: ArrayLike<number>, offset = 0, length = counts.length - offset): number | null {
  let total = 0;
  for (let i = 0; i < length; i++) total += counts[offset + i];
  if (total === 0) return null;
  // The mean of the two middle values when the count is even.
  const lowRank = Math.floor((total - 1) / 2);
  const highRank = Math.floor(total / 2);
  let low = -1;
  let seen = 0;
  for (let i = 0; i < length; i++) {
    seen += counts[offset + i];
    if (low < 0 && seen > lowRank) low = i;
    if (seen > highRank) return (low + i) / 2;
  }
  return low;
}
