import { QueryClient } from '@tanstack/react-query';

/** docs/spec.md §7 caching: everything is stale after 60 s (the session query overrides this). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, refetchOnWindowFocus: false } },
});
