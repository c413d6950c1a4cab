/**
 * Toasts, loaded on first use: sonner and its `<Toaster>` are not in any page's first-load JavaScript
 * (docs/performance-history.md, the 150 KB budget), and the Toaster lives in a root of its own, made on the first
 * toast, so mounting it re-renders nothing of the page (a Toaster mounted into the page's tree after hydration took
 * the focus a hash link had just given its section). Sonner replays a toast created before its Toaster subscribed.
 */
import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '../../../common/constants.js';

type Toast = typeof import('sonner')['toast'];

let loading: Promise<Toast> | null = null;

/** sonner's `toast`, with its Toaster mounted (once, at the end of the body). */
export function toaster(): Promise<Toast> {
  loading ??= Promise.all([import('sonner'), import('react-dom/client'), import('react')]).then(([sonner, { createRoot }, { createElement }]) => {
    const host = document.createElement('div');
    host.className = 'toaster-root';
    document.body.append(host);
    createRoot(host).render(createElement(sonner.Toaster, { theme: 'dark', duration: TOAST_DURATION_MS, visibleToasts: TOAST_VISIBLE_MAX, richColors: true }));
    return sonner.toast;
  });
  return loading;
}
