import { Box, Typography } from '@mui/material';
import { BooleanInput, Edit, SelectInput, SimpleForm, required, useNotify, useRecordContext } from 'react-admin';
import { type AdminUserDto } from '../../../../common/invitations.js';
import { USER_ROLES } from '../../../../common/enums.js';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';
import { withVersion } from '../components/versioned.js';
import { choices, USERS, AdminsOnly } from './user-parts.js';

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
