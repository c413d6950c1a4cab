import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NewsletterStatsDto } from '../../../../common/api-types.js';
import { ADMIN_NEWSLETTER as T } from '../../../../common/messages.js';
import { apiFetch } from '../../lib/api.js';

const RESOURCE = 'newsletter-subscribers';
const STATS_KEY = [RESOURCE, 'stats'] as const;

export function useNewsletterStats() {
  const client = useQueryClient();
  // Any subscriber change (one row or a bulk action, react-admin's mutations are keyed by resource) moves the counts.
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success' && event.mutation.options.mutationKey?.[0] === RESOURCE) {
          void client.invalidateQueries({ queryKey: STATS_KEY });
        }
      }),
    [client],
  );
  return useQuery({ queryKey: STATS_KEY, queryFn: () => apiFetch<NewsletterStatsDto>('/_api/admin/newsletter-subscribers/stats') });
}

function StatCard({ label, value, testId }: { label: string; value: string | undefined; testId: string }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography color="text.secondary" variant="body2" component="h2" sx={{ fontSize: { xs: '0.75rem', sm: '0.875rem' } }}>{label}</Typography>
        <Typography variant="h4" component="p" data-testid={testId} sx={{ fontSize: { xs: '1.4rem', sm: '2.125rem' } }}>
          {value ?? <Skeleton width={60} />}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** docs/spec.md §2: 'Total Subscribers', 'New (Last 7 Days)' as +N, 'Active / Unsubscribed' as a/b. */
export function NewsletterStats({ stats }: { stats: NewsletterStatsDto | undefined }) {
  return (
    <Box component="section" aria-label="Subscriber statistics" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: { xs: 1, sm: 2 }, mb: 3 }}>
      <StatCard label={T.statTotal} value={stats && T.count(stats.total)} testId="stat-total" />
      <StatCard label={T.statNew} value={stats && `+${T.count(stats.newLast7Days)}`} testId="stat-new" />
      <StatCard label={T.statActive} value={stats && `${T.count(stats.active)}/${T.count(stats.unsubscribed)}`} testId="stat-active" />
      {/* Double opt-in (issue #16): who a newsletter reaches — subscribed, confirmed, not bounced. */}
      <StatCard label="Confirmed" value={stats && T.count(stats.confirmed)} testId="stat-confirmed" />
    </Box>
  );
}
