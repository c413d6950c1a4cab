/// <reference types="jest" />
import { COUNTER_DURATION_MS, COUNTER_STEPS, HERO_COUNTERS, counterStepAt, counterSteps, counterValue, formatCounter } from './count-up.js';

describe('hero counters (docs/spec.md §9: 60 steps to 2.1, 12847 and 8)', () => {
  it('has the targets of docs/spec.md §9', () => {
    expect(COUNTER_STEPS).toBe(60);
    expect(HERO_COUNTERS.savedMillions.target).toBe(2.1);
    expect(HERO_COUNTERS.protectedTraders.target).toBe(12847);
    expect(HERO_COUNTERS.verifiedPartners.target).toBe(8);
  });

  it.each(Object.entries(HERO_COUNTERS))('%s climbs from 0 to its target in 60 steps, never going back or past it', (_, spec) => {
    const values = counterSteps(spec);
    expect(values).toHaveLength(61);
    expect(values[0]).toBe(0);
    expect(values[60]).toBe(spec.target);
    for (let i = 1; i < values.length; i++) {
      expect(values[i]).toBeGreaterThanOrEqual(values[i - 1]);
      expect(values[i]).toBeLessThanOrEqual(spec.target);
    }
  });

  it('rounds to the counter\'s decimals', () => {
    expect(counterValue(30, HERO_COUNTERS.protectedTraders)).toBe(6423);
    expect(counterValue(59, HERO_COUNTERS.protectedTraders)).toBe(12632);
    expect(counterValue(30, HERO_COUNTERS.savedMillions)).toBe(1);
    expect(counterValue(31, HERO_COUNTERS.savedMillions)).toBe(1);
    expect(counterValue(59, HERO_COUNTERS.savedMillions)).toBe(2);
    expect(counterSteps(HERO_COUNTERS.savedMillions).every((v) => Number.isInteger(Math.round(v * 10)) && Math.abs(v * 10 - Math.round(v * 10)) < 1e-9)).toBe(true);
    expect(counterValue(30, HERO_COUNTERS.verifiedPartners)).toBe(4);
  });

  it('clamps out-of-range steps', () => {
    expect(counterValue(-5, HERO_COUNTERS.verifiedPartners)).toBe(0);
    expect(counterValue(Number.NaN, HERO_COUNTERS.verifiedPartners)).toBe(0);
    expect(counterValue(600, HERO_COUNTERS.verifiedPartners)).toBe(8);
  });
});

describe('counterStepAt (time in, step out)', () => {
  it('spreads the 60 steps over the duration', () => {
    expect(counterStepAt(0)).toBe(0);
    expect(counterStepAt(-10)).toBe(0);
    expect(counterStepAt(COUNTER_DURATION_MS / 2)).toBe(30);
    expect(counterStepAt(COUNTER_DURATION_MS - 1)).toBe(59);
    expect(counterStepAt(COUNTER_DURATION_MS)).toBe(60);
    expect(counterStepAt(COUNTER_DURATION_MS * 10)).toBe(60);
  });

  it('takes another duration and step count', () => {
    expect(counterStepAt(50, 100, 10)).toBe(5);
  });
});

describe('formatCounter', () => {
  it('formats as people read it in the US', () => {
    expect(formatCounter(12847, 0)).toBe('12,847');
    expect(formatCounter(2.1, 1)).toBe('2.1');
    expect(formatCounter(2, 1)).toBe('2.0');
    expect(formatCounter(0, 0)).toBe('0');
  });
});
