import { Alert, Box, Button, Card, CardContent, Chip, Link as MuiLink, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ScheduledItemDto, ScheduleDto } from '../../../../common/team-api-types.js';
import { apiFetch, apiPost } from '../../lib/api.js';
import { errorMessage } from '../components/errors.js';

const EDIT_PATH: Record<ScheduledItemDto['resource'], (id: number) => string> = {
  'blog-posts': (id) => `/admin/blog-posts/${id}/edit`,
  campaigns: (id) => `/admin/campaigns/${id}`,
};
const KIND: Record<ScheduledItemDto['resource'], string> = { 'blog-posts': 'Post', campaigns: 'Campaign' };
const QUEUE_LABEL: Record<string, string> = { 'post-publish': 'Publishing a post', 'campaign-send': 'Sending a campaign' };

/**
 * The dashboard's "Scheduled next" (issue #20): posts and campaigns waiting for their time, soonest first, and
 * the publishing jobs that failed for good, each with Retry. Admins only (GET /_api/admin/schedule).
 */
export function ScheduleCard() {
  const notify = useNotify();
  const client = useQueryClient();
  const { data, error } = useQuery({
    queryKey: ['schedule'],
    queryFn: () => apiFetch<ScheduleDto>('/_api/admin/schedule'),
    staleTime: 0,
    refetchInterval: 30_000,
  });
  const retry = async (id: string) => {
    try {
      await apiPost(`/_api/admin/jobs/${id}/retry`);
      notify('Sent back to work.', { type: 'info' });
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    }
    await client.invalidateQueries({ queryKey: ['schedule'] });
  };
  return (
    <Card component="section" aria-labelledby="schedule-heading" sx={{ mb: 3 }} data-testid="schedule-card">
      <CardContent>
        <Typography variant="h6" component="h2" id="schedule-heading">Scheduled next</Typography>
        {error && <Typography color="error" role="alert">Error loading the schedule: {errorMessage(error)}</Typography>}
        {data && data.next.length === 0 && <Typography color="text.secondary">Nothing is scheduled.</Typography>}
        {data && data.next.length > 0 && (
          <List dense disablePadding>
            {data.next.map((item) => (
              <ListItem key={`${item.resource}-${item.id}`} divider disableGutters data-testid="scheduled-item" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Chip size="small" label={KIND[item.resource]} />
                <ListItemText
                  sx={{ minWidth: 0, flex: '1 1 200px' }}
                  primary={<MuiLink component={Link} to={EDIT_PATH[item.resource](item.id)}>{item.title}</MuiLink>}
                  secondary={`${format(new Date(item.at), 'PPpp')}${item.overdue ? ' · due now' : ''}`}
                />
              </ListItem>
            ))}
          </List>
        )}
        {data && data.failed.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="schedule-failed">
            <Typography variant="subtitle2" component="h3">Failed</Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {data.failed.map((job) => (
                <li key={job.id}>
                  {QUEUE_LABEL[job.queue] ?? job.queue} {describe(job.data)} — {job.error ?? 'gave up after its retries'} ({format(new Date(job.createdAt), 'PPpp')}){' '}
                  <Button size="small" onClick={() => void retry(job.id)}>Retry</Button>
                </li>
              ))}
            </Box>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function describe(data: unknown): string {
  const d = data as { postId?: unknown; campaignId?: unknown } | null;
  if (typeof d?.postId === 'number') return `#${d.postId}`;
  if (typeof d?.campaignId === 'number') return `#${d.campaignId}`;
  return '';
}
