import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { RenderTimeProvider } from './lib/render-time.js';
import './site/site.css';

/** What wraps the router on both sides: the query client and the render time (toasts mount on first use: lib/toaster.ts). */
export function App({ queryClient, renderedAt, children }: { queryClient: QueryClient; renderedAt: Date | null; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RenderTimeProvider time={renderedAt}>{children}</RenderTimeProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
