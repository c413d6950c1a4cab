import { useEffect } from 'react';
import { SITE_NAME } from '../../../../common/constants.js';
import type { SplashPhase } from '../../../../common/boot-splash.js';
import { CLAIMS } from '../../../../common/marketing.js';
import './boot-splash.css';

const STATUS: Record<SplashPhase, string> = {
  initial: 'Starting verification engine\u2026',
  booting: `Checking ${CLAIMS.verifiedPartners} partner firms, codes and payout records\u2026`,
  complete: 'All partners verified',
  fading: 'All partners verified',
  hidden: '',
};
const LINES = [...new Set(Object.values(STATUS))].filter(Boolean);

/**
 * docs/spec.md §4's boot splash, drawn above the already-rendered page (so content, crawlers and LCP are
 * not held back). Decorative: hidden from assistive technology, which reads the page beneath.
 * A click anywhere, or any key, skips to the fade.
 */
export function BootSplash({ phase, onSkip }: { phase: SplashPhase; onSkip: () => void }) {
  const active = phase !== 'hidden' && phase !== 'fading';
  useEffect(() => {
    if (!active) return;
    window.addEventListener('keydown', onSkip);
    return () => window.removeEventListener('keydown', onSkip);
  }, [active, onSkip]);

  if (phase === 'hidden') return null;
  return (
    <div className="boot-splash" data-phase={phase} aria-hidden="true" onClick={onSkip}>
      <div className="boot-splash-inner">
        <img className="boot-splash-logo" src="/favicon.svg" alt="" width="56" height="56" />
        <p className="boot-splash-name">{SITE_NAME}</p>
        <div className="boot-splash-bar"><span /></div>
        {/* Every line is laid out at once and only the current one shows: nothing moves (CLS). */}
        <p className="boot-splash-status">
          {LINES.map((line) => (
            <span key={line} data-on={line === STATUS[phase]}>
              {line === STATUS.complete && <span className="boot-splash-check">&#10003; </span>}
              {line}
            </span>
          ))}
        </p>
        <p className="boot-splash-hint">Tap or click anywhere to skip</p>
      </div>
    </div>
  );
}
