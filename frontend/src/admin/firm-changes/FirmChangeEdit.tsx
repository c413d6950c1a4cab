import { Box } from '@mui/material';
import { Edit, SimpleForm, useNotify } from 'react-admin';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';
import { CHANGELOG, toPayload, ChangeInputs } from './change-inputs.js';

export function FirmChangeEdit() {
  const notify = useNotify();
  return (
    <Box sx={{ maxWidth: 800, minWidth: 0 }}>
      <PageHeader title="Edit changelog entry" back={CHANGELOG} />
      <Edit resource="firm-changes" title={false} transform={toPayload} redirect="list" mutationMode="pessimistic" mutationOptions={{ onError: (e) => notify(errorMessage(e), { type: 'error' }) }}>
        <SimpleForm warnWhenUnsavedChanges><ChangeInputs /></SimpleForm>
      </Edit>
    </Box>
  );
}
