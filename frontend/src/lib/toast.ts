/**
 * Toasts without sonner in the first load: a toast only ever follows a click, so the library is fetched on the
 * first toast (or when the Toaster mounts after hydration, App.tsx), never before first paint. Sonner replays the
 * toasts made before its Toaster subscribed, so none is lost while the chunk arrives.
 */
import type { ExternalToast } from 'sonner';

const sonner = () => import('sonner');

export const toast = {
  success(message: string, options?: ExternalToast): void {
    void sonner().then(({ toast: show }) => show.success(message, options));
  },
  error(message: string, options?: ExternalToast): void {
    void sonner().then(({ toast: show }) => show.error(message, options));
  },
};
