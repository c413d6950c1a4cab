import { toaster } from '../../lib/toaster.js';
import { TOAST } from '../../../../common/messages.js';
import { useScrolledPast } from '../hooks/useScrollVisibility.js';
import { prefersReducedMotion } from '../hooks/useMediaQuery.js';
import './floating.css';

/** Shares the page with the system share sheet; where there is none, copies the link instead. */
export async function sharePage(title: string, url: string = window.location.href): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // The visitor closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Not allowed here (permissions, insecure context): fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    void toaster().then((toast) => toast.success(TOAST.linkCopied, { description: TOAST.linkCopiedDescription }));
  } catch {
    void toaster().then((toast) => toast.error(TOAST.linkCopyFailed, { description: TOAST.linkCopyFailedDescription }));
  }
}

/** Back to the top; focus goes to the page's first link so keyboard users start over from there. */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  document.querySelector<HTMLElement>('.site-header a')?.focus({ preventScroll: true });
}

/**
 * docs/spec.md §2/§4: floating share and scroll-to-top buttons, bottom right. Share is always there;
 * scroll-to-top appears past 300 px.
 */
export function FloatingActions({ shareTitle }: { shareTitle?: string }) {
  const showTop = useScrolledPast();
  return (
    <div className="floating-actions">
      <button type="button" className="floating-button" aria-label="Share this page" title="Share this page" onClick={() => void sharePage(shareTitle ?? document.title)}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="18" cy="5" r="3" /><circle cx="6" cy="12" r="3" /><circle cx="18" cy="19" r="3" />
          <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
        </svg>
      </button>
      {showTop && (
        <button type="button" className="floating-button" aria-label="Scroll to top" title="Scroll to top" onClick={scrollToTop}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 19V5M5 12l7-7 7 7" />
          </svg>
        </button>
      )}
    </div>
  );
}
