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
      <CardContent>
        <Typography color="text.secondary" variant="body2" component="h2">{label}</Typography>
        <Typography variant="h4" component="p" data-testid={testId}>{value ?? <Skeleton width={80} />}</Typography>
      </CardContent>
    </Card>
  );
}

/** SPEC §2: 'Total Subscribers', 'New (Last 7 Days)' as +N, 'Active / Unsubscribed' as a/b. */
export function NewsletterStats({ stats }: { stats: NewsletterStatsDto | undefined }) {
  return (
    <Box component="section" aria-label="Subscriber statistics" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mb: 3 }}>
      <StatCard label={T.statTotal} value={stats && T.count(stats.total)} testId="stat-total" />
      <StatCard label={T.statNew} value={stats && `+${T.count(stats.newLast7Days)}`} testId="stat-new" />
      <StatCard label={T.statActive} value={stats && `${T.count(stats.active)}/${T.count(stats.unsubscribed)}`} testId="stat-active" />
    </Box>
  );
}
