import { useEffect, useState } from 'react';
import { COUNTER_STEPS, counterStepAt } from '../../../../common/count-up.js';

/**
 * The step (0..COUNTER_STEPS) the hero counters have reached: one animation-frame loop for all of
 * them, started when `running` turns true. `instant` (reduced motion, crawlers) jumps to the end.
 */
export function useCounterStep(running: boolean, instant: boolean): number {
  const [step, setStep] = useState(instant ? COUNTER_STEPS : 0);
  useEffect(() => {
    if (instant) {
      setStep(COUNTER_STEPS);
      return;
    }
    if (!running) return;
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const s = counterStepAt(now - start);
      setStep(s);
      if (s < COUNTER_STEPS) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [running, instant]);
  return step;
}
