import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '../../common/constants.js';
import { RenderTimeProvider } from './lib/render-time.js';
import './site/site.css';

/** What wraps the router on both sides: the query client, the render time, and the toasts. */
export function App({ queryClient, renderedAt, children }: { queryClient: QueryClient; renderedAt: Date | null; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RenderTimeProvider time={renderedAt}>{children}</RenderTimeProvider>
        <Toaster theme="dark" duration={TOAST_DURATION_MS} visibleToasts={TOAST_VISIBLE_MAX} richColors />
      </QueryClientProvider>
    </StrictMode>
  );
}
