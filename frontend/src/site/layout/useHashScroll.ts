import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long to wait for a hash target that arrives with data (a post's content) before giving up. */
const WAIT_FOR_TARGET_MS = 5000;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/** Scrolls the element into view below the sticky header. */
function scrollToElement(el: Element): void {
  const header = document.querySelector('.site-header');
  const offset = (header?.getBoundingClientRect().height ?? 0) + 12;
  const top = el.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: reducedMotion() ? 'instant' : 'smooth' });
}

/**
 * SPEC §2: navigating to a URL hash scrolls smoothly to the matching element (instantly when the
 * visitor prefers reduced motion). The element may only appear once its data has loaded, so it is
 * waited for. A new page without a hash starts at the top; back and forward keep the browser's place.
 */
export function useHashScroll(): void {
  const { pathname, search, hash, key } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (!hash || hash === '#') {
      if (navigationType !== 'POP') window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    const id = decodeHash(hash);
    const tryScroll = () => {
      const el = document.getElementById(id);
      if (el) scrollToElement(el);
      return el !== null;
    };
    if (tryScroll()) return;

    const observer = new MutationObserver(() => {
      if (tryScroll()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_FOR_TARGET_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['id'] });
    return stop;
  }, [pathname, search, hash, key, navigationType]);
}
