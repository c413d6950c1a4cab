import { Box } from '@mui/material';
import { Create, SimpleForm, useNotify } from 'react-admin';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';
import { CHANGELOG, toPayload, ChangeInputs } from './change-inputs.js';

export function FirmChangeCreate() {
  const notify = useNotify();
  return (
    <Box sx={{ maxWidth: 800, minWidth: 0 }}>
      <PageHeader title="New changelog entry" back={CHANGELOG} />
      <Create resource="firm-changes" title={false} transform={toPayload} redirect="list" mutationOptions={{ onError: (e) => notify(errorMessage(e), { type: 'error' }) }}>
        <SimpleForm warnWhenUnsavedChanges><ChangeInputs /></SimpleForm>
      </Create>
    </Box>
  );
}
