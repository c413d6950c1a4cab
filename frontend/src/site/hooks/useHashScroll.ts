import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { prefersReducedMotion } from './useMediaQuery.js';

/** How long to keep looking for the target while the page's data (a post's content) arrives. */
const WAIT_MS = 5000;

/**
 * docs/spec.md §2: navigating to a URL hash scrolls smoothly (instantly with reduced motion) to the matching
 * element, below the sticky header. The element may appear only once the route's data has loaded, so
 * it is looked for until it shows up. The target gets focus, so keyboard and screen-reader users land
 * there too. A new page without a hash starts at the top; back and forward keep the browser's place.
 */
export function useHashScroll(): void {
  const { pathname, search, hash, key } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (!hash || hash === '#') {
      if (navigationType !== 'POP') window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    const tryScroll = () => {
      const el = document.getElementById(id);
      if (!el) return false;
      scrollBelowHeader(el);
      if (!el.hasAttribute('tabindex') && !isFocusable(el)) el.setAttribute('tabindex', '-1');
      el.focus({ preventScroll: true });
      return true;
    };
    if (tryScroll()) return;
    const observer = new MutationObserver(() => {
      if (tryScroll()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['id'] });
    return stop;
  }, [pathname, search, hash, key, navigationType]);
}

function scrollBelowHeader(el: Element): void {
  const header = document.querySelector('.site-header');
  const offset = (header?.getBoundingClientRect().height ?? 0) + 12;
  const top = el.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
}

function isFocusable(el: HTMLElement): boolean {
  return el.matches('a[href], button, input, select, textarea, summary, [tabindex]');
}
