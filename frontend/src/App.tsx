import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useEffect, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '../../common/constants.js';
import { RenderTimeProvider } from './lib/render-time.js';
import './site/site.css';

/** What wraps the router on both sides: the query client, the render time, and the toasts. */
export function App({ queryClient, renderedAt, children }: { queryClient: QueryClient; renderedAt: Date | null; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RenderTimeProvider time={renderedAt}>{children}</RenderTimeProvider>
        <DeferredToaster />
      </QueryClientProvider>
    </StrictMode>
  );
}

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * The toasts' container, mounted once the page has hydrated (the server and the first client render both leave it
 * out, so they match): sonner stays out of the first load (lib/toast.ts).
 */
function DeferredToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme="dark" duration={TOAST_DURATION_MS} visibleToasts={TOAST_VISIBLE_MAX} richColors />
    </Suspense>
  );
}
