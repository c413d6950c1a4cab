import { Box } from '@mui/material';
import { Create, SelectInput, SimpleForm, TextInput, email, required, useNotify, useRedirect } from 'react-admin';
import { INVITATION_HOURS, INVITABLE_ROLES, USERS_TEXT, type AdminUserDto } from '../../../../common/invitations.js';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';
import { choices, USERS, AdminsOnly } from './user-parts.js';

const toInvite = (d: { email?: string; role?: string }) => ({ email: d.email?.trim() ?? '', role: d.role });

/** Invite by email (the resource's create view): the person gets a link to choose a password (single use, 72 hours). */
export function UserCreate() {
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
