import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DateField, DateInput, SelectInput, SimpleList, TextInput, useRecordContext, DataTable } from 'react-admin';
import { List } from '../components/live-list.js';
import type { AuditEntryDto } from '../../../../common/team-api-types.js';
import { PageHeader } from '../components/PageHeader.js';

const choices = (values: string[]) => values.map((id) => ({ id, name: id }));
const RESOURCES = ['auth', 'blog-posts', 'companies', 'discounts', 'discount-checks', 'firm-changes', 'media', 'newsletter-subscribers', 'users'];
const ACTIONS = ['create', 'update', 'delete', 'bulk', 'restore', 'preview-link', 'export', 'sign-in', 'sign-in-failed', 'invite', 'invitation-accepted'];

const filters = [
  <TextInput key="actorEmail" source="actorEmail" label="Person (email)" alwaysOn />,
  <SelectInput key="resource" source="resource" choices={choices(RESOURCES)} alwaysOn />,
  <SelectInput key="action" source="action" choices={choices(ACTIONS)} alwaysOn />,
  <DateInput key="from" source="from" label="From" />,
  <DateInput key="to" source="to" label="To" />,
];

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** Each changed field as "field: before → after" (long text cut for the row). */
function Changes() {
  const entry = useRecordContext<AuditEntryDto>();
  const rows = Object.entries(entry?.changes ?? {});
  if (!rows.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {rows.map(([field, [before, after]]) => (
        <Typography component="li" variant="body2" key={field} sx={{ wordBreak: 'break-word' }}>
          <strong>{field}</strong>: {show(before).slice(0, 120)} → {show(after).slice(0, 120)}
        </Typography>
      ))}
    </Box>
  );
}

/** /admin/audit-log (issue #20): who did what when; read-only (no edit, no delete, no bulk action). */
export function AuditLogList() {
  // Phones get one block per entry (react-admin's SimpleList, as in its demo): six columns do not fit 390 px.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Box sx={{ maxWidth: 1280, minWidth: 0 }}>
      <PageHeader title="Audit log" subtitle="Every admin change, sign-in and export: who, when, and what changed. Kept 365 days; cannot be edited." />
      <List resource="audit-log" title={false} filters={filters} sort={{ field: 'at', order: 'DESC' }} exporter={false} component="div" perPage={50}>
        {phone ? (
          <SimpleList<AuditEntryDto>
            primaryText={(e) => `${e.action} ${e.resource}${e.resourceId ? ` #${e.resourceId}` : ''}`}
            secondaryText={(e) => `${new Date(e.at).toLocaleString()} \u00b7 ${e.actor?.email ?? '—'}`}
            linkType={false}
            sx={{ '& .MuiListItemText-root': { overflowWrap: 'anywhere', minWidth: 0 } }}
          />
        ) : (
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="at" label="When"><DateField source="at" showTime /></DataTable.Col>
          <DataTable.Col source="actor.email" label="Who" disableSort />
          <DataTable.Col source="action" disableSort />
          <DataTable.Col source="resource" disableSort />
          <DataTable.Col source="resourceId" label="Id" disableSort />
          <DataTable.Col label="Changes" disableSort><Changes /></DataTable.Col>
        </DataTable>
        )}
      </List>
    </Box>
  );
}
