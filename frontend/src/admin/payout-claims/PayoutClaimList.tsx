import { Box, Typography } from '@mui/material';
import { BooleanInput, FunctionField, NumberInput, SelectInput, DataTable } from 'react-admin';
import { List } from '../components/live-list.js';
import type { AdminPayoutClaimDto } from '../../../../common/payout-api-types.js';
import { CLAIM_STATUSES } from '../../../../common/payouts.js';
import { PageHeader } from '../components/PageHeader.js';
import { choices } from '../payouts/payout-parts.js';

/** /admin/payout-claims: the claims board, oldest first; overdue (14 days without a decision) marked. */
export function PayoutClaimList() {
  return (
    <Box sx={{ maxWidth: 1200, minWidth: 0 }}>
      <PageHeader title="Payout claims" subtitle="Payout-guarantee claims. Claims without a decision after 14 days are flagged." />
      <List
        resource="payout-claims"
        title={false}
        filters={[
          <SelectInput key="status" source="status" choices={choices(CLAIM_STATUSES)} alwaysOn />,
          <NumberInput key="olderThanDays" source="olderThanDays" label="Older than (days)" />,
          <BooleanInput key="overdue" source="overdue" label="Overdue" />,
        ]}
        sort={{ field: 'createdAt', order: 'ASC' }}
        exporter={false}
        component="div"
        empty={<Typography sx={{ p: 2 }}>No claims yet.</Typography>}
      >
        <DataTable bulkActionButtons={false} rowClick="edit">
          <DataTable.Col source="id" />
          <DataTable.Col source="companyName" label="Firm" disableSort />
          <DataTable.Col source="amount" disableSort />
          <DataTable.Col source="status" />
          <DataTable.Col source="createdAt" label="Filed" />
          <DataTable.Col source="overdue" disableSort>
            <FunctionField render={(r: AdminPayoutClaimDto) => (r.overdue ? 'Overdue' : '')} />
          </DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}
