import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { prefersReducedMotion } from './useMediaQuery.js';

/** How long to keep looking for the target while the page's data arrives. */
const WAIT_MS = 3000;

/**
 * SPEC §2: navigating to a URL hash scrolls smoothly to the matching element. The element may
 * appear only once the route's data has loaded, so it is looked for until it shows up (or WAIT_MS).
 * The target gets focus (without a second jump) so keyboard and screen-reader users land there too.
 */
export function useHashScroll(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash || hash === '#') return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    let done = false;
    const tryScroll = () => {
      const el = document.getElementById(id);
      if (!el || done) return !!el;
      done = true;
      el.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
      if (!el.hasAttribute('tabindex') && !isFocusable(el)) el.setAttribute('tabindex', '-1');
      el.focus({ preventScroll: true });
      return true;
    };
    if (tryScroll()) return;
    const observer = new MutationObserver(() => {
      if (tryScroll()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, hash]);
}

function isFocusable(el: HTMLElement): boolean {
  return el.matches('a[href], button, input, select, textarea, summary, [tabindex]');
}
