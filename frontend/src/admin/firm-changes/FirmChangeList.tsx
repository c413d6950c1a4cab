import { Box, useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, EditButton, ReferenceInput, SelectInput, SimpleList, TopToolbar, UrlField, type RaRecord, DataTable } from 'react-admin';
import { List } from '../components/live-list.js';
import { PageHeader } from '../components/PageHeader.js';
import { ServerExportButton } from '../components/ServerBulk.js';

const filters = [
  <ReferenceInput key="companyId" source="companyId" reference="companies" alwaysOn>
    <SelectInput optionText="name" label="Firm" />
  </ReferenceInput>,
];

/** /admin/firm-changes: the firms' changelog of rule changes (filter by firm; newest first). */
export function FirmChangeList() {
  // Phones get one block per entry (react-admin's SimpleList, as in its demo): five columns were 705 px wide.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      <PageHeader title="Firm changelog" subtitle="Rule changes of the firms, with their sources, shown on each firm's profile." />
      <List
        resource="firm-changes"
        title={false}
        filters={filters}
        sort={{ field: 'date', order: 'DESC' }}
        actions={<TopToolbar><CreateButton label="Add entry" /><ServerExportButton path="/_api/admin/firm-changes/export.csv" /></TopToolbar>}
        component="div"
      >
        {phone ? (
          <SimpleList
            primaryText={(r: RaRecord) => r.change}
            secondaryText={(r: RaRecord) => `${r.date} \u00b7 ${r.company?.name ?? ''}`}
            linkType="edit"
            sx={{ '& .MuiListItemText-root': { overflowWrap: 'break-word', minWidth: 0 } }}
          />
        ) : (
        <DataTable bulkActionButtons={false}>
          <DataTable.Col source="date" />
          <DataTable.Col source="company.name" label="Firm" disableSort />
          <DataTable.Col source="change" label="What changed" />
          <DataTable.Col source="sourceUrl" label="Source" disableSort>
            <UrlField source="sourceUrl" target="_blank" rel="noopener noreferrer" />
          </DataTable.Col>
          <DataTable.Col label="Actions" disableSort><EditButton /></DataTable.Col>
        </DataTable>
        )}
      </List>
    </Box>
  );
}
