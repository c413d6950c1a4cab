import type { QueryClient } from '@tanstack/react-query';

/**
 * The public queries an admin change can make stale (docs/spec.md §4: "after a successful discount or blog mutation
 * the lists are refreshed"). The admin shares the site's query client, so an admin who then opens /discounts
 * or /blog in the same tab sees the change instead of a list cached up to 60 s ago. A discount embeds its
 * company, so a company change refreshes the discounts too.
 */
const PUBLIC_KEYS_OF: Record<string, readonly (readonly string[])[]> = {
  companies: [['companies'], ['discounts']],
  discounts: [['discounts']],
  'blog-posts': [['blog-posts'], ['blog-post'], ['page-head']],
};

/** Invalidates the public queries after every successful react-admin mutation (its key starts with the resource). */
export function refreshPublicQueriesAfterAdminMutations(client: QueryClient): () => void {
  return client.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const resource = event.mutation.options.mutationKey?.[0];
    for (const queryKey of PUBLIC_KEYS_OF[String(resource)] ?? []) void client.invalidateQueries({ queryKey });
  });
}
