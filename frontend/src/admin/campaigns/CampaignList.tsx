import { Box, Button, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { CreateButton, DateField, SimpleList, TopToolbar, useNotify, useRefresh, DataTable } from 'react-admin';
import { List } from '../components/live-list.js';
import type { CampaignDto, DigestInfoDto } from '../../../../common/campaigns.js';
import { apiFetch, apiPost } from '../../lib/api.js';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';
import { useMayTake } from '../components/access.js';

function DraftDigestButton() {
  const notify = useNotify();
  const refresh = useRefresh();
  const info = useQuery({ queryKey: ['campaigns', 'digest'], queryFn: () => apiFetch<DigestInfoDto>('/_api/admin/campaigns/digest') });
  return (
    // Wraps on a phone: the next run's line and the button side by side were 540 px wide.
    <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, minWidth: 0 }}>
      {info.data && (
        <Typography variant="body2" color="text.secondary" data-testid="digest-next">
          Next digest {new Date(info.data.nextRunAt).toLocaleString()} ({info.data.autoSend ? 'sent automatically' : 'drafted for review'})
        </Typography>
      )}
      <Button
        onClick={async () => {
          try {
            const res = await apiPost<{ message: string }>('/_api/admin/campaigns/digest');
            notify(res.message, { type: 'info' });
            refresh();
          } catch (e) {
            notify(errorMessage(e), { type: 'error' });
          }
        }}
      >
        Draft digest now
      </Button>
    </Stack>
  );
}

/** /admin/campaigns: every campaign, newest first, with what each send did. */
export function CampaignList() {
  // Editors draft campaigns; the digest is an admin's (common/roles.ts).
  const mayDigest = useMayTake('campaigns', 'digest');
  // Phones get one block per campaign (react-admin's SimpleList, as in its demo): eight columns do not fit 390 px.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Box sx={{ maxWidth: 1200, minWidth: 0 }}>
      <PageHeader title="Campaigns" subtitle="Write, preview, test and send newsletters; the Monday digest is drafted here too." />
      <List resource="campaigns" title={false} sort={{ field: 'createdAt', order: 'DESC' }} component="div" empty={false}
        actions={<TopToolbar>{mayDigest && <DraftDigestButton />}<CreateButton label="New campaign" /></TopToolbar>}>
        {phone ? (
          <SimpleList<CampaignDto>
            primaryText={(c) => c.subject}
            secondaryText={(c) => `${c.status} \u00b7 ${c.stats.sent} of ${c.stats.recipients} delivered`}
            linkType="edit"
            sx={{ '& .MuiListItemText-root': { overflowWrap: 'anywhere', minWidth: 0 } }}
          />
        ) : (
        <DataTable bulkActionButtons={false} rowClick="edit">
          <DataTable.Col source="subject" />
          <DataTable.Col source="status" />
          <DataTable.Col source="scheduledAt" label="Scheduled"><DateField source="scheduledAt" showTime emptyText="—" /></DataTable.Col>
          <DataTable.Col source="sentAt" label="Sent"><DateField source="sentAt" showTime emptyText="—" /></DataTable.Col>
          <DataTable.NumberCol source="stats.recipients" label="Recipients" disableSort />
          <DataTable.NumberCol source="stats.sent" label="Delivered" disableSort />
          <DataTable.NumberCol source="stats.bounced" label="Bounced" disableSort />
          <DataTable.NumberCol source="stats.clicks" label="Clicks" disableSort />
        </DataTable>
        )}
      </List>
    </Box>
  );
}
