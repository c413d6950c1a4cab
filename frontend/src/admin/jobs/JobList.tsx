import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, DateField, SelectInput, TextInput, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { List } from '../components/live-list.js';
import type { ProblemJobDto } from '../../../../common/mail-api-types.js';
import { apiPost } from '../../lib/api.js';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';

const KINDS = [
  { id: 'failed', name: 'Failed (every attempt used)' },
  { id: 'dead', name: 'Dead-letter queue' },
];

const filters = [
  <SelectInput key="kind" source="kind" label="Kind" choices={KINDS} alwaysOn emptyText="Failed and dead" />,
  <TextInput key="queue" source="queue" label="Queue" alwaysOn />,
];

/** Sends one job back to work (POST /_api/admin/jobs/:id/retry), then shows the list as it is now. */
function RetryButton() {
  const record = useRecordContext<ProblemJobDto>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  if (!record) return null;
  return (
    <Button size="small" variant="outlined" disabled={pending} aria-label={`Retry job ${record.id} of ${record.queue}`}
      onClick={async (e) => {
        e.stopPropagation();
        setPending(true);
        try {
          await apiPost(`/_api/admin/jobs/${record.id}/retry`);
          notify('Job sent back to its queue.', { type: 'info' });
          refresh();
        } catch (error) {
          notify(errorMessage(error), { type: 'error' });
        } finally {
          setPending(false);
        }
      }}>
      {pending ? 'Retrying…' : 'Retry'}
    </Button>
  );
}

/**
 * /admin/jobs: background jobs that need a person — failed after every retry, or waiting in a dead-letter
 * queue — newest first, each with its queue, last error, attempts and time, and a Retry.
 */
export function JobList() {
  return (
    <Box sx={{ maxWidth: 1200, minWidth: 0 }}>
      <PageHeader title="Failed jobs" subtitle="Mail and other background work that failed every retry. Retry one once its cause is fixed." />
      <List resource="jobs" title={false} sort={{ field: 'createdAt', order: 'DESC' }} filters={filters} actions={false} component="div"
        empty={<Typography sx={{ p: 2 }}>No failed jobs.</Typography>}>
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="queue" label="Queue" disableSort />
          <DataTable.Col source="kind" label="Kind" disableSort />
          <DataTable.Col source="error" label="Error" disableSort sx={{ maxWidth: 420, wordBreak: 'break-word' }} />
          <DataTable.NumberCol source="retryCount" label="Attempts" disableSort />
          <DataTable.Col source="createdAt" label="Created"><DateField source="createdAt" showTime /></DataTable.Col>
          <DataTable.Col label="Actions"><RetryButton /></DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}
