import { counterValue, formatCounter, type CounterSpec } from '../../../../common/count-up.js';

interface Props {
  spec: CounterSpec;
  step: number;
  prefix?: string;
  suffix?: string;
  label: string;
}

/** One animated hero figure; assistive technology reads the final value, not the climb. */
export function HeroCounter({ spec, step, prefix = '', suffix = '', label }: Props) {
  const final = `${prefix}${formatCounter(spec.target, spec.decimals)}${suffix}`;
  return (
    <div className="hero-stat">
      <dt>{label}</dt>
      <dd>
        <span className="hero-stat-value" aria-hidden="true" data-final={final}>
          {prefix}{formatCounter(counterValue(step, spec), spec.decimals)}{suffix}
        </span>
        <span className="visually-hidden">{final}</span>
      </dd>
    </div>
  );
}
