import { Box, Chip, useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton, DataTable, DateField, EditButton, SelectInput, SimpleList,
  TextInput, TopToolbar, useRecordContext, type RaRecord
} from 'react-admin';
import { List } from '../components/live-list.js';
import { type AdminUserDto, type UserStatus } from '../../../../common/invitations.js';
import { USER_ROLES } from '../../../../common/enums.js';
import { PageHeader } from '../components/PageHeader.js';
import { choices, AdminsOnly } from './user-parts.js';

const STATUS_COLOR: Record<UserStatus, 'success' | 'warning' | 'default'> = { active: 'success', invited: 'warning', deactivated: 'default' };

const filters = [
  <TextInput key="q" source="q" label="Search by email or name" alwaysOn />,
  <SelectInput key="role" source="role" choices={choices(USER_ROLES)} alwaysOn />,
  <SelectInput key="active" source="active" label="Standing" choices={[{ id: 'true', name: 'Active' }, { id: 'false', name: 'Not active' }]} alwaysOn />,
];

function StatusChip() {
  const user = useRecordContext<AdminUserDto>();
  if (!user) return null;
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[user.status]} label={user.status} />;
}

/** /admin/users (issue #20): who can sign in to the admin, with which role; invite, change a role, deactivate. */
export function UserList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <AdminsOnly>
      <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
        <PageHeader title="Users" subtitle="Who can sign in, with which role. Invite by email; deactivating someone signs them out everywhere at once." />
        <List
          resource="users"
          title={false}
          filters={filters}
          sort={{ field: 'createdAt', order: 'DESC' }}
          actions={<TopToolbar><CreateButton label="Invite user" /></TopToolbar>}
          exporter={false}
          component="div"
        >
          {phone ? (
            <SimpleList
              primaryText={(r: RaRecord) => r.email}
              secondaryText={(r: RaRecord) => `${r.role} \u00b7 ${r.status}`}
              linkType="edit"
              sx={{ '& .MuiListItemText-root': { overflowWrap: 'anywhere', minWidth: 0 } }}
            />
          ) : (
            <DataTable bulkActionButtons={false} rowClick="edit">
              <DataTable.Col source="email" />
              <DataTable.Col source="role" />
              <DataTable.Col source="active" label="Status"><StatusChip /></DataTable.Col>
              <DataTable.Col source="lastSignInAt" label="Last sign-in"><DateField source="lastSignInAt" showTime emptyText="Never" /></DataTable.Col>
              <DataTable.Col source="createdAt" label="Created"><DateField source="createdAt" /></DataTable.Col>
              <DataTable.Col label="Actions" disableSort><EditButton /></DataTable.Col>
            </DataTable>
          )}
        </List>
      </Box>
    </AdminsOnly>
  );
}
