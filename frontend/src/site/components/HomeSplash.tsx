import { useBootSplash } from '../hooks/useBootSplash.js';
import { BootSplash } from './BootSplash.js';

/**
 * The home page's boot splash, drawn by the layout before the header so that it comes first in the
 * server's HTML: any frame the browser paints while still reading the page already has it.
 */
export function HomeSplash() {
  const splash = useBootSplash();
  return <BootSplash phase={splash.phase} onSkip={splash.skip} />;
}
