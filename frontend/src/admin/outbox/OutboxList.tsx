import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DateField, SimpleList, DataTable } from 'react-admin';
import { List } from '../components/live-list.js';
import type { OutboxMessageDto } from '../../../../common/mail-api-types.js';
import { PageHeader } from '../components/PageHeader.js';

/** /admin/outbox: what the site would have mailed with no SMTP server (the mail_outbox table), newest first. */
export function OutboxList() {
  // Phones get one block per message (react-admin's SimpleList): a long address and subject overflowed 390 px.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      <PageHeader title="Outbox" subtitle="Messages kept in the database because no SMTP_URL is set, newest first." />
      <List resource="outbox" title={false} sort={{ field: 'date', order: 'DESC' }} actions={false} component="div" empty={<Typography sx={{ p: 2 }}>No messages yet.</Typography>}>
        {phone ? (
          <SimpleList<OutboxMessageDto>
            primaryText={(m) => m.subject}
            secondaryText={(m) => `${new Date(m.date).toLocaleString()} \u00b7 ${m.to}`}
            linkType="show"
            sx={{ '& .MuiListItemText-root': { overflowWrap: 'anywhere', minWidth: 0 } }}
          />
        ) : (
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="date" label="Sent" disableSort>
            <DateField source="date" showTime />
          </DataTable.Col>
          <DataTable.Col source="to" label="To" disableSort />
          <DataTable.Col source="subject" label="Subject" disableSort />
        </DataTable>
        )}
      </List>
    </Box>
  );
}
