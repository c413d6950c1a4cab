import { Box, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanInput, Create, CreateButton, DataTable, DateField, Edit, EditButton, SelectInput, SimpleForm, SimpleList,
  TextInput, TopToolbar, email, required, useNotify, useRecordContext, useRedirect, type RaRecord,
} from 'react-admin';
import { List } from '../components/live-list.js';
import { INVITATION_HOURS, INVITABLE_ROLES, USERS_TEXT, type AdminUserDto, type UserStatus } from '../../../../common/invitations.js';
import { USER_ROLES } from '../../../../common/enums.js';
import { MSG } from '../../../../common/messages.js';
import { useAccess } from '../components/access.js';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';
import { withVersion } from '../components/versioned.js';
import { useSession } from '../../lib/session.js';

const choices = (values: readonly string[]) => values.map((id) => ({ id, name: id }));
const USERS = { to: '/admin/users', label: 'Back to Users' };
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

/**
 * The screens of users are admins' only (common/roles.ts): another role opening their URL gets Access Denied, without
 * a call the server would refuse (a 403 from a list would otherwise read as an expired session).
 */
function AdminsOnly({ children }: { children: React.ReactNode }) {
  const access = useAccess('users');
  const session = useSession();
  if (access === 'none') {
    return <PageHeader title="Access Denied" subtitle={MSG.accessDenied(session.status === 'authenticated' ? session.user.role : 'unknown')} />;
  }
  return <>{children}</>;
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

const toInvite = (d: { email?: string; role?: string }) => ({ email: d.email?.trim() ?? '', role: d.role });

/** Invite by email: the person gets a link to choose a password (single use, 72 hours). */
export function UserInvite() {
  const notify = useNotify();
  // Our own onSuccess replaces react-admin's (its notice and redirect): both are done here.
  const redirect = useRedirect();
  return (
    <AdminsOnly>
      <Box sx={{ maxWidth: 640, minWidth: 0 }}>
        <PageHeader title="Invite a user" subtitle={`They get an email with a link to choose a password; it works once, for ${INVITATION_HOURS} hours.`} back={USERS} />
        <Create
          resource="users"
          title={false}
          transform={toInvite}
          redirect="list"
          mutationOptions={{
            onSuccess: (user: AdminUserDto) => {
              notify(`Invitation sent to ${user.email}`, { type: 'success' });
              redirect('list', 'users');
            },
            onError: (e) => notify(errorMessage(e), { type: 'error' }),
          }}
        >
          <SimpleForm warnWhenUnsavedChanges defaultValues={{ role: 'editor' }}>
            <TextInput source="email" type="email" validate={[required(), email(USERS_TEXT.emailInvalid)]} fullWidth />
            <SelectInput source="role" choices={choices(INVITABLE_ROLES)} validate={required()} />
          </SimpleForm>
        </Create>
      </Box>
    </AdminsOnly>
  );
}

function UserSummary() {
  const user = useRecordContext<AdminUserDto>();
  if (!user) return null;
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>{user.email}</Typography>
      <Typography color="text.secondary" variant="body2">
        {user.status === 'invited' ? 'Invited, not accepted yet' : user.status === 'active' ? 'Active' : 'Deactivated'}
        {user.lastSignInAt ? ` \u00b7 last signed in ${new Date(user.lastSignInAt).toLocaleString()}` : ' \u00b7 never signed in'}
      </Typography>
    </Box>
  );
}

const toChange = withVersion((d: { role?: string; active?: boolean }) => ({ role: d.role, active: d.active }));

/** A role change or (de)activation; the server keeps at least one active admin (409 with the reason). */
export function UserEdit() {
  const notify = useNotify();
  return (
    <AdminsOnly>
      <Box sx={{ maxWidth: 640, minWidth: 0 }}>
        <PageHeader title="Edit user" back={USERS} />
        <Edit
          resource="users"
          title={false}
          transform={toChange}
          redirect="list"
          mutationMode="pessimistic"
          mutationOptions={{ onError: (e) => notify(errorMessage(e), { type: 'error' }) }}
        >
          <SimpleForm warnWhenUnsavedChanges>
            <UserSummary />
            <SelectInput source="role" choices={choices(USER_ROLES)} validate={required()} helperText="admin: everything · editor: posts and media · user: no admin" />
            <BooleanInput source="active" helperText="Off signs them out everywhere at once; they cannot sign in until it is on again." />
          </SimpleForm>
        </Edit>
      </Box>
    </AdminsOnly>
  );
}
