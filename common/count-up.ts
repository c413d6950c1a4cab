/**
 * The hero's animated counters (docs/spec.md §9): each climbs to its target over 60 steps.
 * Pure: the caller says how much time has passed; the browser drives it with requestAnimationFrame.
 */

export const COUNTER_STEPS = 60;
/** How long the climb takes (ours: SPEC gives only the step count). 60 steps at ~33 ms, one per 2 frames. */
export const COUNTER_DURATION_MS = 2000;

export interface CounterSpec {
  target: number;
  /** Digits after the decimal point (2.1 has one). */
  decimals: number;
}

/** docs/spec.md §9 targets: $2.1M saved, 12,847 protected traders, 8 verified partners. */
export const HERO_COUNTERS = {
  savedMillions: { target: 2.1, decimals: 1 },
  protectedTraders: { target: 12847, decimals: 0 },
  verifiedPartners: { target: 8, decimals: 0 },
} as const satisfies Record<string, CounterSpec>;

/** The value shown at `step` (0..steps): a linear climb, rounded to the counter's decimals, exact at the end. */
export function counterValue(step: number, { target, decimals }: CounterSpec, steps: number = COUNTER_STEPS): number {
  if (!(step > 0)) return 0;
  if (step >= steps) return target;
  const factor = 10 ** decimals;
  return Math.floor((Math.round(target * factor) * Math.floor(step)) / steps) / factor;
}

/** Every value the counter shows, step 0 to the last (steps + 1 values). */
export function counterSteps(spec: CounterSpec, steps: number = COUNTER_STEPS): number[] {
  return Array.from({ length: steps + 1 }, (_, i) => counterValue(i, spec, steps));
}

/** The step reached `elapsedMs` after the climb started. */
export function counterStepAt(elapsedMs: number, durationMs: number = COUNTER_DURATION_MS, steps: number = COUNTER_STEPS): number {
  if (!(elapsedMs > 0)) return 0;
  if (elapsedMs >= durationMs) return steps;
  return Math.floor((elapsedMs / durationMs) * steps);
}

/** US formatting with the counter's decimals: 12847 → '12,847', 2.1 → '2.1', 0 → '0.0' for one decimal. */
export function formatCounter(value: number, decimals: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
